package dev.isutools4j.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A percentile bootstrap interval of the median of the groups' ratios: the groups are drawn with
 * replacement as many times as there are groups, the median of each draw taken, and the interval
 * is the middle {@code confidence} of those medians. A fixed seed makes a series' interval the
 * same each time it is computed.
 */
record MedianInterval(double median, double low, double high) {

  static final int RESAMPLES = 10_000;
  static final long SEED = 20_240_601L;

  /** The 95 % interval over {@link #RESAMPLES} resamples. */
  static MedianInterval of(List<Double> ratios) {
    return of(ratios, 0.95, RESAMPLES, SEED);
  }

  static MedianInterval of(List<Double> ratios, double confidence, int resamples, long seed) {
    if (ratios.isEmpty()) {
      throw new IllegalArgumentException("no groups");
    }
    double[] groups = ratios.stream().mapToDouble(Double::doubleValue).toArray();
    double[] draw = new double[groups.length];
    double[] medians = new double[resamples];
    SplittableRandom random = new SplittableRandom(seed);
    for (int r = 0; r < resamples; r++) {
      for (int i = 0; i < draw.length; i++) {
        draw[i] = groups[random.nextInt(groups.length)];
      }
      medians[r] = median(draw);
    }
    Arrays.sort(medians);
    double tail = (1 - confidence) / 2;
    return new MedianInterval(median(groups.clone()), Ratios.quantile(medians, tail),
        Ratios.quantile(medians, 1 - tail));
  }

  /** Sorts {@code values} and returns their median. */
  private static double median(double[] values) {
    Arrays.sort(values);
    return Ratios.quantile(values, 0.5);
  }
}
