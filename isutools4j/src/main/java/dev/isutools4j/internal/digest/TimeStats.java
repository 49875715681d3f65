package dev.isutools4j.internal.digest;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.ShortCountsHistogram;

/**
 * Durations of one row of a log digest, in microseconds: exact count, sum, minimum, maximum and
 * standard deviation, and a histogram (two significant digits, 1 µs to one hour; longer durations
 * land in its last bucket, the maximum stays exact) for percentiles. While a row has few values
 * ({@value #EXACT} or fewer) it keeps them too, so that its percentiles are values that occurred
 * (nearest rank) rather than a bucket's edge: two statements of 50.000 and 50.350 ms have a median
 * of 50.000, not 50.175. The histogram's counts are as wide as its number of values needs: shorts (7 KiB) up to 32 767
 * values, then ints, then longs (26 KiB), since no bucket can count more than all of them.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
public final class TimeStats {

  static final long HIGHEST_MICROS = 3_600_000_000L;
  static final int EXACT = 64;
  private static final int DIGITS = 2;

  private long count;
  private long sum;
  private long min = Long.MAX_VALUE;
  private long max;
  // The sum of squares exactly, in 128 bits: the same whatever order parts are merged in.
  private long squaresHigh;
  private long squaresLow;
  private AbstractHistogram histogram; // created with the first value
  private long[] exact; // the values in arrival order while count <= EXACT, else null

  public void record(long micros) {
    long v = Math.max(0, micros);
    count++;
    sum += v;
    min = Math.min(min, v);
    max = Math.max(max, v);
    addSquares(Math.multiplyHigh(v, v), v * v);
    keepExact(v);
    if (histogram == null) {
      histogram = new ShortCountsHistogram(1, HIGHEST_MICROS, DIGITS);
    } else if (count == Short.MAX_VALUE + 1L || count == Integer.MAX_VALUE + 1L) {
      widen();
    }
    histogram.recordValue(Math.min(v, HIGHEST_MICROS));
  }

  private void keepExact(long v) {
    if (count > EXACT) {
      exact = null;
      return;
    }
    if (exact == null) {
      exact = new long[8];
    } else if (count > exact.length) {
      exact = Arrays.copyOf(exact, EXACT);
    }
    exact[(int) count - 1] = v;
  }

  public void merge(TimeStats other) {
    if (other.count == 0) {
      return;
    }
    long merged = count + other.count;
    if (merged <= EXACT) {
      long[] values = exact == null ? new long[(int) merged] : Arrays.copyOf(exact, (int) merged);
      System.arraycopy(other.exact, 0, values, (int) count, (int) other.count); // other may be this
      exact = values;
    } else {
      exact = null;
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

  /**
   * The value at {@code percentile} (0..100): of a few values, the one of nearest rank (the
   * smallest with at least that share of the values at or below it); of more, the histogram's,
   * within the exact minimum and maximum.
   */
  public double percentileMs(double percentile) {
    if (count == 0) {
      return 0;
    }
    if (exact != null) {
      long[] sorted = Arrays.copyOf(exact, (int) count);
      Arrays.sort(sorted);
      int rank = (int) Math.ceil(percentile / 100 * count);
      return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1] / 1e3;
    }
    // The histogram answers with its bucket's upper edge: keep it within what occurred.
    return Math.max(min, Math.min(histogram.getValueAtPercentile(percentile), max)) / 1e3;
  }
}
