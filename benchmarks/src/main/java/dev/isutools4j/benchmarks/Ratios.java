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
    double at = q * (sorted.size() - 1);
    int low = (int) Math.floor(at);
    int high = Math.min(sorted.size() - 1, low + 1);
    return sorted.get(low) + (at - low) * (sorted.get(high) - sorted.get(low));
  }
}
