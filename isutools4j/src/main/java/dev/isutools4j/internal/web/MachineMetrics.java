package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.List;

/**
 * The labels and units of the machine section's numbers, and how they are grouped into the run
 * page's charts.
 */
final class MachineMetrics {

  /** One row of the mean-and-peak table. */
  record SummaryRow(MachineMetric metric, String label, MachineUnit unit) {}

  /** One line of a chart, in the chart's unit. */
  record Line(MachineMetric metric, String label) {}

  /** One chart: its lines share the unit; {@code max} fixes the y axis (NaN: from the data). */
  record Chart(String id, String title, MachineUnit unit, double max, List<Line> lines) {}

  static final List<SummaryRow> SUMMARY = List.of(
      new SummaryRow(MachineMetric.CPU_BUSY, "CPU busy (100 − idle)", MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.CPU_USER, "CPU user", MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.CPU_SYSTEM, "CPU system (irq, softirq included)",
          MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.CPU_IOWAIT, "CPU iowait", MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.CPU_STEAL, "CPU steal", MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.LOAD1, "load average, 1 min", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.CONTEXT_SWITCHES, "context switches", MachineUnit.RATE),
      new SummaryRow(MachineMetric.INTERRUPTS, "interrupts", MachineUnit.RATE),
      new SummaryRow(MachineMetric.REQUESTS, "requests", MachineUnit.RATE),
      new SummaryRow(MachineMetric.P95, "p95 latency of each second", MachineUnit.MS),
      new SummaryRow(MachineMetric.ERRORS_5XX, "5xx responses", MachineUnit.RATE),
      new SummaryRow(MachineMetric.SQL, "SQL statements", MachineUnit.RATE),
      new SummaryRow(MachineMetric.SQL_TIME, "SQL time", MachineUnit.MS_RATE),
      new SummaryRow(MachineMetric.MEM_USED, "memory used (total − available)", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.MEM_AVAILABLE, "memory available", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.MEM_CACHED, "page cache", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.MEM_DIRTY, "dirty pages", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.SWAP_USED, "swap used", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.NET_IN, "network in (without loopback)", MachineUnit.BYTES_RATE),
      new SummaryRow(MachineMetric.NET_OUT, "network out (without loopback)",
          MachineUnit.BYTES_RATE),
      new SummaryRow(MachineMetric.LOOPBACK, "loopback", MachineUnit.BYTES_RATE),
      new SummaryRow(MachineMetric.DISK_READ, "disk read", MachineUnit.BYTES_RATE),
      new SummaryRow(MachineMetric.DISK_WRITE, "disk write", MachineUnit.BYTES_RATE),
      new SummaryRow(MachineMetric.DISK_UTIL, "disk busy (the busiest disk)", MachineUnit.PERCENT),
      new SummaryRow(MachineMetric.TCP_ESTABLISHED, "TCP established", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.TCP_TIME_WAIT, "TCP time-wait", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.HEAP_USED, "heap used", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.HEAP_COMMITTED, "heap committed", MachineUnit.BYTES),
      new SummaryRow(MachineMetric.GC_COUNT, "GC collections", MachineUnit.RATE),
      new SummaryRow(MachineMetric.GC_TIME, "GC time", MachineUnit.MS_RATE),
      new SummaryRow(MachineMetric.GC_MAX_PAUSE, "longest GC pause", MachineUnit.MS),
      new SummaryRow(MachineMetric.THREADS, "JVM threads", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.OPEN_FILES, "JVM open files", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.POOL_ACTIVE, "pool: active connections", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.POOL_IDLE, "pool: idle connections", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.POOL_WAITING, "pool: threads waiting", MachineUnit.COUNT),
      new SummaryRow(MachineMetric.POOL_TOTAL, "pool: connections", MachineUnit.COUNT));

  static final List<Chart> CHARTS = List.of(
      chart("cpu", "CPU %", MachineUnit.PERCENT, 100,
          line(MachineMetric.CPU_BUSY, "busy"), line(MachineMetric.CPU_USER, "user"),
          line(MachineMetric.CPU_SYSTEM, "system"), line(MachineMetric.CPU_IOWAIT, "iowait"),
          line(MachineMetric.CPU_STEAL, "steal")),
      chart("requests", "requests/s", MachineUnit.RATE, Double.NaN,
          line(MachineMetric.REQUESTS, "requests"), line(MachineMetric.ERRORS_5XX, "5xx")),
      chart("p95", "p95 latency", MachineUnit.MS, Double.NaN,
          line(MachineMetric.P95, "p95")),
      chart("sql", "SQL statements/s", MachineUnit.RATE, Double.NaN,
          line(MachineMetric.SQL, "statements")),
      chart("sql-time", "SQL time per second", MachineUnit.MS_RATE, Double.NaN,
          line(MachineMetric.SQL_TIME, "SQL time")),
      chart("memory", "memory", MachineUnit.BYTES, Double.NaN,
          line(MachineMetric.MEM_USED, "used"), line(MachineMetric.MEM_CACHED, "page cache"),
          line(MachineMetric.SWAP_USED, "swap"), line(MachineMetric.HEAP_USED, "heap used"),
          line(MachineMetric.HEAP_COMMITTED, "heap committed")),
      chart("network", "network", MachineUnit.BYTES_RATE, Double.NaN,
          line(MachineMetric.NET_IN, "in"), line(MachineMetric.NET_OUT, "out"),
          line(MachineMetric.LOOPBACK, "loopback")),
      chart("disk", "disk", MachineUnit.BYTES_RATE, Double.NaN,
          line(MachineMetric.DISK_READ, "read"), line(MachineMetric.DISK_WRITE, "write")),
      chart("gc", "GC", MachineUnit.MS, Double.NaN,
          line(MachineMetric.GC_TIME, "time per s"),
          line(MachineMetric.GC_MAX_PAUSE, "longest pause")),
      chart("pool", "connection pool", MachineUnit.COUNT, Double.NaN,
          line(MachineMetric.POOL_ACTIVE, "active"), line(MachineMetric.POOL_IDLE, "idle"),
          line(MachineMetric.POOL_WAITING, "waiting"), line(MachineMetric.POOL_TOTAL, "total")));

  private MachineMetrics() {}

  private static Chart chart(String id, String title, MachineUnit unit, double max,
      Line... lines) {
    return new Chart(id, title, unit, max, List.of(lines));
  }

  private static Line line(MachineMetric metric, String label) {
    return new Line(metric, label);
  }
}
