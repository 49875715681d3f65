package dev.isutools4j.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The summary the A-B-B-A harnesses print: median ratio, quartiles and range over the groups. */
final class Ratios {

  private Ratios() {}

  static void print(String what, List<Double> ratios) {
    List<Double> sorted = new ArrayList<>(ratios);
    sorted.sort(null);
    double median = quantile(sorted, 0.5);
    System.out.printf(Locale.ROOT, "%s: median B/A %.4f (%+.2f %%), quartiles %.4f .. %.4f, range %.4f .. %.4f, %d groups%n",
        what, median, (median - 1) * 100, quantile(sorted, 0.25), quantile(sorted, 0.75),
        sorted.get(0), sorted.get(sorted.size() - 1), sorted.size());
  }

  /** Linear interpolation between the closest ranks. */
  static double quantile(List<Double> sorted, double q) {
    return quantile(sorted.stream().mapToDouble(Double::doubleValue).toArray(), q);
  }

  /** Linear interpolation between the closest ranks of sorted values. */
  static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int low = (int) Math.floor(at);
    int high = Math.min(sorted.length - 1, low + 1);
    return sorted[low] + (at - low) * (sorted[high] - sorted[low]);
  }
}
