package dev.isutools4j.internal.diff;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One keyed row (a fingerprint, a route, a route's fingerprint, a counter) in two runs.
 *
 * @param key what the row is matched by
 * @param label the row as shown to a person
 * @param before the row in the earlier run, or null when it is new
 * @param after the row in the later run, or null when it is gone
 */
public record RowDiff(String key, String label, Stats before, Stats after) {

  /** What one row measured: executions, total and p95 time in milliseconds (NaN: not measured). */
  public record Stats(long count, double totalMs, double p95Ms) {}

  public boolean isNew() {
    return before == null;
  }

  public boolean isGone() {
    return after == null;
  }

  public long countDelta() {
    return count(after) - count(before);
  }

  public double totalDeltaMs() {
    return total(after) - total(before);
  }

  public double p95DeltaMs() {
    return (after == null ? 0 : after.p95Ms()) - (before == null ? 0 : before.p95Ms());
  }

  /** "new", "gone" or "changed". */
  public String state() {
    return isNew() ? "new" : isGone() ? "gone" : "changed";
  }

  private static long count(Stats s) {
    return s == null ? 0 : s.count();
  }

  private static double total(Stats s) {
    return s == null ? 0 : s.totalMs();
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("key", key);
    out.put("state", state());
    out.put("before", stats(before));
    out.put("after", stats(after));
    out.put("countDelta", countDelta());
    out.put("totalMsDelta", DiffUnits.round(totalDeltaMs()));
    double p95 = p95DeltaMs();
    out.put("p95MsDelta", Double.isNaN(p95) ? null : DiffUnits.round(p95));
    return out;
  }

  private static Map<String, Object> stats(Stats s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", s.count());
    out.put("totalMs", DiffUnits.round(s.totalMs()));
    out.put("p95Ms", Double.isNaN(s.p95Ms()) ? null : DiffUnits.round(s.p95Ms()));
    return out;
  }
}
