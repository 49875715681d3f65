package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.stats.IntervalLatency;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.RecorderTotals;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The app as the run's recorder saw it: requests, their p95 and 5xx, SQL statements and SQL time,
 * per second of the interval. Not thread-safe: the sampler's thread only.
 */
final class AppProbe {

  private final Supplier<Recorder> recorder;
  private final Histogram interval = IntervalLatency.newInterval();
  private Recorder last;
  private RecorderTotals lastTotals = RecorderTotals.ZERO;

  AppProbe(Supplier<Recorder> recorder) {
    this.recorder = recorder;
  }

  void sample(Sample out, double seconds) {
    Recorder now = recorder.get();
    if (now != last) {
      last = now; // a fresh recorder counts from zero
      lastTotals = RecorderTotals.ZERO;
    }
    RecorderTotals totals = now.totals();
    now.requestIntervals().intervalInto(interval);
    RecorderTotals before = lastTotals;
    lastTotals = totals;
    if (out == null || seconds <= 0) {
      return;
    }
    out.set(MachineMetric.REQUESTS, (totals.requests() - before.requests()) / seconds);
    out.set(MachineMetric.ERRORS_5XX, (totals.serverErrors() - before.serverErrors()) / seconds);
    out.set(MachineMetric.SQL, (totals.statements() - before.statements()) / seconds);
    out.set(MachineMetric.SQL_TIME, (totals.sqlNanos() - before.sqlNanos()) / 1e6 / seconds);
    if (interval.getTotalCount() > 0) {
      out.set(MachineMetric.P95, interval.getValueAtPercentile(95) / 1e3);
    }
  }
}
