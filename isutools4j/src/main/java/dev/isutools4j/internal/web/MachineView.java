package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.Pool;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import java.util.List;
import java.util.Map;

/**
 * The run page's machine part, from the snapshot's {@code machine} section: the flags first, what
 * limits the machine, the time charts, then the mean and peak of every number and the processes
 * that used most CPU.
 */
final class MachineView {


  private MachineView() {}

  static void write(StringBuilder out, MachineSection machine) {
    out.append("<h2 id=\"h-machine\">Machine</h2>");
    if (!machine.supported()) {
      out.append("<p class=\"muted\">not sampled: ");
      Html.escape(out, machine.reason()).append("</p>");
      return;
    }
    flags(out, machine);
    Limits limits = machine.limits();
    limits(out, limits);
    Pool pool = limits.pool();
    MachineCharts.write(out, machine.series(), pool == null ? null : pool.note());
    Summary summary = machine.summary();
    out.append("<h3>Mean and peak <span class=\"muted\">(")
        .append(Units.count(summary.samples())).append(" samples every ")
        .append(Units.ms(summary.intervalMs())).append(")</span></h3>");
    summaryTable(out, summary);
    out.append("<h3>Processes by CPU over the run</h3>");
    processTable(out, summary.processes());
  }

  private static void flags(StringBuilder out, MachineSection machine) {
    List<Flag> flags = machine.flags();
    String error = machine.error();
    if (flags.isEmpty() && error == null) {
      out.append("<p class=\"muted\">no flags: nothing in this run's samples stands out</p>");
      return;
    }
    out.append("<ul class=\"flags\">");
    if (error != null) {
      out.append("<li class=\"error\">machine sampler: ");
      Html.escape(out, error).append("</li>");
    }
    for (Flag flag : flags) {
      out.append("<li data-flag=\"");
      Html.escape(out, flag.id()).append("\">");
      Html.escape(out, flag.message()).append("</li>");
    }
    out.append("</ul>");
  }

  private static void limits(StringBuilder out, Limits limits) {
    StringBuilder line = new StringBuilder(256);
    line.append(limits.cpus()).append(" CPUs");
    Long memory = limits.memTotalBytes();
    if (memory != null) {
      line.append(", ").append(Units.bytes(memory)).append(" memory");
    }
    line.append(" · cgroup ").append(limits.cgroup()).append(": CPU quota ");
    Double quota = limits.cpuQuotaCores();
    line.append(quota != null ? MachineUnit.number(quota) + " CPUs" : "none");
    Long memoryLimit = limits.memoryLimitBytes();
    line.append(", memory limit ").append(memoryLimit == null ? "none" : Units.bytes(memoryLimit));
    Long files = limits.openFilesMax();
    line.append(" · open files limit ").append(files == null ? "none" : Units.count(files));
    Integer link = limits.linkMbps();
    if (link != null) {
      line.append(" · link ").append(Units.count(link)).append(" Mbit/s");
    }
    Pool pool = limits.pool();
    if (pool != null && pool.note() == null) {
      line.append(" · pools ").append(String.join(", ", pool.names()));
    }
    note(line, "gcMaxPause", limits.gcMaxPause());
    note(line, "processesTruncated", limits.processesTruncated());
    out.append("<p class=\"limits\">");
    Html.escape(out, line.toString()).append("</p>");
  }

  private static void note(StringBuilder line, String name, String note) {
    if (note != null) {
      line.append(" · ").append(name).append(": ").append(note);
    }
  }

  private static void summaryTable(StringBuilder out, Summary summary) {
    Table table = new Table(out, "machine-summary").left("").right("mean").right("peak").begin();
    for (MachineMetrics.SummaryRow m : MachineMetrics.SUMMARY) {
      MeanPeak stat = summary.stat(m.metric());
      if (stat != null && !Double.isNaN(stat.mean())) {
        row(table, m.label(), m.unit(), stat);
      }
    }
    for (Map.Entry<String, MachineSection.NetSummary> e : summary.net().entrySet()) {
      named(table, "network " + e.getKey(), new String[] {" in", " out"},
          new MachineUnit[] {MachineUnit.BYTES_RATE, MachineUnit.BYTES_RATE},
          e.getValue().inBytesPerSec(), e.getValue().outBytesPerSec());
    }
    for (Map.Entry<String, MachineSection.DiskSummary> e : summary.disks().entrySet()) {
      MachineSection.DiskSummary disk = e.getValue();
      named(table, "disk " + e.getKey(), new String[] {" read", " write", " busy"},
          new MachineUnit[] {MachineUnit.BYTES_RATE, MachineUnit.BYTES_RATE, MachineUnit.PERCENT},
          disk.readBytesPerSec(), disk.writeBytesPerSec(), disk.utilPct());
    }
    table.end();
  }

  /** The rows of one interface or disk: those of its stats with a peak. */
  private static void named(Table table, String prefix, String[] suffixes, MachineUnit[] units,
      MeanPeak... stats) {
    for (int i = 0; i < stats.length; i++) {
      if (stats[i] != null && !Double.isNaN(stats[i].peak())) {
        row(table, prefix + suffixes[i], units[i], stats[i]);
      }
    }
  }

  private static void row(Table table, String label, MachineUnit unit, MeanPeak stat) {
    double mean = orZero(stat.mean());
    double peak = orZero(stat.peak());
    table.row().cell(label, label).cell(mean, unit.format(mean)).cell(peak, unit.format(peak))
        .endRow();
  }

  private static void processTable(StringBuilder out, List<ProcessTotal> processes) {
    Table table = new Table(out, "machine-processes").left("process").right("pid")
        .column("mean CPU", Table.Align.RIGHT, "percent of one core: 200 % is two cores busy")
        .right("peak CPU").right("peak RSS").sortedBy(2, true).begin();
    for (ProcessTotal p : processes) {
      String name = p.name() + (p.self() ? " (this JVM)" : "");
      double peakPct = orZero(p.peakCpuPct());
      table.row().cell(name, name).cell(p.pid(), Long.toString(p.pid()))
          .cell(p.meanCpuPct(), MachineUnit.PERCENT.format(p.meanCpuPct()))
          .cell(peakPct, MachineUnit.PERCENT.format(peakPct))
          .cell(p.peakRssBytes(), Units.bytes(p.peakRssBytes()))
          .endRow();
    }
    table.end();
  }

  /** A number the document left out shows as 0, as it always has. */
  private static double orZero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }
}
