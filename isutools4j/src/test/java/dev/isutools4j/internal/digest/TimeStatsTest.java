package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Row durations: the histogram's counts widen with the number of values, never overflowing; the
 * percentiles of few distinct values are values that occurred, checked against a plain
 * computation, however many times each occurred.
 */
class TimeStatsTest {

  @Test
  void recordsPastWhatAShortCounts() {
    TimeStats t = new TimeStats();
    for (int i = 0; i < 70_000; i++) {
      t.record(2_000); // every value in one bucket
    }
    t.record(9_000);
    assertThat(t.count()).isEqualTo(70_001);
    assertThat(t.percentileMs(50)).isCloseTo(2.0, within(0.02));
    assertThat(t.percentileMs(100)).isEqualTo(9.0);
  }

  @Test
  void mergesPastWhatAnIntCounts() {
    TimeStats t = new TimeStats();
    t.record(1_500);
    t.record(3_000);
    for (int i = 0; i < 34; i++) {
      t.merge(t); // doubles every count: past 2^15, then past 2^31 values in one bucket
    }
    assertThat(t.count()).isEqualTo(2L << 34);
    assertThat(t.percentileMs(25)).isCloseTo(1.5, within(0.02));
    assertThat(t.percentileMs(99)).isCloseTo(3.0, within(0.02));
    assertThat(t.maxMs()).isEqualTo(3.0);
    t.record(6_000);
    assertThat(t.percentileMs(100)).isEqualTo(6.0);
  }

  @Test
  void aSmallRowMergedIntoABigOneKeepsBoth() {
    TimeStats big = new TimeStats();
    for (int i = 0; i < 40_000; i++) {
      big.record(1_000);
    }
    TimeStats small = new TimeStats();
    small.record(50_000);
    small.merge(big);
    assertThat(small.count()).isEqualTo(40_001);
    assertThat(small.percentileMs(50)).isCloseTo(1.0, within(0.01));
    assertThat(small.maxMs()).isEqualTo(50.0);
  }

  /** The plain computation: the smallest value with at least {@code percentile}% at or below it. */
  private static double nearestRankMs(long[] micros, double percentile) {
    long[] sorted = micros.clone();
    Arrays.sort(sorted);
    int rank = Math.max(1, (int) Math.ceil(percentile / 100 * sorted.length));
    return sorted[rank - 1] / 1e3;
  }

  @Test
  void theMedianOfTwoValuesIsOneOfThem() {
    TimeStats t = new TimeStats();
    t.record(50_000);
    t.record(50_350);
    assertThat(t.minMs()).isEqualTo(50.0);
    assertThat(t.percentileMs(50)).as("not a bucket's edge such as 50.175").isEqualTo(50.0);
    assertThat(t.percentileMs(95)).isEqualTo(50.35);
    assertThat(t.percentileMs(99)).isEqualTo(50.35);
  }

  @Property(tries = 300)
  void aFewValuesGiveThePlainPercentile(@ForAll @Size(min = 1, max = TimeStats.DISTINCT)
      List<@LongRange(min = 0, max = 10_000_000) Long> values,
      @ForAll @DoubleRange(min = 0, max = 100) double percentile, @ForAll boolean merged) {
    long[] micros = values.stream().mapToLong(Long::longValue).toArray();
    TimeStats t = new TimeStats();
    if (merged) {
      // Recorded in two halves on two readers' stats, then merged: the same values.
      TimeStats other = new TimeStats();
      for (int i = 0; i < micros.length; i++) {
        (i % 2 == 0 ? t : other).record(micros[i]);
      }
      t.merge(other);
    } else {
      for (long v : micros) {
        t.record(v);
      }
    }
    assertThat(t.percentileMs(percentile)).isEqualTo(nearestRankMs(micros, percentile));
  }

  @Property(tries = 100)
  void manyValuesGiveAPercentileWithinWhatOccurred(@ForAll @Size(min = TimeStats.DISTINCT + 1, max = 2_000)
      List<@LongRange(min = 1, max = 10_000_000) Long> values,
      @ForAll @DoubleRange(min = 0, max = 100) double percentile) {
    long[] micros = values.stream().mapToLong(Long::longValue).toArray();
    TimeStats t = new TimeStats();
    for (long v : micros) {
      t.record(v);
    }
    double p = t.percentileMs(percentile);
    assertThat(p).isBetween(t.minMs(), t.maxMs());
    // Two significant digits: within 1% of the plain answer, give or take a value of rank.
    long[] sorted = micros.clone();
    Arrays.sort(sorted);
    int rank = Math.max(1, (int) Math.ceil(percentile / 100 * sorted.length));
    double low = sorted[Math.max(0, rank - 2)] / 1e3 * 0.99;
    double high = sorted[Math.min(sorted.length - 1, rank)] / 1e3 * 1.01;
    assertThat(p).isBetween(low, high);
  }

  @Property(tries = 200)
  void manyValuesOfFewDistinctOnesGiveThePlainPercentile(
      @ForAll @Size(min = 1, max = TimeStats.DISTINCT) List<@LongRange(min = 0, max = 2_000_000) Long> distinct,
      @ForAll @LongRange(min = 1, max = 5_000) long repeats,
      @ForAll @DoubleRange(min = 0, max = 100) double percentile, @ForAll boolean merged) {
    long[] micros = new long[(int) (distinct.size() * repeats)];
    for (int i = 0; i < micros.length; i++) {
      micros[i] = distinct.get((int) ((i * 31L) % distinct.size())); // mixed, not in runs
    }
    TimeStats t = new TimeStats();
    TimeStats other = merged ? new TimeStats() : t;
    for (int i = 0; i < micros.length; i++) {
      (i % 3 == 0 ? other : t).record(micros[i]);
    }
    if (merged) {
      t.merge(other);
    }
    assertThat(t.exact()).as("few distinct values stay in the table").isTrue();
    assertThat(t.count()).isEqualTo(micros.length);
    assertThat(t.percentileMs(percentile)).isEqualTo(nearestRankMs(micros, percentile));
  }

  @Test
  void oneDistinctValueTooManyMovesToTheHistogramKeepingEveryCount() {
    TimeStats t = new TimeStats();
    for (int repeat = 0; repeat < 1_000; repeat++) {
      for (int v = 1; v <= TimeStats.DISTINCT; v++) {
        t.record(v * 1_000L);
      }
    }
    assertThat(t.exact()).isTrue();
    t.record(500_000);
    assertThat(t.exact()).isFalse();
    assertThat(t.count()).isEqualTo(TimeStats.DISTINCT * 1_000L + 1);
    // 64,000 values before the move: the histogram's counts are wider than shorts from the start.
    // Rank 32,001 of 64,001 is the first 33 ms value; the histogram answers within 1 %.
    assertThat(t.percentileMs(50)).isCloseTo(33.0, within(0.33));
    assertThat(t.percentileMs(100)).isEqualTo(500.0);
  }

  @Test
  void aTableMergedIntoAHistogramAndBackAgreeOnEveryCount() {
    TimeStats wide = new TimeStats();
    for (int v = 0; v < 1_000; v++) {
      wide.record(10_000 + v * 100L);
    }
    TimeStats few = new TimeStats();
    for (int i = 0; i < 3_000; i++) {
      few.record(1_000);
    }
    TimeStats a = new TimeStats();
    a.merge(few);
    a.merge(wide);
    TimeStats b = new TimeStats();
    b.merge(wide);
    b.merge(few);
    for (double p : new double[] {10, 50, 74, 76, 90, 99}) {
      assertThat(a.percentileMs(p)).as("p%s", p).isEqualTo(b.percentileMs(p));
    }
    assertThat(a.count()).isEqualTo(4_000);
    assertThat(a.percentileMs(74)).isCloseTo(1.0, within(0.01)); // 3,000 of 4,000 values are 1 ms
    assertThat(a.percentileMs(76)).isCloseTo(13.9, within(0.14)); // rank 3,040: the 40th wide value
  }
}
