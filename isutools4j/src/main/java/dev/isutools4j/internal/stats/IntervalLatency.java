package dev.isutools4j.internal.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Durations of every request of one run, read back one interval at a time (the machine sampler's
 * p95 of each second).
 *
 * <p>Hot path: {@link #record} is wait-free and allocation-free (HdrHistogram's {@code Recorder}
 * over a fixed-range atomic histogram, so it never resizes). {@link #intervalInto} is for one reader.
 */
public final class IntervalLatency {

  private final Recorder micros =
      new Recorder(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);

  void record(long nanos) {
    micros.recordValue(Math.min(Math.max(nanos, 0) / 1_000, Latency.HIGHEST_MICROS));
  }

  /** A histogram in microseconds to hand to {@link #intervalInto}; keep it and reuse it. */
  public static Histogram newInterval() {
    return new Histogram(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);
  }

  /** Replaces {@code target}'s counts with the durations recorded since the previous call. */
  public void intervalInto(Histogram target) {
    micros.getIntervalHistogramInto(target);
  }
}
