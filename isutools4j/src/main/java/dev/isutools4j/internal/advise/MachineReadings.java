package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;

/**
 * One metric over the run's machine samples, as evidence for a rule: its peak or its mean, or
 * null when no sample measured it (no machine section, or a metric this machine does not give).
 */
final class MachineReadings {

  private MachineReadings() {}

  /** The largest value the run's samples measured, without its fraction; or null. */
  static Long peak(AdvisorInput in, MachineMetric metric) {
    MachineSection machine = in.machine();
    if (machine == null) {
      return null;
    }
    long peak = -1;
    for (MachineSection.Sample s : machine.series()) {
      if (s.has(metric)) {
        peak = Math.max(peak, s.whole(metric));
      }
    }
    return peak < 0 ? null : peak;
  }

  /** The mean of the values the run's samples measured; or null. */
  static Double mean(AdvisorInput in, MachineMetric metric) {
    MachineSection machine = in.machine();
    if (machine == null) {
      return null;
    }
    double sum = 0;
    int n = 0;
    for (MachineSection.Sample s : machine.series()) {
      if (s.has(metric)) {
        sum += s.value(metric);
        n++;
      }
    }
    return n == 0 ? null : sum / n;
  }
}
