package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.snapshot.LatencySummary;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * Durations of one key: an exact count, total and max, and a histogram for percentiles.
 *
 * <p>Hot path: {@link #record} is lock-free and allocation-free (LongAdder, a CAS loop and an
 * AtomicHistogram of fixed range, so it never resizes).
 */
public final class Latency {

  /** Durations above one minute are clamped into the histogram's last bucket (the max stays exact). */
  static final long HIGHEST_MICROS = 60_000_000L;
  static final int SIGNIFICANT_DIGITS = 2;

  private final LongAdder count = new LongAdder();
  private final LongAdder totalNanos = new LongAdder();
  private final AtomicLong maxNanos = new AtomicLong();
  private final AtomicHistogram micros = new AtomicHistogram(1, HIGHEST_MICROS, SIGNIFICANT_DIGITS);

  /** Records one duration. */
  public void record(long nanos) {
    record(nanos, 1);
  }

  /** Records {@code times} durations of {@code nanos} each (the even share of a batch). */
  public void record(long nanos, long times) {
    if (nanos < 0) {
      nanos = 0;
    }
    count.add(times);
    totalNanos.add(nanos * times);
    long max = maxNanos.get();
    while (nanos > max && !maxNanos.compareAndSet(max, nanos)) {
      max = maxNanos.get();
    }
    micros.recordValueWithCount(Math.min(nanos / 1_000, HIGHEST_MICROS), times);
  }

  public long count() {
    return count.sum();
  }

  public long totalNanos() {
    return totalNanos.sum();
  }

  /** Summarises what was recorded so far, its histogram included; safe while writers go on. */
  public LatencySummary summary() {
    return summary(true);
  }

  /**
   * As {@link #summary()}; without the histogram's text ({@code withHistogram} false) for a reader
   * that wants only the percentiles, such as a page polled every second.
   */
  public LatencySummary summary(boolean withHistogram) {
    Histogram copy = new Histogram(1, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    copy.add(micros);
    long n = count.sum();
    long total = totalNanos.sum();
    return summary(n, total / 1e6, maxNanos.get() / 1e6, copy, withHistogram);
  }

  /**
   * The summary of several hosts' durations of one key: counts and totals added, the max the
   * largest, the percentiles those of the added histograms, so exact over the union (to the
   * histogram's two significant digits, as for one host). A part without its histogram (a run
   * saved before it was kept, or one that cannot be read) leaves the percentiles at the parts'
   * largest, an upper bound, and the result without a histogram. Never throws on a part's data.
   */
  public static LatencySummary merge(java.util.List<LatencySummary> parts) {
    Histogram union = new Histogram(1, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    long n = 0;
    double totalMs = 0;
    double maxMs = 0;
    boolean exact = true;
    for (LatencySummary part : parts) {
      n += part.count();
      totalMs += part.totalMs();
      maxMs = Math.max(maxMs, part.maxMs());
      if (part.count() == 0) {
        continue;
      }
      Histogram histogram = readable(part.histogram());
      if (histogram == null) {
        exact = false;
      } else {
        union.add(histogram);
      }
    }
    if (exact) {
      return summary(n, totalMs, maxMs, union);
    }
    return new LatencySummary(n, totalMs, n == 0 ? 0 : totalMs / n,
        largest(parts, LatencySummary::p50Ms), largest(parts, LatencySummary::p90Ms),
        largest(parts, LatencySummary::p95Ms), largest(parts, LatencySummary::p99Ms), maxMs, null);
  }

  private static Histogram readable(String text) {
    if (text == null) {
      return null;
    }
    try {
      return HistogramText.decode(text);
    } catch (IllegalArgumentException unreadable) {
      return null;
    }
  }

  private static double largest(java.util.List<LatencySummary> parts,
      java.util.function.ToDoubleFunction<LatencySummary> value) {
    return parts.stream().mapToDouble(value).max().orElse(0);
  }

  private static LatencySummary summary(long n, double totalMs, double maxMs, Histogram micros) {
    return summary(n, totalMs, maxMs, micros, true);
  }

  private static LatencySummary summary(long n, double totalMs, double maxMs, Histogram micros,
      boolean withHistogram) {
    return new LatencySummary(
        n,
        totalMs,
        n == 0 ? 0 : totalMs / n,
        percentileMs(micros, 50, maxMs),
        percentileMs(micros, 90, maxMs),
        percentileMs(micros, 95, maxMs),
        percentileMs(micros, 99, maxMs),
        maxMs,
        n == 0 || !withHistogram ? null : HistogramText.encode(micros));
  }

  private static double percentileMs(Histogram histogram, double percentile, double maxMs) {
    if (histogram.getTotalCount() == 0) {
      return 0;
    }
    // The histogram answers with its bucket's upper edge; never report more than the exact max.
    return Math.min(histogram.getValueAtPercentile(percentile) / 1e3, maxMs);
  }
}
