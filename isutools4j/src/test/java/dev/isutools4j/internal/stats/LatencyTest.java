package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.snapshot.LatencySummary;
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
}
