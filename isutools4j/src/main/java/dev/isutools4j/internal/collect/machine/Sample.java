package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one tick of the sampler saw: the {@link MachineMetric}s, the rates per interface and per
 * disk, and the processes kept. Filled by the probes on the sampler's thread, read after it
 * stopped.
 */
final class Sample {

  /** Epoch milliseconds. */
  final long t;
  private final double[] values = new double[MachineMetric.ALL.size()];
  /** Interface name to {in, out} bytes per second. */
  final Map<String, double[]> net = new LinkedHashMap<>();
  /** Disk name to {read, write} bytes per second and utilisation %. */
  final Map<String, double[]> disks = new LinkedHashMap<>();
  List<Processes.Row> processes = List.of();

  Sample(long t) {
    this.t = t;
    Arrays.fill(values, Double.NaN);
  }

  double get(MachineMetric metric) {
    return values[metric.ordinal()];
  }

  Sample set(MachineMetric metric, double value) {
    values[metric.ordinal()] = value;
    return this;
  }

  boolean has(MachineMetric metric) {
    return !Double.isNaN(values[metric.ordinal()]);
  }
}
