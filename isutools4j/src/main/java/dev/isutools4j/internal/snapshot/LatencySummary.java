package dev.isutools4j.internal.snapshot;

/**
 * Count and times of one key, in milliseconds (with microsecond resolution).
 *
 * @param histogram the durations themselves, so that runs of several hosts can be merged with
 *     exact percentiles: HdrHistogram's compressed encoding (V2) in base64, values in microseconds
 *     from 1 µs to 60 s at two significant digits; null in runs saved before it was kept and in
 *     rows built from percentiles only
 */
public record LatencySummary(
    long count,
    double totalMs,
    double meanMs,
    double p50Ms,
    double p90Ms,
    double p95Ms,
    double p99Ms,
    double maxMs,
    String histogram) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);

  /** A summary without its histogram. */
  public LatencySummary(long count, double totalMs, double meanMs, double p50Ms, double p90Ms,
      double p95Ms, double p99Ms, double maxMs) {
    this(count, totalMs, meanMs, p50Ms, p90Ms, p95Ms, p99Ms, maxMs, null);
  }
}
