package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's machine summary as the diff compares it: every mean and peak by a path such as
 * {@code cpuBusyPct.mean} or {@code net.eth0.inBytesPerSec.peak}; empty without a machine summary.
 */
final class MachineSummaryValues {

  private MachineSummaryValues() {}

  static Map<String, Object> of(Snapshot run) {
    Map<String, Object> out = new LinkedHashMap<>();
    Summary summary = run.section(MachineSection.class).map(MachineSection::summary).orElse(null);
    if (summary == null) {
      return out;
    }
    summary.metrics().forEach((metric, stat) -> put(out, metric.key(), stat));
    summary.net().forEach((name, net) -> {
      put(out, "net." + name + ".inBytesPerSec", net.inBytesPerSec());
      put(out, "net." + name + ".outBytesPerSec", net.outBytesPerSec());
    });
    summary.disks().forEach((name, disk) -> {
      put(out, "disks." + name + ".readBytesPerSec", disk.readBytesPerSec());
      put(out, "disks." + name + ".writeBytesPerSec", disk.writeBytesPerSec());
      put(out, "disks." + name + ".utilPct", disk.utilPct());
    });
    return out;
  }

  private static void put(Map<String, Object> out, String path, MeanPeak stat) {
    if (stat == null) {
      return;
    }
    if (!Double.isNaN(stat.mean())) {
      out.put(path + ".mean", stat.mean());
    }
    if (!Double.isNaN(stat.peak())) {
      out.put(path + ".peak", stat.peak());
    }
  }
}
