package dev.isutools4j.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Requests per second over the last interval, however often it is read. */
class RequestRateTest {

  @Test
  void theRateIsOverTheLastSecondOrTwoHoweverOftenItIsRead() {
    RequestRate rate = new RequestRate(10_000);
    assertThat(rate.perSecond(10_000, 0)).as("no time has passed").isZero();
    assertThat(rate.perSecond(10_500, 50)).as("since the start").isEqualTo(100.0);
    assertThat(rate.perSecond(11_000, 100)).as("a reading a second old").isEqualTo(100.0);
    assertThat(rate.perSecond(11_100, 400)).as("read again soon after: still over more than a second").isEqualTo(400.0 * 1000 / 1100);
    assertThat(rate.perSecond(12_000, 1_100)).as("over the second since the reading at 11 s")
        .isEqualTo(1_000.0);
    assertThat(rate.perSecond(12_500, 1_100)).as("no request in the last half second")
        .isEqualTo(1_000.0 * 1000 / 1500);
    assertThat(rate.perSecond(14_000, 1_100)).as("none for two seconds").isZero();
  }
}
