package dev.isutools4j.internal.snapshot;

/** Count and times of one key, in milliseconds (with microsecond resolution). */
public record LatencySummary(
    long count,
    double totalMs,
    double meanMs,
    double p50Ms,
    double p90Ms,
    double p95Ms,
    double p99Ms,
    double maxMs) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
}
