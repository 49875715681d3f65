package dev.isutools4j.internal.web;

import java.util.List;

/**
 * The labels and units of the machine section's numbers, and how they are grouped into the run
 * page's charts. Keys are those of docs/SNAPSHOT.md.
 */
final class MachineMetrics {

  /** One number of the section. */
  record Metric(String key, String label, MachineUnit unit) {}

  /** One chart: its lines share the unit; {@code max} fixes the y axis (NaN: from the data). */
  record Chart(String id, String title, MachineUnit unit, double max, List<Metric> lines) {}

  static final List<Metric> SUMMARY = List.of(
      new Metric("cpuBusyPct", "CPU busy (100 − idle)", MachineUnit.PERCENT),
      new Metric("cpuUserPct", "CPU user", MachineUnit.PERCENT),
      new Metric("cpuSystemPct", "CPU system (irq, softirq included)", MachineUnit.PERCENT),
      new Metric("cpuIowaitPct", "CPU iowait", MachineUnit.PERCENT),
      new Metric("cpuStealPct", "CPU steal", MachineUnit.PERCENT),
      new Metric("load1", "load average, 1 min", MachineUnit.COUNT),
      new Metric("contextSwitchesPerSec", "context switches", MachineUnit.RATE),
      new Metric("interruptsPerSec", "interrupts", MachineUnit.RATE),
      new Metric("requestsPerSec", "requests", MachineUnit.RATE),
      new Metric("p95Ms", "p95 latency of each second", MachineUnit.MS),
      new Metric("errors5xxPerSec", "5xx responses", MachineUnit.RATE),
      new Metric("sqlPerSec", "SQL statements", MachineUnit.RATE),
      new Metric("sqlMsPerSec", "SQL time", MachineUnit.MS_RATE),
      new Metric("memUsedBytes", "memory used (total − available)", MachineUnit.BYTES),
      new Metric("memAvailableBytes", "memory available", MachineUnit.BYTES),
      new Metric("memCachedBytes", "page cache", MachineUnit.BYTES),
      new Metric("memDirtyBytes", "dirty pages", MachineUnit.BYTES),
      new Metric("swapUsedBytes", "swap used", MachineUnit.BYTES),
      new Metric("netInBytesPerSec", "network in (without loopback)", MachineUnit.BYTES_RATE),
      new Metric("netOutBytesPerSec", "network out (without loopback)", MachineUnit.BYTES_RATE),
      new Metric("loopbackBytesPerSec", "loopback", MachineUnit.BYTES_RATE),
      new Metric("diskReadBytesPerSec", "disk read", MachineUnit.BYTES_RATE),
      new Metric("diskWriteBytesPerSec", "disk write", MachineUnit.BYTES_RATE),
      new Metric("diskUtilPct", "disk busy (the busiest disk)", MachineUnit.PERCENT),
      new Metric("tcpEstablished", "TCP established", MachineUnit.COUNT),
      new Metric("tcpTimeWait", "TCP time-wait", MachineUnit.COUNT),
      new Metric("heapUsedBytes", "heap used", MachineUnit.BYTES),
      new Metric("heapCommittedBytes", "heap committed", MachineUnit.BYTES),
      new Metric("gcPerSec", "GC collections", MachineUnit.RATE),
      new Metric("gcMsPerSec", "GC time", MachineUnit.MS_RATE),
      new Metric("gcMaxPauseMs", "longest GC pause", MachineUnit.MS),
      new Metric("threads", "JVM threads", MachineUnit.COUNT),
      new Metric("openFiles", "JVM open files", MachineUnit.COUNT),
      new Metric("poolActive", "pool: active connections", MachineUnit.COUNT),
      new Metric("poolIdle", "pool: idle connections", MachineUnit.COUNT),
      new Metric("poolWaiting", "pool: threads waiting", MachineUnit.COUNT),
      new Metric("poolTotal", "pool: connections", MachineUnit.COUNT));

  static final List<Chart> CHARTS = List.of(
      chart("cpu", "CPU %", MachineUnit.PERCENT, 100, "cpuBusyPct", "busy", "cpuUserPct", "user",
          "cpuSystemPct", "system", "cpuIowaitPct", "iowait", "cpuStealPct", "steal"),
      chart("requests", "requests/s", MachineUnit.RATE, Double.NaN, "requestsPerSec", "requests",
          "errors5xxPerSec", "5xx"),
      chart("p95", "p95 latency", MachineUnit.MS, Double.NaN, "p95Ms", "p95"),
      chart("sql", "SQL statements/s", MachineUnit.RATE, Double.NaN, "sqlPerSec", "statements"),
      chart("sql-time", "SQL time per second", MachineUnit.MS_RATE, Double.NaN, "sqlMsPerSec",
          "SQL time"),
      chart("memory", "memory", MachineUnit.BYTES, Double.NaN, "memUsedBytes", "used",
          "memCachedBytes", "page cache", "swapUsedBytes", "swap", "heapUsedBytes", "heap used",
          "heapCommittedBytes", "heap committed"),
      chart("network", "network", MachineUnit.BYTES_RATE, Double.NaN, "netInBytesPerSec", "in",
          "netOutBytesPerSec", "out", "loopbackBytesPerSec", "loopback"),
      chart("disk", "disk", MachineUnit.BYTES_RATE, Double.NaN, "diskReadBytesPerSec", "read",
          "diskWriteBytesPerSec", "write"),
      chart("gc", "GC", MachineUnit.MS, Double.NaN, "gcMsPerSec", "time per s", "gcMaxPauseMs",
          "longest pause"),
      chart("pool", "connection pool", MachineUnit.COUNT, Double.NaN, "poolActive", "active",
          "poolIdle", "idle", "poolWaiting", "waiting", "poolTotal", "total"));

  private MachineMetrics() {}

  private static Chart chart(String id, String title, MachineUnit unit, double max,
      String... keysAndLabels) {
    Metric[] lines = new Metric[keysAndLabels.length / 2];
    for (int i = 0; i < lines.length; i++) {
      lines[i] = new Metric(keysAndLabels[2 * i], keysAndLabels[2 * i + 1], unit);
    }
    return new Chart(id, title, unit, max, List.of(lines));
  }
}
