package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;
import java.util.Map;

/**
 * The run page's machine part, from the snapshot's {@code machine} section: the flags first, what
 * limits the machine, the time charts, then the mean and peak of every number and the processes
 * that used most CPU.
 */
final class MachineView {

  static final String SECTION = "machine";

  private MachineView() {}

  static void write(StringBuilder out, Object section) {
    Fields machine = Fields.of(section);
    out.append("<h2 id=\"h-machine\">Machine</h2>");
    if (Boolean.FALSE.equals(machine.boolOrNull("supported"))) {
      out.append("<p class=\"muted\">not sampled: ");
      Html.escape(out, machine.string("reason")).append("</p>");
      return;
    }
    flags(out, machine);
    Fields limits = Fields.of(machine.raw("limits"));
    limits(out, limits);
    Object pool = limits.raw("pool");
    MachineCharts.write(out, machine.fieldsList("series"), pool instanceof String s ? s : null);
    Fields summary = Fields.of(machine.raw("summary"));
    out.append("<h3>Mean and peak <span class=\"muted\">(")
        .append(Units.count(summary.longValue("samples"))).append(" samples every ")
        .append(Units.ms(summary.doubleValue("intervalMs"))).append(")</span></h3>");
    summaryTable(out, summary);
    out.append("<h3>Processes by CPU over the run</h3>");
    processTable(out, summary.fieldsList("processes"));
  }

  private static void flags(StringBuilder out, Fields machine) {
    List<Fields> flags = machine.fieldsList("flags");
    String error = machine.string("error");
    if (flags.isEmpty() && error == null) {
      out.append("<p class=\"muted\">no flags: nothing in this run's samples stands out</p>");
      return;
    }
    out.append("<ul class=\"flags\">");
    if (error != null) {
      out.append("<li class=\"error\">machine sampler: ");
      Html.escape(out, error).append("</li>");
    }
    for (Fields flag : flags) {
      out.append("<li data-flag=\"");
      Html.escape(out, flag.string("id")).append("\">");
      Html.escape(out, flag.string("message")).append("</li>");
    }
    out.append("</ul>");
  }

  private static void limits(StringBuilder out, Fields limits) {
    StringBuilder line = new StringBuilder(256);
    line.append(limits.longValue("cpus")).append(" CPUs");
    Long memory = limits.longOrNull("memTotalBytes");
    if (memory != null) {
      line.append(", ").append(Units.bytes(memory)).append(" memory");
    }
    line.append(" · cgroup ").append(limits.string("cgroup")).append(": CPU quota ");
    Object quota = limits.raw("cpuQuotaCores");
    line.append(quota instanceof Number q ? MachineUnit.number(q.doubleValue()) + " CPUs" : "none");
    Long memoryLimit = limits.longOrNull("memoryLimitBytes");
    line.append(", memory limit ").append(memoryLimit == null ? "none" : Units.bytes(memoryLimit));
    Long files = limits.longOrNull("openFilesMax");
    line.append(" · open files limit ").append(files == null ? "none" : Units.count(files));
    Long link = limits.longOrNull("linkMbps");
    if (link != null) {
      line.append(" · link ").append(Units.count(link)).append(" Mbit/s");
    }
    Object pool = limits.raw("pool");
    if (pool instanceof List<?> names) {
      line.append(" · pools ").append(String.join(", ", names.stream().map(String::valueOf).toList()));
    }
    for (String note : new String[] {"gcMaxPause", "processesTruncated"}) {
      if (limits.string(note) != null) {
        line.append(" · ").append(note).append(": ").append(limits.string(note));
      }
    }
    out.append("<p class=\"limits\">");
    Html.escape(out, line.toString()).append("</p>");
  }

  private static void summaryTable(StringBuilder out, Fields summary) {
    Table table = new Table(out, "machine-summary").left("").right("mean").right("peak").begin();
    for (MachineMetrics.Metric m : MachineMetrics.SUMMARY) {
      Fields stat = Fields.of(summary.raw(m.key()));
      if (stat.raw("mean") instanceof Number) {
        row(table, m.label(), m.unit(), stat);
      }
    }
    named(table, summary.raw("net"), "network ", new String[] {"inBytesPerSec", "outBytesPerSec"},
        new String[] {" in", " out"}, new MachineUnit[] {MachineUnit.BYTES_RATE, MachineUnit.BYTES_RATE});
    named(table, summary.raw("disks"), "disk ",
        new String[] {"readBytesPerSec", "writeBytesPerSec", "utilPct"},
        new String[] {" read", " write", " busy"},
        new MachineUnit[] {MachineUnit.BYTES_RATE, MachineUnit.BYTES_RATE, MachineUnit.PERCENT});
    table.end();
  }

  private static void named(Table table, Object byName, String prefix, String[] keys,
      String[] suffixes, MachineUnit[] units) {
    if (!(byName instanceof Map<?, ?> map)) {
      return;
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Fields entry = Fields.of(e.getValue());
      for (int i = 0; i < keys.length; i++) {
        Fields stat = Fields.of(entry.raw(keys[i]));
        if (stat.raw("peak") instanceof Number) {
          row(table, prefix + e.getKey() + suffixes[i], units[i], stat);
        }
      }
    }
  }

  private static void row(Table table, String label, MachineUnit unit, Fields stat) {
    double mean = stat.doubleValue("mean");
    double peak = stat.doubleValue("peak");
    table.row().cell(label, label).cell(mean, unit.format(mean)).cell(peak, unit.format(peak))
        .endRow();
  }

  private static void processTable(StringBuilder out, List<Fields> processes) {
    Table table = new Table(out, "machine-processes").left("process").right("pid")
        .column("mean CPU", Table.Align.RIGHT, "percent of one core: 200 % is two cores busy")
        .right("peak CPU").right("peak RSS").sortedBy(2, true).begin();
    for (Fields p : processes) {
      String name = p.string("name") + (Boolean.TRUE.equals(p.boolOrNull("self")) ? " (this JVM)" : "");
      Object mean = p.raw("meanCpuPct");
      double meanPct = mean instanceof Number n ? n.doubleValue() : Double.NaN;
      table.row().cell(name, name).cell(p.longValue("pid"), Long.toString(p.longValue("pid")))
          .cell(meanPct, MachineUnit.PERCENT.format(meanPct))
          .cell(p.doubleValue("peakCpuPct"), MachineUnit.PERCENT.format(p.doubleValue("peakCpuPct")))
          .cell(p.longValue("peakRssBytes"), Units.bytes(p.longValue("peakRssBytes")))
          .endRow();
    }
    table.end();
  }
}
