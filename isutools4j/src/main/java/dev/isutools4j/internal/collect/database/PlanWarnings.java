package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a player looks for in an EXPLAIN: full scans of big tables, no usable index, filesort,
 * temporary tables, and many rows examined. Pure: plan rows in, warnings out.
 */
final class PlanWarnings {

  /** A full scan of a table this big (estimated rows) is flagged. */
  static final long FULL_SCAN_ROWS = 1_000;
  /** A plan expected to examine this many rows per execution is flagged. */
  static final long MANY_ROWS = 10_000;

  private PlanWarnings() {}

  /** The warnings of one plan. */
  static List<Warning> of(List<PlanRow> rows) {
    List<Warning> out = new ArrayList<>();
    for (PlanRow row : rows) {
      String table = row.table();
      String extra = row.extra();
      long estimate = estimate(row);
      if (table != null && "ALL".equalsIgnoreCase(row.type())) {
        if (estimate >= FULL_SCAN_ROWS) {
          out.add(new Warning("full-scan", table, "full scan of " + table + " (about " + estimate
              + " rows)"));
        }
        if (row.possibleKeys() == null && row.key() == null && !derived(table)) {
          out.add(new Warning("no-key", table, "no usable index on " + table));
        }
      }
      if (extra != null) {
        String lower = extra.toLowerCase(Locale.ROOT);
        if (lower.contains("using filesort")) {
          out.add(new Warning("filesort", table, "filesort on " + table));
        }
        if (lower.contains("using temporary")) {
          out.add(new Warning("temporary", table, "temporary table for " + table));
        }
      }
    }
    long examined = rowsExamined(rows);
    if (examined >= MANY_ROWS) {
      out.add(new Warning("rows-examined", null, "about " + examined + " rows examined per execution"));
    }
    return out;
  }

  /**
   * The rows a nested-loop plan reads: each row's estimate times the rows of the rows before it
   * in the same select (a rough bound, as EXPLAIN itself is).
   */
  static long rowsExamined(List<PlanRow> rows) {
    long total = 0;
    long loops = 1;
    Long select = null;
    for (PlanRow row : rows) {
      Long id = row.id();
      if (id == null || !id.equals(select)) {
        select = id;
        loops = 1;
      }
      long read = saturatingMultiply(loops, Math.max(estimate(row), 1));
      total = saturatingAdd(total, read);
      loops = read;
    }
    return total;
  }

  private static long estimate(PlanRow row) {
    return row.rows() == null ? 0 : row.rows();
  }

  private static boolean derived(String table) {
    return table.startsWith("<");
  }

  private static long saturatingMultiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return (high == 0 && low >= 0) ? low : Long.MAX_VALUE;
  }

  private static long saturatingAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
