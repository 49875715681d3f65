package dev.isutools4j.internal.stats;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * One SQL fingerprint within one run. Hot path: lock-free and allocation-free.
 */
public final class SqlStats {

  /** Samples longer than this are cut for display (the fingerprint is computed on the whole text). */
  public static final int MAX_SAMPLE = 64 * 1024;

  private final Latency latency = new Latency();
  private final LongAdder errors = new LongAdder();
  private final LongAdder rows = new LongAdder();
  private final LongAdder batches = new LongAdder();
  private final AtomicReference<String> sample = new AtomicReference<>();

  /** One execution that took {@code nanos}; {@code rows} affected by a write (0 for a read). */
  public void executed(long nanos, long affectedRows, boolean failed) {
    latency.record(nanos);
    if (affectedRows > 0) {
      rows.add(affectedRows);
    }
    if (failed) {
      errors.increment();
    }
  }

  /** One batch of {@code items} statements; the time is shared evenly among them. */
  public void batchExecuted(long nanos, int items, long affectedRows, boolean failed) {
    int n = Math.max(items, 1);
    latency.record(nanos / n, n);
    batches.increment();
    if (affectedRows > 0) {
      rows.add(affectedRows);
    }
    if (failed) {
      errors.increment();
    }
  }

  /** Rows the app read from a result set of this fingerprint. */
  public void rowsRead(long count) {
    if (count > 0) {
      rows.add(count);
    }
  }

  /** Whether a sample statement is still wanted (a volatile read). */
  public boolean wantsSample() {
    return sample.get() == null;
  }

  /** Keeps the first sample offered, cut to {@link #MAX_SAMPLE} characters. */
  public void offerSample(String statement) {
    if (statement.length() > MAX_SAMPLE) {
      statement = statement.substring(0, MAX_SAMPLE) + " /* … " + statement.length() + " chars */";
    }
    sample.compareAndSet(null, statement);
  }

  public Latency latency() {
    return latency;
  }

  public long errors() {
    return errors.sum();
  }

  public long rows() {
    return rows.sum();
  }

  public long batches() {
    return batches.sum();
  }

  public String sample() {
    return sample.get();
  }
}
