package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.DiskRates;
import dev.isutools4j.internal.snapshot.MachineSection.DiskSummary;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.NetRates;
import dev.isutools4j.internal.snapshot.MachineSection.NetSummary;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessSample;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import dev.isutools4j.internal.snapshot.MachineSectionJson;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a run's samples into the snapshot's {@code machine} section, its numbers at the document's
 * precision ({@link MachineSectionJson#round}), so that the run shows the same numbers before and
 * after it is saved. Interfaces and disks that moved no byte in a sample are left out of it (the
 * summary lists them all).
 */
final class SamplesToMachine {

  private SamplesToMachine() {}

  static MachineSection build(SampleLog log, int intervalMs, List<Processes.Total> processes,
      List<Flag> flags, Limits limits, String error) {
    List<MachineSection.Sample> series = new ArrayList<>();
    for (Sample s : log.kept()) {
      series.add(sample(s));
    }
    return new MachineSection(true, null, error, summary(log, intervalMs, processes), series, flags,
        limits);
  }

  /**
   * The open run's section so far, from the samples the log published: the series, the mean and
   * peak over the kept samples (each interface and disk, and the processes' totals, at save), the
   * flags of the samples so far and the limits as of the last tick.
   */
  static MachineSection live(SampleLog.Published published, int intervalMs, Integer linkMbps, Limits limits, String error) {
    Map<MachineMetric, MeanPeak> metrics = new EnumMap<>(MachineMetric.class);
    for (MachineMetric m : MachineMetric.ALL) {
      SampleLog.Stat stat = new SampleLog.Stat();
      for (Sample s : published.kept()) {
        stat.add(s.get(m));
      }
      if (stat.count() > 0) {
        metrics.put(m, meanPeak(stat));
      }
    }
    Summary summary = new Summary(published.taken(), intervalMs, published.stride(), metrics, Map.of(),
        Map.of(), List.of());
    List<Flag> flags = Flags.of(new Flags.Run(published.kept(), List.of(), linkMbps));
    return new MachineSection(true, null, error, summary, published.series(), flags, limits);
  }

  private static Summary summary(SampleLog log, int intervalMs, List<Processes.Total> processes) {
    Map<MachineMetric, MeanPeak> metrics = new EnumMap<>(MachineMetric.class);
    for (MachineMetric m : MachineMetric.ALL) {
      SampleLog.Stat stat = log.stat(m);
      if (stat.count() > 0) {
        metrics.put(m, meanPeak(stat));
      }
    }
    Map<String, NetSummary> net = new LinkedHashMap<>();
    log.net().forEach((name, s) -> net.put(name, new NetSummary(part(s, 0), part(s, 1))));
    Map<String, DiskSummary> disks = new LinkedHashMap<>();
    log.disks().forEach((name, s) -> disks.put(name,
        new DiskSummary(part(s, 0), part(s, 1), part(s, 2))));
    List<ProcessTotal> rows = new ArrayList<>();
    for (Processes.Total p : processes) {
      rows.add(new ProcessTotal(p.pid(), p.name(), round(p.meanCpuPct()), round(p.peakCpuPct()),
          p.peakRssBytes(), p.self()));
    }
    return new Summary(log.taken(), intervalMs, log.stride(), metrics, net, disks, rows);
  }

  /** The stat at {@code index}; null when the interface or disk has fewer. */
  private static MeanPeak part(SampleLog.Stat[] stats, int index) {
    return index < stats.length ? meanPeak(stats[index]) : null;
  }

  private static MeanPeak meanPeak(SampleLog.Stat stat) {
    return new MeanPeak(round(stat.mean()), round(stat.peak()));
  }

  static MachineSection.Sample sample(Sample s) {
    double[] values = MachineSection.Sample.noValues();
    for (MachineMetric m : MachineMetric.ALL) {
      values[m.ordinal()] = round(s.get(m));
    }
    Map<String, NetRates> net = new LinkedHashMap<>();
    s.net.forEach((name, v) -> {
      if (!idle(v)) {
        net.put(name, new NetRates(part(v, 0), part(v, 1)));
      }
    });
    Map<String, DiskRates> disks = new LinkedHashMap<>();
    s.disks.forEach((name, v) -> {
      if (!idle(v)) {
        disks.put(name, new DiskRates(part(v, 0), part(v, 1), part(v, 2)));
      }
    });
    List<ProcessSample> rows = new ArrayList<>(s.processes.size());
    for (Processes.Row p : s.processes) {
      rows.add(new ProcessSample(p.pid(), p.name(), round(p.cpuPct()), p.rssBytes()));
    }
    return new MachineSection.Sample(s.t, values, net, disks, rows);
  }

  /** The value at {@code index}, rounded; NaN when there are fewer. */
  private static double part(double[] values, int index) {
    return index < values.length ? round(values[index]) : Double.NaN;
  }

  private static boolean idle(double[] values) {
    for (double v : values) {
      if (v > 0) {
        return false;
      }
    }
    return true;
  }

  /** At the document's precision; NaN and infinities stay (they are left out when written). */
  private static double round(double value) {
    return Double.isFinite(value) ? MachineSectionJson.round(value) : value;
  }
}
