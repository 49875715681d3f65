package dev.isutools4j.internal.jdbc;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;
import dev.isutools4j.internal.stats.RequestTimeline;
import dev.isutools4j.internal.stats.SqlStats;

/**
 * Where the JDBC wrappers hand their measurements to the current run. Every method catches its own
 * failures: nothing here ever throws into the app.
 *
 * <p>Hot path: lock-free and allocation-free (array reads, LongAdders, the thread's request scope).
 */
final class SqlRecording {

  private SqlRecording() {}

  /**
   * The shape of {@code sql} read by {@code dialect}, or null if it could not be resolved (then
   * nothing is recorded).
   */
  static SqlShape shape(String sql, SqlDialect dialect) {
    try {
      return sql == null ? null : Recording.sql().shape(sql, dialect);
    } catch (Throwable t) {
      Health.failed("jdbc: fingerprint", t);
      return null;
    }
  }

  /** Whether the current run still wants a sample statement for {@code shape}. */
  static boolean wantsSample(SqlShape shape) {
    try {
      return shape != null && Recording.recorder().sql(shape.id()).wantsSample();
    } catch (Throwable t) {
      Health.failed("jdbc: sample", t);
      return false;
    }
  }

  /**
   * Records one execution that started at {@code startNanos}; returns the stats it went to (for rows
   * read later), or null.
   */
  static SqlStats executed(SqlShape shape, long startNanos, long affectedRows, boolean failed,
      String sample) {
    if (shape == null) {
      return null;
    }
    try {
      long nanos = System.nanoTime() - startNanos;
      SqlStats stats = Recording.recorder().sql(shape.id());
      stats.executed(nanos, affectedRows, failed);
      if (sample != null && stats.wantsSample()) {
        stats.offerSample(sample, shape.dialect());
      }
      RequestScope.current().add(shape.id(), startNanos, nanos, affectedRows, failed, 1, sample);
      return stats;
    } catch (Throwable t) {
      Health.failed("jdbc: record", t);
      return null;
    }
  }

  /** Records one JDBC batch of {@code items} statements of one shape. */
  static void batchExecuted(SqlShape shape, long nanos, int items, long affectedRows,
      boolean failed, String sample) {
    if (shape == null) {
      return;
    }
    try {
      SqlStats stats = Recording.recorder().sql(shape.id());
      stats.batchExecuted(nanos, items, affectedRows, failed);
      if (sample != null && stats.wantsSample()) {
        stats.offerSample(sample, shape.dialect());
      }
      RequestScope.current().add(shape.id(), System.nanoTime() - nanos, nanos, affectedRows, failed,
          items, sample);
    } catch (Throwable t) {
      Health.failed("jdbc: record batch", t);
    }
  }

  /**
   * The token of the statement this thread's request ran last (the one whose result set is about
   * to be counted), or {@link RequestTimeline#NONE}.
   */
  static int lastStatement() {
    try {
      return RequestScope.current().lastStatement();
    } catch (Throwable t) {
      Health.failed("jdbc: statement", t);
      return RequestTimeline.NONE;
    }
  }

  /** Credits rows the app read from a result set, to its fingerprint and to its statement's request. */
  static void rowsRead(SqlStats stats, long rows, int statement) {
    if (stats == null || rows == 0) {
      return;
    }
    try {
      stats.rowsRead(rows);
      if (statement != RequestTimeline.NONE) {
        RequestScope.current().rowsRead(statement, rows);
      }
    } catch (Throwable t) {
      Health.failed("jdbc: rows", t);
    }
  }

  /** The rows a batch affected: the sum of its positive update counts. */
  static long affected(long[] counts) {
    long sum = 0;
    if (counts != null) {
      for (long c : counts) {
        sum += Math.max(c, 0);
      }
    }
    return sum;
  }

  static long[] widen(int[] counts) {
    if (counts == null) {
      return null;
    }
    long[] wide = new long[counts.length];
    for (int i = 0; i < counts.length; i++) {
      wide[i] = counts[i];
    }
    return wide;
  }
}
