package dev.isutools4j.internal.digest;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.ShortCountsHistogram;

/**
 * Durations of one row of a log digest, in microseconds: exact count, sum, minimum, maximum and
 * standard deviation, and a histogram (two significant digits, 1 µs to one hour; longer durations
 * land in its last bucket, the maximum stays exact) for percentiles. Never keeps samples. The
 * histogram's counts are as wide as its number of values needs: shorts (7 KiB) up to 32 767
 * values, then ints, then longs (26 KiB), since no bucket can count more than all of them.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
public final class TimeStats {

  static final long HIGHEST_MICROS = 3_600_000_000L;
  private static final int DIGITS = 2;

  private long count;
  private long sum;
  private long min = Long.MAX_VALUE;
  private long max;
  // The sum of squares exactly, in 128 bits: the same whatever order parts are merged in.
  private long squaresHigh;
  private long squaresLow;
  private AbstractHistogram histogram; // created with the first value

  public void record(long micros) {
    long v = Math.max(0, micros);
    count++;
    sum += v;
    min = Math.min(min, v);
    max = Math.max(max, v);
    addSquares(Math.multiplyHigh(v, v), v * v);
    if (histogram == null) {
      histogram = new ShortCountsHistogram(1, HIGHEST_MICROS, DIGITS);
    } else if (count == Short.MAX_VALUE + 1L || count == Integer.MAX_VALUE + 1L) {
      widen();
    }
    histogram.recordValue(Math.min(v, HIGHEST_MICROS));
  }

  public void merge(TimeStats other) {
    if (other.count == 0) {
      return;
    }
    count += other.count;
    sum += other.sum;
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
    addSquares(other.squaresHigh, other.squaresLow);
    if (histogram == null) {
      histogram = new ShortCountsHistogram(1, HIGHEST_MICROS, DIGITS);
    }
    widen(); // a bucket may now count more than the old width holds
    histogram.add(other.histogram);
  }

  /** Counts as wide as {@code count} values need. */
  private void widen() {
    AbstractHistogram wider = null;
    if (count > Integer.MAX_VALUE && !(histogram instanceof Histogram)) {
      wider = new Histogram(1, HIGHEST_MICROS, DIGITS);
    } else if (count > Short.MAX_VALUE && histogram instanceof ShortCountsHistogram) {
      wider = new IntCountsHistogram(1, HIGHEST_MICROS, DIGITS);
    }
    if (wider != null) {
      wider.add(histogram);
      histogram = wider;
    }
  }

  public long count() {
    return count;
  }

  public double totalMs() {
    return sum / 1e3;
  }

  public double minMs() {
    return count == 0 ? 0 : min / 1e3;
  }

  public double maxMs() {
    return max / 1e3;
  }

  public double avgMs() {
    return count == 0 ? 0 : sum / 1e3 / count;
  }

  /** The population standard deviation. */
  public double stddevMs() {
    if (count == 0) {
      return 0;
    }
    double mean = (double) sum / count;
    double squares = squaresHigh * 0x1p64 + unsigned(squaresLow);
    return Math.sqrt(Math.max(0, squares / count - mean * mean)) / 1e3;
  }

  private void addSquares(long high, long low) {
    long sumLow = squaresLow + low;
    squaresHigh += high + (Long.compareUnsigned(sumLow, squaresLow) < 0 ? 1 : 0);
    squaresLow = sumLow;
  }

  private static double unsigned(long v) {
    return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
  }

  /** The value at {@code percentile} (0..100), never above the exact maximum. */
  public double percentileMs(double percentile) {
    if (count == 0) {
      return 0;
    }
    // The histogram answers with its bucket's upper edge; never report more than the exact max.
    return Math.min(histogram.getValueAtPercentile(percentile), max) / 1e3;
  }
}
