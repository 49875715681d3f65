package dev.isutools4j.internal.stats;

/**
 * Whole-run totals of one recorder at one moment; two of them a second apart give the rates.
 *
 * @param requests finished HTTP requests
 * @param serverErrors of those, the ones answered 5xx
 * @param statements SQL statements executed (each statement of a batch counts)
 * @param sqlNanos time spent in them
 */
public record RecorderTotals(long requests, long serverErrors, long statements, long sqlNanos) {

  public static final RecorderTotals ZERO = new RecorderTotals(0, 0, 0, 0);
}
