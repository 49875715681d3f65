package dev.isutools4j.internal.snapshot;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code machine} section (docs/SNAPSHOT.md): the machine, its busiest processes, this JVM and
 * the app, sampled every interval from reset to save. A number that was not measured is NaN, and
 * left out of the document.
 *
 * @param supported false on a machine without {@code /proc/stat}; then only {@code reason} is set
 * @param reason why the machine was not sampled; null when supported
 * @param error why sampling stopped early or never started (the samples so far are kept); null
 *     when it ran to the end
 * @param summary every number's mean and peak over all samples taken; null when not supported
 * @param series the kept samples, oldest first
 * @param limits what bounds the machine and this JVM; null when not supported
 */
public record MachineSection(boolean supported, String reason, String error, Summary summary,
    List<Sample> series, List<Flag> flags, Limits limits) implements Section {

  public MachineSection {
    series = List.copyOf(series);
    flags = List.copyOf(flags);
  }

  /** The section of a machine that could not be sampled. */
  public static MachineSection unsupported(String reason) {
    return new MachineSection(false, reason, null, null, List.of(), List.of(), null);
  }

  /**
   * The run's numbers over all samples taken, dropped ones included.
   *
   * @param samples how many samples were taken
   * @param keptEvery 1, or 2, 4, … once the run passed the series' bound
   * @param metrics each metric measured in some sample (the others are absent)
   * @param net by interface
   * @param disks by disk
   * @param processes most CPU over the run first, this JVM and the watched ones always
   */
  public record Summary(long samples, int intervalMs, int keptEvery,
      Map<MachineMetric, MeanPeak> metrics, Map<String, NetSummary> net,
      Map<String, DiskSummary> disks, List<ProcessTotal> processes) {

    public Summary {
      EnumMap<MachineMetric, MeanPeak> byMetric = new EnumMap<>(MachineMetric.class);
      byMetric.putAll(metrics);
      metrics = Collections.unmodifiableMap(byMetric);
      net = Collections.unmodifiableMap(new LinkedHashMap<>(net));
      disks = Collections.unmodifiableMap(new LinkedHashMap<>(disks));
      processes = List.copyOf(processes);
    }

    /** The metric's mean and peak; null when no sample measured it. */
    public MeanPeak stat(MachineMetric metric) {
      return metrics.get(metric);
    }
  }

  /** A number's mean and peak; NaN when not known. */
  public record MeanPeak(double mean, double peak) {}

  /** One interface over the run; a null part is absent from the document. */
  public record NetSummary(MeanPeak inBytesPerSec, MeanPeak outBytesPerSec) {}

  /** One disk over the run; a null part is absent from the document. */
  public record DiskSummary(MeanPeak readBytesPerSec, MeanPeak writeBytesPerSec,
      MeanPeak utilPct) {}

  /** One process over the run; CPU in percent of one core, NaN when not measured. */
  public record ProcessTotal(long pid, String name, double meanCpuPct, double peakCpuPct,
      long peakRssBytes, boolean self) {}

  /**
   * One kept sample.
   *
   * @param t epoch milliseconds
   * @param values by {@link MachineMetric} ordinal, NaN where not measured (read them with
   *     {@link #value})
   * @param net the interfaces that moved bytes in this sample
   * @param disks the disks that moved bytes in this sample
   * @param processes the top ones by CPU in this sample, this JVM and the watched ones
   */
  public record Sample(long t, double[] values, Map<String, NetRates> net,
      Map<String, DiskRates> disks, List<ProcessSample> processes) {

    public Sample {
      if (values.length != MachineMetric.ALL.size()) {
        throw new IllegalArgumentException("one value per metric: " + values.length);
      }
      values = values.clone();
      net = Collections.unmodifiableMap(new LinkedHashMap<>(net));
      disks = Collections.unmodifiableMap(new LinkedHashMap<>(disks));
      processes = List.copyOf(processes);
    }

    /** Every metric NaN: a sample's values before any is measured. */
    public static double[] noValues() {
      double[] values = new double[MachineMetric.ALL.size()];
      Arrays.fill(values, Double.NaN);
      return values;
    }

    @Override
    public double[] values() {
      return values.clone();
    }

    /** The metric's value; NaN when not measured. */
    public double value(MachineMetric metric) {
      return values[metric.ordinal()];
    }

    /** Whether the metric was measured in this sample. */
    public boolean has(MachineMetric metric) {
      return !Double.isNaN(values[metric.ordinal()]);
    }

    /** The metric's value without its fraction; 0 when not measured. */
    public long whole(MachineMetric metric) {
      double value = values[metric.ordinal()];
      return Double.isNaN(value) ? 0 : (long) value;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Sample s && t == s.t && Arrays.equals(values, s.values)
          && net.equals(s.net) && disks.equals(s.disks) && processes.equals(s.processes);
    }

    @Override
    public int hashCode() {
      return 31 * Long.hashCode(t) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
      return "Sample[t=" + t + ", values=" + Arrays.toString(values) + ", net=" + net + ", disks="
          + disks + ", processes=" + processes + "]";
    }
  }

  /** One interface in one sample, bytes per second; NaN when not measured. */
  public record NetRates(double inBytesPerSec, double outBytesPerSec) {}

  /** One disk in one sample, bytes per second and percent busy; NaN when not measured. */
  public record DiskRates(double readBytesPerSec, double writeBytesPerSec, double utilPct) {}

  /** One process in one sample; CPU in percent of one core, NaN when not measured. */
  public record ProcessSample(long pid, String name, double cpuPct, long rssBytes) {}

  /** One plain-language finding: a stable id and what to tell the user. */
  public record Flag(String id, String message) {}

  /**
   * What bounds the machine and this JVM. {@link #UNKNOWN} (written as an empty object) when the
   * sampler did not start or did not stop in time.
   *
   * @param cgroup {@code "v1"}, {@code "v2"} or {@code "none"}
   * @param cpuQuotaCores null: no quota
   * @param memoryLimitBytes null: no limit
   * @param openFilesMax this JVM's soft limit
   * @param linkMbps as configured ({@code isutools.link.mbps}), or null
   * @param tcpCounts where the TCP counts came from: {@code "snmp"}, {@code "tcp"} or
   *     {@code "tcp, cut"}; null when never read
   * @param gcMaxPause how the longest pauses were estimated without GC notifications; else null
   * @param processesTruncated why some processes were not read; else null
   */
  public record Limits(int cpus, Long memTotalBytes, String cgroup, Double cpuQuotaCores,
      Long memoryLimitBytes, Long openFilesMax, Integer linkMbps, String tcpCounts, Pool pool,
      String gcMaxPause, String processesTruncated) {

    /** Nothing known. */
    public static final Limits UNKNOWN =
        new Limits(0, null, null, null, null, null, null, null, null, null, null);

    /** Whether anything is known, that is this is not {@link #UNKNOWN}. */
    public boolean known() {
      return !equals(UNKNOWN);
    }
  }

  /**
   * The connection pools seen during the run: in the document either the note saying why none
   * was visible, or their names.
   *
   * @param note null when pools were seen
   * @param names such as {@code "HikariPool-1"}; empty when a note says why there are none
   */
  public record Pool(String note, List<String> names) {

    public Pool {
      names = List.copyOf(names);
    }

    public static Pool notVisible(String note) {
      return new Pool(note, List.of());
    }

    public static Pool named(List<String> names) {
      return new Pool(null, names);
    }
  }
}
