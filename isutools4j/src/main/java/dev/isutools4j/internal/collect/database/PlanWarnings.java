package dev.isutools4j.internal.collect.database;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

  /** The warnings of one plan; each is {@code {"id", "table", "message"}}. */
  static List<Map<String, Object>> of(List<Map<String, Object>> rows) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      String table = text(row.get("table"));
      String type = text(row.get("type"));
      String extra = text(row.get("extra"));
      long estimate = number(row.get("rows"));
      if (table != null && "ALL".equalsIgnoreCase(type)) {
        if (estimate >= FULL_SCAN_ROWS) {
          out.add(warning("full-scan", table, "full scan of " + table + " (about " + estimate
              + " rows)"));
        }
        if (row.get("possibleKeys") == null && row.get("key") == null && !derived(table)) {
          out.add(warning("no-key", table, "no usable index on " + table));
        }
      }
      if (extra != null) {
        String lower = extra.toLowerCase(Locale.ROOT);
        if (lower.contains("using filesort")) {
          out.add(warning("filesort", table, "filesort on " + table));
        }
        if (lower.contains("using temporary")) {
          out.add(warning("temporary", table, "temporary table for " + table));
        }
      }
    }
    long examined = rowsExamined(rows);
    if (examined >= MANY_ROWS) {
      out.add(warning("rows-examined", null, "about " + examined + " rows examined per execution"));
    }
    return out;
  }

  /**
   * The rows a nested-loop plan reads: each row's estimate times the rows of the rows before it
   * in the same select (a rough bound, as EXPLAIN itself is).
   */
  static long rowsExamined(List<Map<String, Object>> rows) {
    long total = 0;
    long loops = 1;
    Object select = null;
    for (Map<String, Object> row : rows) {
      Object id = row.get("id");
      if (id == null || !id.equals(select)) {
        select = id;
        loops = 1;
      }
      long estimate = Math.max(number(row.get("rows")), 1);
      long read = saturatingMultiply(loops, estimate);
      total = saturatingAdd(total, read);
      loops = read;
    }
    return total;
  }

  private static boolean derived(String table) {
    return table.startsWith("<");
  }

  private static Map<String, Object> warning(String id, String table, String message) {
    Map<String, Object> w = new LinkedHashMap<>();
    w.put("id", id);
    if (table != null) {
      w.put("table", table);
    }
    w.put("message", message);
    return w;
  }

  static String text(Object value) {
    return value == null ? null : value.toString();
  }

  static long number(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    if (value != null) {
      try {
        return (long) Double.parseDouble(value.toString());
      } catch (NumberFormatException e) {
        return 0;
      }
    }
    return 0;
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
