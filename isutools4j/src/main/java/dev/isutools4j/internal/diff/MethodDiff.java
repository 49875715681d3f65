package dev.isutools4j.internal.diff;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One hot method (a row of the profile's {@code topSelf} or {@code topTotal}) in two runs.
 * Shares, not samples, are compared: two runs differ in length and load, so the same code takes
 * a different number of samples in each.
 *
 * @param method {@code package.Class.method}
 * @param app whether either run counted it as the app's own code
 * @param before its samples and share in the earlier run, or null when it was not in that table
 * @param after its samples and share in the later run, or null when it is not in that table
 */
public record MethodDiff(String method, boolean app, Share before, Share after) {

  /** A method's samples (or bytes) and their fraction (0..1) of the run's. */
  public record Share(long samples, double share) {}

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

  /** After's share minus before's in percentage points; a side outside the table counts as 0. */
  public double shareDeltaPoints() {
    return (share(after) - share(before)) * 100;
  }

  private static double share(Share s) {
    return s == null ? 0 : s.share();
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", method);
    out.put("state", state());
    out.put("app", app);
    out.put("before", side(before));
    out.put("after", side(after));
    out.put("shareDeltaPoints", Math.round(shareDeltaPoints() * 100) / 100.0);
    return out;
  }

  private static Map<String, Object> side(Share s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("samples", s.samples());
    out.put("share", Math.round(s.share() * 10_000) / 10_000.0);
    return out;
  }
}
