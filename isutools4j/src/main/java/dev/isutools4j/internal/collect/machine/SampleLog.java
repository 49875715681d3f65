package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The samples of one run, bounded: past {@code max} kept samples every second one is dropped and
 * from then on only every second sample is kept (then every fourth, and so on), so a long run
 * keeps an even grid at a coarser step. The mean and peak of every number are kept over all
 * samples taken, dropped ones included.
 *
 * <p>Written by the sampler's thread, read at save: synchronized. While the run is open, the kept
 * samples are also published after every add ({@link #published}): read without the lock, so a
 * page of the open run never waits on the sampler, nor the sampler on the page.
 */
final class SampleLog {

  static final int MAX = 3600;

  /**
   * The kept samples at one moment: {@code samples[0..count)}, oldest first, each also as the
   * snapshot's sample ({@code converted}, same index). The arrays' first {@code count} slots are
   * never written again: a sample is appended past them, and dropping samples makes new arrays.
   * {@code stride}: every how many samples one is kept.
   */
  record Published(Sample[] samples, MachineSection.Sample[] converted, int count, long taken,
      int stride) {

    static final Published NONE = new Published(new Sample[0], new MachineSection.Sample[0], 0, 0,
        1);

    List<Sample> kept() {
      return Arrays.asList(samples).subList(0, count);
    }

    List<MachineSection.Sample> series() {
      return Arrays.asList(converted).subList(0, count);
    }
  }

  /** Sums and peaks of one number. */
  static final class Stat {
    private double sum;
    private long count;
    private double peak = Double.NaN;

    void add(double value) {
      if (Double.isNaN(value)) {
        return;
      }
      sum += value;
      count++;
      peak = Double.isNaN(peak) ? value : Math.max(peak, value);
    }

    double mean() {
      return count == 0 ? Double.NaN : sum / count;
    }

    double peak() {
      return peak;
    }

    long count() {
      return count;
    }
  }

  private final int max;
  private final List<Sample> kept = new ArrayList<>();
  private final Stat[] metrics = new Stat[MachineMetric.ALL.size()];
  private final Map<String, Stat[]> net = new LinkedHashMap<>();
  private final Map<String, Stat[]> disks = new LinkedHashMap<>();
  private long taken;
  private int stride = 1;
  private Sample[] shared = new Sample[16];
  private MachineSection.Sample[] sharedConverted = new MachineSection.Sample[16];
  private int sharedCount;
  private volatile Published published = Published.NONE;

  SampleLog(int max) {
    this.max = Math.max(max, 2);
    for (int i = 0; i < metrics.length; i++) {
      metrics[i] = new Stat();
    }
  }

  synchronized void add(Sample sample) {
    for (MachineMetric m : MachineMetric.ALL) {
      metrics[m.ordinal()].add(sample.get(m));
    }
    accumulate(net, sample.net);
    accumulate(disks, sample.disks);
    if (taken++ % stride != 0) {
      publish();
      return;
    }
    if (kept.size() == max) {
      for (int i = 0; i < kept.size() / 2; i++) {
        kept.set(i, kept.get(2 * i));
      }
      kept.subList(kept.size() / 2, kept.size()).clear();
      stride *= 2;
      halveShared();
      if ((taken - 1) % stride != 0) {
        publish();
        return;
      }
    }
    kept.add(sample);
    if (sharedCount == shared.length) {
      shared = Arrays.copyOf(shared, shared.length * 2);
      sharedConverted = Arrays.copyOf(sharedConverted, sharedConverted.length * 2);
    }
    shared[sharedCount] = sample;
    sharedConverted[sharedCount] = SamplesToMachine.sample(sample);
    sharedCount++;
    publish();
  }

  /** The kept samples as they stood after the last add; never waits for the lock. */
  Published published() {
    return published;
  }

  private void publish() {
    published = new Published(shared, sharedConverted, sharedCount, taken, stride);
  }

  /** Keeps every second published sample, in new arrays: readers may hold the old ones. */
  private void halveShared() {
    Sample[] samples = new Sample[shared.length];
    MachineSection.Sample[] converted = new MachineSection.Sample[shared.length];
    int n = sharedCount / 2; // as the kept list does
    for (int i = 0; i < n; i++) {
      samples[i] = shared[2 * i];
      converted[i] = sharedConverted[2 * i];
    }
    shared = samples;
    sharedConverted = converted;
    sharedCount = n;
  }

  synchronized List<Sample> kept() {
    return new ArrayList<>(kept);
  }

  synchronized long taken() {
    return taken;
  }

  synchronized int stride() {
    return stride;
  }

  synchronized Stat stat(MachineMetric metric) {
    return metrics[metric.ordinal()];
  }

  /** Interface name to its {in, out} stats. */
  synchronized Map<String, Stat[]> net() {
    return new LinkedHashMap<>(net);
  }

  /** Disk name to its {read, write, util} stats. */
  synchronized Map<String, Stat[]> disks() {
    return new LinkedHashMap<>(disks);
  }

  private static void accumulate(Map<String, Stat[]> into, Map<String, double[]> values) {
    for (Map.Entry<String, double[]> e : values.entrySet()) {
      double[] v = e.getValue();
      Stat[] stats = into.computeIfAbsent(e.getKey(), k -> {
        Stat[] fresh = new Stat[v.length];
        for (int i = 0; i < fresh.length; i++) {
          fresh[i] = new Stat();
        }
        return fresh;
      });
      for (int i = 0; i < Math.min(v.length, stats.length); i++) {
        stats[i].add(v[i]);
      }
    }
  }
}
