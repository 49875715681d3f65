package dev.isutools4j.logs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Row durations: the histogram counts in ints until a row holds more values than an int counts. */
class TimeStatsTest {

  @Test
  void countsPastWhatAnIntHolds() {
    TimeStats t = new TimeStats();
    t.record(1_500);
    t.record(3_000);
    for (int i = 0; i < 34; i++) {
      t.merge(t); // doubles every count: past 2^31 values in one bucket
    }
    assertThat(t.count()).isEqualTo(2L << 34);
    assertThat(t.percentileMs(25)).isCloseTo(1.5, org.assertj.core.api.Assertions.within(0.02));
    assertThat(t.percentileMs(99)).isCloseTo(3.0, org.assertj.core.api.Assertions.within(0.02));
    assertThat(t.maxMs()).isEqualTo(3.0);
    t.record(6_000);
    assertThat(t.percentileMs(100)).isEqualTo(6.0);
  }
}
