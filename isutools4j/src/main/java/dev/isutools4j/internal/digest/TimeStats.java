package dev.isutools4j.internal.digest;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.ShortCountsHistogram;

/**
 * Durations of one row of a log digest, in microseconds: exact count, sum, minimum, maximum and
 * standard deviation, and what percentiles need. While a row has few distinct values ({@value
 * #DISTINCT} or fewer) it keeps each with its count, in a small table that grows with them: its
 * percentiles are then values that occurred (nearest rank) rather than a bucket's edge, so two
 * statements of 50.000 and 50.350 ms have a median of 50.000, not 50.175, and a row costs a few
 * hundred bytes, not a histogram's kilobytes (nginx writes milliseconds, so a route's request times
 * often take a few dozen values). Past that it moves to a histogram (two significant digits, 1 µs
 * to one hour; longer durations land in its last bucket, the maximum stays exact) whose counts are
 * as wide as its number of values needs: shorts (7 KiB) up to 32 767 values, then ints, then longs
 * (26 KiB), since no bucket can count more than all of them.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
public final class TimeStats {

  static final long HIGHEST_MICROS = 3_600_000_000L;
  static final int DISTINCT = 64;
  private static final int DIGITS = 2;
  private static final int FIRST_SLOTS = 8;

  private long count;
  private long sum;
  private long min = Long.MAX_VALUE;
  private long max;
  // The sum of squares exactly, in 128 bits: the same whatever order parts are merged in.
  private long squaresHigh;
  private long squaresLow;
  // Few distinct values: an open-addressed table of value + 1 (0: a free slot) and its count.
  private long[] keys;
  private long[] counts;
  private int distinct;
  private AbstractHistogram histogram; // once there are more than DISTINCT values, else null

  public void record(long micros) {
    long v = Math.max(0, micros);
    count++;
    sum += v;
    min = Math.min(min, v);
    max = Math.max(max, v);
    addSquares(Math.multiplyHigh(v, v), v * v);
    add(v, 1);
  }

  /** Adds {@code n} values {@code v} to the table, or to the histogram once it holds too many. */
  private void add(long v, long n) {
    if (histogram == null) {
      if (keys == null) {
        keys = new long[FIRST_SLOTS];
        counts = new long[FIRST_SLOTS];
      }
      int slot = slot(keys, v);
      if (keys[slot] != 0) {
        counts[slot] += n;
        return;
      }
      if (distinct < DISTINCT) {
        keys[slot] = v + 1;
        counts[slot] = n;
        if (++distinct * 2 > keys.length) {
          grow();
        }
        return;
      }
      toHistogram();
    } else {
      widen();
    }
    histogram.recordValueWithCount(Math.min(v, HIGHEST_MICROS), n);
  }

  /** The slot holding {@code v}, or the free one where it goes; the table is never full. */
  private static int slot(long[] keys, long v) {
    int mask = keys.length - 1;
    int i = (int) ((v * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    while (keys[i] != 0 && keys[i] != v + 1) {
      i = (i + 1) & mask;
    }
    return i;
  }

  private void grow() {
    long[] oldKeys = keys;
    long[] oldCounts = counts;
    keys = new long[oldKeys.length * 2];
    counts = new long[oldKeys.length * 2];
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        int slot = slot(keys, oldKeys[i] - 1);
        keys[slot] = oldKeys[i];
        counts[slot] = oldCounts[i];
      }
    }
  }

  /** Moves the table's values into a histogram wide enough for every value counted. */
  private void toHistogram() {
    histogram = count > Integer.MAX_VALUE ? new Histogram(1, HIGHEST_MICROS, DIGITS)
        : count > Short.MAX_VALUE ? new IntCountsHistogram(1, HIGHEST_MICROS, DIGITS)
        : new ShortCountsHistogram(1, HIGHEST_MICROS, DIGITS);
    for (int i = 0; keys != null && i < keys.length; i++) {
      if (keys[i] != 0) {
        histogram.recordValueWithCount(Math.min(keys[i] - 1, HIGHEST_MICROS), counts[i]);
      }
    }
    keys = null;
    counts = null;
    distinct = 0;
  }

  public void merge(TimeStats other) {
    if (other.count == 0) {
      return;
    }
    // Merged into itself, its values are taken before anything changes; else as they are.
    boolean self = other == this;
    long[] otherKeys = self && keys != null ? keys.clone() : other.keys;
    long[] otherCounts = self && counts != null ? counts.clone() : other.counts;
    AbstractHistogram otherHistogram = self && histogram != null ? histogram.copy() : other.histogram;
    count += other.count;
    sum += other.sum;
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
    addSquares(other.squaresHigh, other.squaresLow);
    if (otherHistogram != null) {
      if (histogram == null) {
        toHistogram();
      }
      widen(); // a bucket may now count more than the old width holds
      histogram.add(otherHistogram);
      return;
    }
    for (int i = 0; i < otherKeys.length; i++) {
      if (otherKeys[i] != 0) {
        add(otherKeys[i] - 1, otherCounts[i]);
      }
    }
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

  /** Whether the values are kept exactly (few distinct ones) rather than in a histogram. */
  boolean exact() {
    return histogram == null;
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
   * The value at {@code percentile} (0..100): of few distinct values, the one of nearest rank (the
   * smallest with at least that share of the values at or below it); of more, the histogram's,
   * within the exact minimum and maximum.
   */
  public double percentileMs(double percentile) {
    if (count == 0) {
      return 0;
    }
    if (histogram == null) {
      return nearestRank(percentile) / 1e3;
    }
    // The histogram answers with its bucket's upper edge: keep it within what occurred.
    return Math.max(min, Math.min(histogram.getValueAtPercentile(percentile), max)) / 1e3;
  }

  private long nearestRank(double percentile) {
    long[] values = new long[distinct];
    int n = 0;
    for (long k : keys) {
      if (k != 0) {
        values[n++] = k - 1;
      }
    }
    Arrays.sort(values);
    long rank = Math.max(1, Math.min((long) Math.ceil(percentile / 100 * count), count));
    long seen = 0;
    for (long v : values) {
      seen += counts[slot(keys, v)];
      if (seen >= rank) {
        return v;
      }
    }
    return max;
  }
}
