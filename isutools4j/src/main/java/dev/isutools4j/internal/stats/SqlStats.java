package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlDialect;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * One SQL fingerprint within one run. Hot path: lock-free and allocation-free.
 */
public final class SqlStats {

  /** Samples longer than this are cut for display (the fingerprint is computed on the whole text). */
  public static final int MAX_SAMPLE = 64 * 1024;

  private final SecretColumns secrets;
  private final Latency latency = new Latency();
  private final LongAdder errors = new LongAdder();
  private final LongAdder rows = new LongAdder();
  private final LongAdder batches = new LongAdder();
  private final AtomicReference<String> sample = new AtomicReference<>();

  /** Stats whose sample masks the {@link SecretColumns#DEFAULT} columns. */
  public SqlStats() {
    this(SecretColumns.DEFAULT);
  }

  /** Stats whose sample statement has the values of {@code secrets} masked. */
  public SqlStats(SecretColumns secrets) {
    this.secrets = secrets;
  }

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

  /**
   * Keeps the first sample offered, cut to {@link #MAX_SAMPLE} characters, with the values of its
   * secret columns masked (read by {@code dialect}, as the statement was): once per kept sample, so
   * never on the hot path, which asks {@link #wantsSample} first.
   */
  public void offerSample(String statement, SqlDialect dialect) {
    if (sample.get() != null) {
      return;
    }
    // Cut first, so the scan is bounded; a value cut open is masked to the end.
    String kept = statement.length() > MAX_SAMPLE ? statement.substring(0, MAX_SAMPLE) : statement;
    kept = secrets.mask(kept, dialect);
    if (statement.length() > MAX_SAMPLE) {
      kept += " /* … " + statement.length() + " chars */";
    }
    sample.compareAndSet(null, kept);
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
