package dev.isutools4j.agent;

import dev.isutools4j.run.Health;
import dev.isutools4j.run.Runs;
import dev.isutools4j.sql.SqlShape;
import dev.isutools4j.stats.RequestScope;
import dev.isutools4j.stats.SqlStats;
import java.sql.Statement;

/**
 * What the JDBC advice calls: the same recorder, fingerprints and request scope as the library's
 * wrappers. Public only because advice code is inlined into driver classes in other packages.
 *
 * <p>Hot path: allocation-free (the thread's reused {@link JdbcThread}, array reads, LongAdders). Every
 * method catches its own failures, counts them in {@link Health} and returns: nothing reaches the app.
 */
public final class JdbcBridge {

  /** Returned by {@link #enter()} for a call that records nothing (nested, or a failure). */
  public static final long SKIP = Long.MIN_VALUE;

  private static final PreparedSql PREPARED = new PreparedSql();

  private JdbcBridge() {}

  /** Enters an instrumented call: its start time if it is the thread's outermost, else SKIP. */
  public static long enter() {
    try {
      JdbcThread thread = JdbcThread.current();
      if (thread.depth++ > 0 || thread.ignored) {
        return SKIP;
      }
      return System.nanoTime();
    } catch (Throwable t) {
      Health.failed("agent: jdbc enter", t);
      return SKIP;
    }
  }

  /** Leaves a call entered by {@link #enter()}, whatever it returned. */
  public static void exit() {
    try {
      JdbcThread thread = JdbcThread.current();
      if (thread.depth > 0) {
        thread.depth--;
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc exit", t);
    }
  }

  /** A statement was prepared (the outermost prepare only): remembers its SQL's shape. */
  public static void prepared(long start, Object statement, String sql) {
    exit();
    if (start == SKIP || statement == null || sql == null) {
      return;
    }
    try {
      SqlShape shape = Runs.sql().shape(sql);
      if (shape != null) {
        PREPARED.put(statement, shape);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc prepare", t);
    }
  }

  /**
   * A query ran: records it and starts counting the rows of its result set.
   *
   * @param sql the text passed to the call, or null for a prepared statement's own
   */
  public static void queried(long start, Object statement, String sql, Object result,
      Throwable thrown) {
    exit();
    if (start == SKIP) {
      return;
    }
    SqlStats stats = record(start, statement, sql, 0, thrown != null);
    if (stats != null && result != null) {
      try {
        JdbcThread.current().opened(result, stats);
      } catch (Throwable t) {
        Health.failed("agent: jdbc result", t);
      }
    }
  }

  /** An update ran and changed {@code rows} rows. */
  public static void updated(long start, Object statement, String sql, long rows,
      Throwable thrown) {
    exit();
    if (start != SKIP) {
      record(start, statement, sql, thrown != null ? 0 : Math.max(rows, 0), thrown != null);
    }
  }

  /** An {@code execute} ran; without a result set its update count is the rows it changed. */
  public static void executed(long start, Object statement, String sql, boolean hasResultSet,
      Throwable thrown) {
    exit();
    if (start == SKIP) {
      return;
    }
    long rows = 0;
    if (thrown == null && !hasResultSet && statement instanceof Statement s) {
      try {
        rows = Math.max(s.getUpdateCount(), 0);
      } catch (Throwable ignored) {
        // The count is a nicety; the app's call already succeeded.
      }
    }
    record(start, statement, sql, rows, thrown != null);
  }

  /** A prepared statement's batch ran: {@code counts} (null when it failed) says its items. */
  public static void batched(long start, Object statement, int[] counts, long[] largeCounts,
      Throwable thrown) {
    exit();
    if (start == SKIP) {
      return;
    }
    try {
      SqlShape shape = PREPARED.get(statement, JdbcThread.current().probe);
      if (shape == null) {
        return; // a plain Statement's batch of texts: not recorded by the agent
      }
      long nanos = System.nanoTime() - start;
      int items = counts != null ? counts.length : largeCounts != null ? largeCounts.length : 0;
      long rows = 0;
      if (counts != null) {
        for (int c : counts) {
          rows += Math.max(c, 0);
        }
      } else if (largeCounts != null) {
        for (long c : largeCounts) {
          rows += Math.max(c, 0);
        }
      }
      Runs.recorder().sql(shape.id()).batchExecuted(nanos, Math.max(items, 1), rows, thrown != null);
      RequestScope.current().add(shape.id(), nanos);
    } catch (Throwable t) {
      Health.failed("agent: jdbc batch", t);
    }
  }

  /** {@code next()} returned {@code more} on {@code result}: credits a row to its query. */
  public static void next(Object result, boolean more) {
    try {
      JdbcThread thread = JdbcThread.current();
      SqlStats stats = thread.statsOf(result);
      if (stats == null) {
        return;
      }
      if (more) {
        stats.rowsRead(1);
      } else {
        thread.released(result);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc rows", t);
    }
  }

  /** A result set was closed: stops counting it. */
  public static void closed(Object result) {
    try {
      JdbcThread.current().released(result);
    } catch (Throwable t) {
      Health.failed("agent: jdbc close", t);
    }
  }

  private static SqlStats record(long start, Object statement, String sql, long rows,
      boolean failed) {
    try {
      long nanos = System.nanoTime() - start;
      SqlShape shape = sql != null ? Runs.sql().shape(sql)
          : PREPARED.get(statement, JdbcThread.current().probe);
      if (shape == null) {
        return null;
      }
      SqlStats stats = Runs.recorder().sql(shape.id());
      stats.executed(nanos, rows, failed);
      // A plain statement's text is a real statement: the library offers it as the sample too.
      if (sql != null && stats.wantsSample()) {
        stats.offerSample(sql);
      }
      RequestScope.current().add(shape.id(), nanos);
      return stats;
    } catch (Throwable t) {
      Health.failed("agent: jdbc record", t);
      return null;
    }
  }

  /** Live prepared statements remembered (for tests). */
  static int preparedCount() {
    return PREPARED.size();
  }
}
