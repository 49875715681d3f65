package dev.isutools4j.internal.diff;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One value of a collector's section in two runs: a machine mean or peak, a table's index, an
 * advisor rule's status. Only values that differ are kept.
 *
 * @param key the value's path, such as {@code cpuBusyPct.mean} or {@code posts.idx_user}
 * @param before its text in the earlier run, or null when absent
 * @param after its text in the later run, or null when absent
 * @param delta after minus before when both are numbers, else NaN
 */
public record ValueDiff(String key, String before, String after, double delta) {

  public boolean isNew() {
    return before == null;
  }

  public boolean isGone() {
    return after == null;
  }

  /** "new", "gone" or "changed". */
  public String state() {
    return isNew() ? "new" : isGone() ? "gone" : "changed";
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("key", key);
    out.put("state", state());
    out.put("before", before);
    out.put("after", after);
    out.put("delta", Double.isNaN(delta) ? null : DiffUnits.round(delta));
    return out;
  }
}
