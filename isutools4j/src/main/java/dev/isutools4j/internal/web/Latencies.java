package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.LatencySummary;

/** The time columns that SQL and HTTP tables share: total, mean, percentiles, max. */
final class Latencies {

  static final int COLUMNS = 7;

  private Latencies() {}

  static void columns(Table table) {
    table.column("total", Table.Align.RIGHT, "sum of all execution times")
        .right("mean")
        .column("p50", Table.Align.RIGHT, "median")
        .column("p90", Table.Align.RIGHT, "90th percentile")
        .column("p95", Table.Align.RIGHT, "95th percentile")
        .column("p99", Table.Align.RIGHT, "99th percentile")
        .right("max");
  }

  static void cells(Table table, LatencySummary t) {
    table.cell(t.totalMs(), Units.ms(t.totalMs()));
    table.cell(t.meanMs(), Units.ms(t.meanMs()));
    table.cell(t.p50Ms(), Units.ms(t.p50Ms()));
    table.cell(t.p90Ms(), Units.ms(t.p90Ms()));
    table.cell(t.p95Ms(), Units.ms(t.p95Ms()));
    table.cell(t.p99Ms(), Units.ms(t.p99Ms()));
    table.cell(t.maxMs(), Units.ms(t.maxMs()));
  }
}
