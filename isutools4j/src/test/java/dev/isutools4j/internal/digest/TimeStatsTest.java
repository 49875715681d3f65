package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Row durations: the histogram's counts widen with the number of values, never overflowing. */
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
}
