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
 * @param noisePoints how far, in percentage points, two runs' sampling alone can move its share
 *     (two standard errors of the difference of two sampled shares, at least {@value #MIN_NOISE}):
 *     a move within it is {@code same}
 * @param onEveryStack whether it is a row of total time that sits under (nearly) every stack, such
 *     as a thread's root or a servlet container's loop ({@link StackRoots}): its share moves
 *     whenever the rest of the profile does, so it is {@code root}, never {@code changed}
 */
public record MethodDiff(String method, boolean app, Share before, Share after,
    double noisePoints, boolean onEveryStack) {

  /** The smallest move of share, in percentage points, that is not noise. */
  static final double MIN_NOISE = 0.1;

  /** A method whose move is measured against no noise but {@value #MIN_NOISE} points. */
  public MethodDiff(String method, boolean app, Share before, Share after) {
    this(method, app, before, after, MIN_NOISE, false);
  }

  /**
   * Two standard errors, in points, of the difference of the shares {@code before} of {@code
   * beforeSamples} and {@code after} of {@code afterSamples} samples, at least {@value #MIN_NOISE}.
   */
  static double noisePoints(double before, long beforeSamples, double after, long afterSamples) {
    double variance = (beforeSamples > 0 ? before * (1 - before) / beforeSamples : 0)
        + (afterSamples > 0 ? after * (1 - after) / afterSamples : 0);
    return Math.max(MIN_NOISE, 2 * Math.sqrt(variance) * 100);
  }

  /** A method's samples (or bytes) and their fraction (0..1) of the run's. */
  public record Share(long samples, double share) {}

  public boolean isNew() {
    return before == null;
  }

  public boolean isGone() {
    return after == null;
  }

  /** Whether its share moved beyond the sampling's noise (a new or gone method always has). */
  public boolean changed() {
    return isNew() || isGone() || Math.abs(shareDeltaPoints()) > noisePoints;
  }

  /**
   * "new", "gone", "root" (in both runs and {@linkplain #onEveryStack on every stack}), "changed",
   * or "same" (equal, or moved within the sampling's noise).
   */
  public String state() {
    return isNew() ? "new" : isGone() ? "gone" : onEveryStack ? "root"
        : changed() ? "changed" : "same";
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
