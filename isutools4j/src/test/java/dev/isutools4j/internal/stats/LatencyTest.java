package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.snapshot.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyTest {

  @Test
  void percentilesAreWithinOnePercentAndTotalsAreExact() {
    Latency latency = new Latency();
    for (int i = 1; i <= 1000; i++) {
      latency.record(i * 1_000L); // 1 µs .. 1000 µs
    }
    LatencySummary s = latency.summary();
    assertThat(s.count()).isEqualTo(1000);
    assertThat(s.totalMs()).isEqualTo(500.5, within(1e-9));
    assertThat(s.meanMs()).isEqualTo(0.5005, within(1e-9));
    assertThat(s.p50Ms()).isEqualTo(0.5, within(0.005));
    assertThat(s.p90Ms()).isEqualTo(0.9, within(0.009));
    assertThat(s.p99Ms()).isEqualTo(0.99, within(0.0099));
    assertThat(s.maxMs()).isEqualTo(1.0);
  }

  @Test
  void durationsBeyondTheHistogramAreClampedButTheMaxStaysExact() {
    Latency latency = new Latency();
    latency.record(90_000_000_000L); // 90 s
    LatencySummary s = latency.summary();
    assertThat(s.maxMs()).isEqualTo(90_000.0);
    assertThat(s.p99Ms()).isLessThanOrEqualTo(s.maxMs());
    assertThat(s.totalMs()).isEqualTo(90_000.0);
  }

  @Test
  void subMicrosecondAndNegativeDurationsAreRecordedAsZero() {
    Latency latency = new Latency();
    latency.record(300);
    latency.record(-5);
    assertThat(latency.summary().count()).isEqualTo(2);
    assertThat(latency.summary().p50Ms()).isEqualTo(0.0);
  }

  @Test
  void aBatchShareCountsEachItem() {
    Latency latency = new Latency();
    latency.record(2_000_000, 5);
    assertThat(latency.summary().count()).isEqualTo(5);
    assertThat(latency.summary().totalMs()).isEqualTo(10.0);
  }

  @Test
  void mergingNothingOrEmptyPartsGivesAnEmptySummary() {
    assertThat(Latency.merge(List.of())).isEqualTo(LatencySummary.EMPTY);
    assertThat(Latency.merge(List.of(LatencySummary.EMPTY, new Latency().summary())))
        .isEqualTo(LatencySummary.EMPTY);
  }

  @Test
  void aPartWithNoDurationsChangesNothing() {
    Latency latency = new Latency();
    for (int i = 1; i <= 100; i++) {
      latency.record(i * 1_000_000L);
    }
    LatencySummary alone = latency.summary();
    // A part of count 0 without a histogram would otherwise make the merge inexact.
    LatencySummary merged = Latency.merge(List.of(LatencySummary.EMPTY, alone, LatencySummary.EMPTY));
    assertThat(merged).isEqualTo(alone);
  }

  @Test
  void durationsAboveSixtySecondsAreClampedInTheMergeButTheMaxAndTotalStayExact() {
    Latency a = new Latency();
    a.record(90_000_000_000L); // 90 s
    a.record(1_000_000L);
    Latency b = new Latency();
    b.record(70_000_000_000L);
    b.record(2_000_000L);

    LatencySummary merged = Latency.merge(List.of(a.summary(), b.summary()));

    assertThat(merged.count()).isEqualTo(4);
    assertThat(merged.maxMs()).isEqualTo(90_000.0);
    assertThat(merged.totalMs()).isEqualTo(160_003.0);
    assertThat(merged.p50Ms()).isEqualTo(2.0, within(0.02));
    // Both long ones sit in the last bucket: 60 s, never above the exact max.
    assertThat(merged.p90Ms()).isEqualTo(60_000.0, within(600.0));
    assertThat(merged.p99Ms()).isEqualTo(merged.p90Ms()).isLessThanOrEqualTo(merged.maxMs());
    assertThat(HistogramText.decode(merged.histogram()).getTotalCount()).isEqualTo(4);
  }

  @Test
  void anUnreadableHistogramMakesTheMergeAnUpperBoundInsteadOfThrowing() {
    Latency latency = new Latency();
    latency.record(5_000_000L);
    LatencySummary good = latency.summary();
    LatencySummary damaged = new LatencySummary(3, 30, 10, 9, 12, 12, 12, 12, "SElTVEZBQUFB");

    LatencySummary merged = Latency.merge(List.of(good, damaged));

    assertThat(merged.histogram()).isNull();
    assertThat(merged.count()).isEqualTo(4);
    assertThat(merged.totalMs()).isEqualTo(35.0);
    assertThat(merged.p50Ms()).isEqualTo(9.0);
    assertThat(merged.p99Ms()).isEqualTo(12.0);
  }
}
