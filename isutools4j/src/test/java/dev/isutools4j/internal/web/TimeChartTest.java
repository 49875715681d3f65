package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeChartTest {

  @Test
  void decimalAxesEndOnOneTwoTwoAndAHalfOrFive() {
    assertThat(TimeChart.niceCeiling(0)).isEqualTo(1);
    assertThat(TimeChart.niceCeiling(0.7)).isEqualTo(1);
    assertThat(TimeChart.niceCeiling(1)).isEqualTo(1);
    assertThat(TimeChart.niceCeiling(13)).isEqualTo(20);
    assertThat(TimeChart.niceCeiling(220)).isEqualTo(250);
    assertThat(TimeChart.niceCeiling(4321)).isEqualTo(5000);
  }

  @Test
  void byteAxesEndOnPowersOfTwo() {
    assertThat(TimeChart.binaryCeiling(0)).isEqualTo(1024);
    assertThat(TimeChart.binaryCeiling(100 * 1024)).isEqualTo(128 * 1024);
    assertThat(TimeChart.binaryCeiling(1.2 * (1 << 30))).isEqualTo(2.0 * (1 << 30));
    assertThat(TimeChart.binaryCeiling(953 * 1024 * 1024)).isEqualTo(1024.0 * 1024 * 1024);
  }

  @Test
  void timeLabelsAndCoordinates() {
    assertThat(TimeChart.time(new StringBuilder(), 45).toString()).isEqualTo("45 s");
    assertThat(TimeChart.time(new StringBuilder(), 725).toString()).isEqualTo("12:05");
    assertThat(TimeChart.coord(new StringBuilder(), 12.04).toString()).isEqualTo("12");
    assertThat(TimeChart.coord(new StringBuilder(), -3.26).toString()).isEqualTo("-3.3");
  }
}
