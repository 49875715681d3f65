package dev.isutools4j.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {

  @Test
  void identicalGroupsGiveAnIntervalOfNoWidth() {
    MedianInterval m = MedianInterval.of(List.of(0.99, 0.99, 0.99, 0.99));

    assertThat(m.median()).isEqualTo(0.99);
    assertThat(m.low()).isEqualTo(0.99);
    assertThat(m.high()).isEqualTo(0.99);
  }

  @Test
  void theIntervalHoldsTheMedianAndStaysWithinTheGroups() {
    List<Double> ratios = List.of(0.95, 1.02, 0.98, 1.01, 0.97, 0.99, 1.00, 0.96, 1.03, 0.98);

    MedianInterval m = MedianInterval.of(ratios);

    assertThat(m.median()).isEqualTo(0.985, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(m.low()).isLessThanOrEqualTo(m.median()).isGreaterThanOrEqualTo(0.95);
    assertThat(m.high()).isGreaterThanOrEqualTo(m.median()).isLessThanOrEqualTo(1.03);
  }

  @Test
  void theSameSeedGivesTheSameInterval() {
    List<Double> ratios = List.of(0.91, 1.04, 0.99, 0.97, 1.01);

    assertThat(MedianInterval.of(ratios)).isEqualTo(MedianInterval.of(ratios));
  }

  @Test
  void moreGroupsOfTheSameSpreadNarrowTheInterval() {
    List<Double> few = new ArrayList<>();
    List<Double> many = new ArrayList<>();
    double[] spread = {0.96, 0.98, 1.00, 1.02, 1.04};
    for (double r : spread) {
      few.add(r);
    }
    for (int copy = 0; copy < 16; copy++) {
      for (double r : spread) {
        many.add(r);
      }
    }

    MedianInterval narrow = MedianInterval.of(many);
    MedianInterval wide = MedianInterval.of(few);

    assertThat(narrow.high() - narrow.low()).isLessThan(wide.high() - wide.low());
  }

  @Test
  void noGroupsIsAnError() {
    assertThatThrownBy(() -> MedianInterval.of(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
