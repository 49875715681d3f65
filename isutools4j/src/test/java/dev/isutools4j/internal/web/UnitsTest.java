package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class UnitsTest {

  private static final String T = String.valueOf(Units.THIN);

  @Test
  void durationsUnderOneMillisecondAreWholeMicroseconds() {
    assertThat(Units.ms(0)).isEqualTo("0 µs");
    assertThat(Units.ms(0.0004)).isEqualTo("0 µs");
    assertThat(Units.ms(0.001)).isEqualTo("1 µs");
    assertThat(Units.ms(0.123)).isEqualTo("123 µs");
    assertThat(Units.ms(0.456)).isEqualTo("456 µs");
    assertThat(Units.ms(0.999)).isEqualTo("999 µs");
  }

  @Test
  void oneMillisecondAndAboveAreMilliseconds() {
    assertThat(Units.ms(0.9996)).isEqualTo("1.00 ms");
    assertThat(Units.ms(1)).isEqualTo("1.00 ms");
    assertThat(Units.ms(1.23)).isEqualTo("1.23 ms");
    assertThat(Units.ms(1.05)).isEqualTo("1.05 ms");
    assertThat(Units.ms(1.23456)).isEqualTo("1.23 ms");
    assertThat(Units.ms(1.2349)).isEqualTo("1.23 ms");
    assertThat(Units.ms(9.994)).isEqualTo("9.99 ms");
    assertThat(Units.ms(9.996)).isEqualTo("10.0 ms");
    assertThat(Units.ms(12.34)).isEqualTo("12.3 ms");
    assertThat(Units.ms(999.9)).isEqualTo("999.9 ms");
  }

  @Test
  void oneSecondAndAboveAreSeconds() {
    assertThat(Units.ms(999.96)).isEqualTo("1.00 s");
    assertThat(Units.ms(1000)).isEqualTo("1.00 s");
    assertThat(Units.ms(1234)).isEqualTo("1.23 s");
    assertThat(Units.ms(60_020)).isEqualTo("60.02 s");
    assertThat(Units.seconds(1.5)).isEqualTo("1.50 s");
  }

  @Test
  void longRunsAreShownInMinutesHoursOrDays() {
    assertThat(Units.seconds(61)).isEqualTo("61.00 s");
    assertThat(Units.seconds(119.99)).isEqualTo("119.99 s");
    assertThat(Units.seconds(120)).isEqualTo("2 min 00 s");
    assertThat(Units.seconds(725.4)).isEqualTo("12 min 05 s");
    assertThat(Units.seconds(7_199.6)).isEqualTo("2 h 00 min");
    assertThat(Units.seconds(3 * 3600 + 5 * 60)).isEqualTo("3 h 05 min");
    assertThat(Units.seconds(3 * 86_400 + 7 * 3600 + 59)).isEqualTo("3 d 7 h");
  }

  @Test
  void oddDurations() {
    assertThat(Units.ms(Double.NaN)).isEqualTo("—");
    assertThat(Units.ms(-1.5)).isEqualTo("-1.50 ms");
  }

  @Test
  void bytesUseBinaryUnits() {
    assertThat(Units.bytes(0)).isEqualTo("0 B");
    assertThat(Units.bytes(1023)).isEqualTo("1023 B");
    assertThat(Units.bytes(1024)).isEqualTo("1.0 KiB");
    assertThat(Units.bytes(1536)).isEqualTo("1.5 KiB");
    assertThat(Units.bytes(1024 * 1024 - 1)).isEqualTo("1.0 MiB");
    assertThat(Units.bytes(5L * 1024 * 1024 * 1024 / 2)).isEqualTo("2.5 GiB");
    assertThat(Units.bytes(3L << 40)).isEqualTo("3.0 TiB");
  }

  @Test
  void countsAreGroupedWithAThinSpace() {
    assertThat(Units.count(0)).isEqualTo("0");
    assertThat(Units.count(999)).isEqualTo("999");
    assertThat(Units.count(1000)).isEqualTo("1" + T + "000");
    assertThat(Units.count(12_345_678)).isEqualTo("12" + T + "345" + T + "678");
    assertThat(Units.count(-1234)).isEqualTo("-1" + T + "234");
  }

  @Test
  void ratiosAndPercentages() {
    assertThat(Units.ratio(0)).isEqualTo("0.00");
    assertThat(Units.ratio(2.5)).isEqualTo("2.50");
    assertThat(Units.ratio(99.999)).isEqualTo("100");
    assertThat(Units.ratio(12_345.6)).isEqualTo("12" + T + "346");
    assertThat(Units.ratio(Double.NaN)).isEqualTo("—");
    assertThat(Units.percent(0.875)).isEqualTo("87.5 %");
    assertThat(Units.percent(1.0)).isEqualTo("100.0 %");
    assertThat(Units.percent(null)).isEqualTo("—");
  }

  @Property
  void aDurationNeverShowsAnOverflowedUnit(@ForAll @DoubleRange(min = 0, max = 1e7) double ms) {
    String shown = Units.ms(ms);
    assertThat(shown).matches("(\\d{1,3} µs)|(\\d\\.\\d\\d ms)|(\\d{2,3}\\.\\d ms)|(\\d+\\.\\d\\d s)");
  }
}
