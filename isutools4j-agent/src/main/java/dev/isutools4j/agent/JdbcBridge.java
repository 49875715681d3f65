package dev.isutools4j.agent;

import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.jdbc.SampleStatement;
import dev.isutools4j.internal.jdbc.TextBatch;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestTimeline;
import dev.isutools4j.internal.stats.SqlStats;
import java.sql.Driver;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the JDBC hooks call: the same recorder, fingerprints and request scope as the library's
 * wrappers, each statement read by the dialect of its connection ({@link ConnectionDialects}).
 * Public only because the hooks are woven into driver classes in other packages.
 *
 * <p>Hot path: allocation-free and lock-free (the thread's reused {@link JdbcThread}, found once per
 * call and handed from the entry call to the exit call; the shape in the statement's own field;
 * array reads, LongAdders). Every method catches its own failures, counts them in {@link Health} and
 * returns: nothing reaches the app.
 */
public final class JdbcBridge {

  /** Live prepared statements without the field ({@link InjectedField}) remembered at once; beyond, new ones go unrecorded. */
  static final int MAX_PREPARED = 100_000;
  /** Statements capturing their values for a sample at once: samples are wanted rarely. */
  static final int MAX_CAPTURING = 256;
  /** Plain statements with a batch of texts pending at once, and texts per batch. */
  static final int MAX_BATCHES = 1_000;
  static final int MAX_BATCH_TEXTS = 100_000;

  /** The SQL shape of each prepared statement whose class was loaded before the agent (no field). */
  private static final WeakIdentityTable<SqlShape> PREPARED = new WeakIdentityTable<>(MAX_PREPARED);
  /** The values set on prepared statements whose fingerprint still wants a sample. */
  private static final WeakIdentityTable<SampleStatement> CAPTURING = new WeakIdentityTable<>(MAX_CAPTURING);
  /** The texts added to plain statements' batches. */
  private static final WeakIdentityTable<List<String>> BATCHES = new WeakIdentityTable<>(MAX_BATCHES);

  private JdbcBridge() {}

  /**
   * Enters an instrumented call: returns the thread's state (null if that failed), which the exit
   * hook hands back; the thread's outermost call notes its start time there.
   */
  public static Object enter() {
    try {
      JdbcThread thread = JdbcThread.current();
      if (thread.depth++ == 0) {
        thread.start = System.nanoTime();
      }
      return thread;
    } catch (Throwable t) {
      Health.failed("agent: jdbc enter", t);
      return null;
    }
  }

  /**
   * {@link #enter()} for a call whose time is not recorded (a prepare, {@code setAutoCommit}): no
   * clock read, which on some machines costs as much as the rest of the hook.
   */
  public static Object enterUntimed() {
    try {
      JdbcThread thread = JdbcThread.current();
      thread.depth++;
      return thread;
    } catch (Throwable t) {
      Health.failed("agent: jdbc enter", t);
      return null;
    }
  }

  /** Leaves a call entered by {@link #enter()} or {@link #enterUntimed()}, whatever it returned. */
  public static void exit(Object call) {
    leave(call);
  }

  /**
   * Leaves a call entered by {@link #enter()}: the thread's state if the call was the thread's
   * outermost and is to be recorded, else null (nested, isutools4j's own thread, or a failure).
   */
  private static JdbcThread leave(Object call) {
    if (!(call instanceof JdbcThread thread)) {
      return null;
    }
    if (thread.depth > 0) {
      thread.depth--;
    }
    return thread.depth == 0 && !thread.ignored ? thread : null;
  }

  /**
   * Enters a driver's {@code connect}: what the driver runs inside it counts as nested. True for the
   * thread's outermost connect (a driver wrapping another is the one the app called), unless the
   * thread is isutools4j's own (the inspector's connections are not the app's).
   */
  public static boolean connecting() {
    try {
      JdbcThread thread = JdbcThread.current();
      thread.depth++;
      return thread.connects++ == 0 && !thread.ignored;
    } catch (Throwable t) {
      Health.failed("agent: jdbc connect", t);
      return false;
    }
  }

  /**
   * A driver's {@code connect} ended: a connection from the outermost one makes its driver, URL and
   * properties the database target (one volatile write, and only when it changed).
   *
   * @param connection the connection returned; null when the driver declined the URL or failed
   */
  public static void connected(boolean outermost, Object driver, Object url, Object info,
      Object connection) {
    try {
      JdbcThread thread = JdbcThread.current();
      if (thread.depth > 0) {
        thread.depth--;
      }
      if (thread.connects > 0) {
        thread.connects--;
      }
      if (outermost && connection != null && url instanceof String text
          && driver instanceof Driver real) {
        DatabaseTargets.connected(real, text, info instanceof Properties properties ? properties : null);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc connect", t);
    }
  }

  /**
   * A statement was prepared on {@code connection} (the outermost prepare only): remembers its
   * SQL's shape, read by the connection's dialect.
   */
  public static void prepared(Object call, Object connection, Object statement, Object sql) {
    JdbcThread thread = leave(call);
    if (thread == null || statement == null || !(sql instanceof String text)) {
      return;
    }
    try {
      SqlDialect dialect = ConnectionDialects.of(connection, thread);
      SqlShape shape = Recording.sql().shape(text, dialect);
      if (shape != null && remember(statement, shape)
          && Recording.recorder().sql(shape.id()).wantsSample()) {
        CAPTURING.put(statement, new SampleStatement());
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc prepare", t);
    }
  }

  /** Remembers a prepared statement's shape: in its field, or in the table; false if that is full. */
  private static boolean remember(Object statement, SqlShape shape) {
    if (statement instanceof InjectedField field) {
      field.isutools$value(shape);
      return true;
    }
    return PREPARED.put(statement, shape);
  }

  /** The shape a prepared statement was prepared with, or null. Allocation-free. */
  private static SqlShape shapeOf(Object statement, JdbcThread thread) {
    if (statement instanceof InjectedField field) {
      return field.isutools$value() instanceof SqlShape shape ? shape : null;
    }
    return PREPARED.get(statement, thread.probe);
  }

  /**
   * Whether some prepared statement is capturing its values: one read, false in the steady state,
   * so that a setter's hook costs nothing more (and boxes nothing) when no sample is wanted.
   */
  public static boolean capturing() {
    return !CAPTURING.isEmpty();
  }

  /** A setter gave parameter {@code index} of {@code statement} this value (null for SQL NULL). */
  public static void parameter(Object statement, int index, Object value) {
    try {
      SampleStatement values = CAPTURING.get(statement, JdbcThread.current().probe);
      if (values != null) {
        values.setAny(index, value);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc parameter", t);
    }
  }

  /** {@code setNull}: parameter {@code index} of {@code statement} is SQL NULL. */
  public static void nullParameter(Object statement, int index) {
    parameter(statement, index, null);
  }

  /** A text was added to a plain statement's batch (the outermost call only). */
  public static void addedToBatch(Object call, Object statement, Object sql, Throwable thrown) {
    JdbcThread thread = leave(call);
    if (thread == null || thrown != null || statement == null || !(sql instanceof String text)) {
      return;
    }
    try {
      List<String> texts = BATCHES.get(statement, thread.probe);
      if (texts == null) {
        texts = new ArrayList<>();
        if (!BATCHES.put(statement, texts)) {
          return;
        }
      }
      if (texts.size() < MAX_BATCH_TEXTS) {
        texts.add(text);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc batch", t);
    }
  }

  /** A statement's batch was cleared without running. */
  public static void batchCleared(Object statement) {
    try {
      if (!BATCHES.isEmpty()) {
        BATCHES.remove(statement, JdbcThread.current().probe);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc batch", t);
    }
  }

  /**
   * {@code getResultSet()} handed out {@code result}: if its statement's last {@code execute}
   * produced it, its rows are counted for that execution, as a query's are.
   */
  public static void resultSet(Object statement, Object result) {
    try {
      JdbcThread thread = JdbcThread.current();
      if (statement != null && statement == thread.pendingStatement) {
        SqlStats stats = thread.pendingStats;
        int token = thread.pendingToken;
        thread.pendingStatement = null;
        thread.pendingStats = null;
        thread.pendingToken = RequestTimeline.NONE;
        if (result != null && thread.statsOf(result) == null) {
          thread.opened(result, stats, token);
        }
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc result", t);
    }
  }

  /** {@code commit()} ended. */
  public static void committed(Object call, Throwable thrown) {
    ended(call, "COMMIT", thrown);
  }

  /** {@code rollback()} ended. */
  public static void rolledBack(Object call, Throwable thrown) {
    ended(call, "ROLLBACK", thrown);
  }

  /** A {@code commit()} or {@code rollback()} ended: recorded as the statement {@code COMMIT} or {@code ROLLBACK}. */
  static void ended(Object call, String statement, Throwable thrown) {
    JdbcThread thread = leave(call);
    if (thread == null) {
      return;
    }
    try {
      long start = thread.start;
      long nanos = System.nanoTime() - start;
      SqlShape shape = Recording.sql().shape(statement, SqlDialect.MYSQL); // the same in any
      SqlStats stats = Recording.recorder().sql(shape.id());
      stats.executed(nanos, 0, thrown != null);
      if (thrown == null && stats.wantsSample()) {
        stats.offerSample(statement, shape.dialect());
      }
      thread.scope.add(shape.id(), start, nanos, 0, thrown != null, 1, statement);
    } catch (Throwable t) {
      Health.failed("agent: jdbc transaction", t);
    }
  }

  /**
   * A query ran: records it and starts counting the rows of its result set.
   *
   * @param sql the text passed to the call, or null for a prepared statement's own
   */
  public static void queried(Object call, Object statement, Object sql, Object result,
      Throwable thrown) {
    JdbcThread thread = leave(call);
    if (thread == null) {
      return;
    }
    SqlStats stats = record(thread, statement, sql, 0, thrown != null);
    if (stats != null && result != null) {
      try {
        thread.opened(result, stats, thread.scope.lastStatement());
      } catch (Throwable t) {
        Health.failed("agent: jdbc result", t);
      }
    }
  }

  /** An update ran and changed {@code rows} rows. */
  public static void updated(Object call, Object statement, Object sql, int rows,
      Throwable thrown) {
    updated(call, statement, sql, (long) rows, thrown);
  }

  /** A large update ran and changed {@code rows} rows. */
  public static void updated(Object call, Object statement, Object sql, long rows,
      Throwable thrown) {
    JdbcThread thread = leave(call);
    if (thread != null) {
      record(thread, statement, sql, thrown != null ? 0 : Math.max(rows, 0), thrown != null);
    }
  }

  /** An {@code execute} ran; without a result set its update count is the rows it changed. */
  public static void executed(Object call, Object statement, Object sql, boolean hasResultSet,
      Throwable thrown) {
    JdbcThread thread = leave(call);
    if (thread == null) {
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
    SqlStats stats = record(thread, statement, sql, rows, thrown != null);
    if (stats != null && hasResultSet && thrown == null) {
      try {
        thread.pendingStatement = statement;
        thread.pendingStats = stats;
        thread.pendingToken = thread.scope.lastStatement();
      } catch (Throwable t) {
        Health.failed("agent: jdbc result", t);
      }
    }
  }

  /**
   * A batch ran: a prepared statement's (its items are its SQL with each set of values), or a
   * plain statement's texts ({@link TextBatch}, as the library records them). {@code counts} is
   * null when the batch failed; a large batch's are {@code long}s.
   */
  public static void batched(Object call, Object statement, Object returned, Throwable thrown) {
    int[] counts = returned instanceof int[] ints ? ints : null;
    long[] largeCounts = returned instanceof long[] longs ? longs : null;
    JdbcThread thread = leave(call);
    if (thread == null) {
      return;
    }
    try {
      long start = thread.start;
      long nanos = System.nanoTime() - start;
      SqlShape shape = shapeOf(statement, thread);
      if (shape == null) {
        List<String> texts = BATCHES.isEmpty() ? null : BATCHES.remove(statement, thread.probe);
        if (texts != null) {
          SqlDialect dialect = ConnectionDialects.ofStatement(statement, thread);
          if (counts != null) {
            TextBatch.record(texts, dialect, nanos, counts, thrown != null);
          } else {
            TextBatch.record(texts, dialect, nanos, largeCounts, thrown != null);
          }
        }
        return;
      }
      int items = counts != null ? counts.length : largeCounts != null ? largeCounts.length : 0;
      long rows = 0;
      for (int i = 0; i < items; i++) {
        rows += count(counts, largeCounts, i);
      }
      SqlStats stats = Recording.recorder().sql(shape.id());
      stats.batchExecuted(nanos, Math.max(items, 1), rows, thrown != null);
      String sample = offerCapturedSample(statement, shape, stats, thread);
      thread.scope.add(shape.id(), start, nanos, rows, thrown != null, Math.max(items, 1), sample);
    } catch (Throwable t) {
      Health.failed("agent: jdbc batch", t);
    }
  }

  private static long count(int[] counts, long[] largeCounts, int i) {
    if (counts != null) {
      return i < counts.length ? Math.max(counts[i], 0) : 0;
    }
    return largeCounts != null && i < largeCounts.length ? Math.max(largeCounts[i], 0) : 0;
  }

  /** {@code next()} returned {@code more} on {@code result}: credits a row to its query. */
  public static void next(Object result, boolean more) {
    try {
      JdbcThread thread = JdbcThread.counting(result);
      if (thread == null) {
        return;
      }
      int slot = thread.slotOf(result);
      if (slot < 0) {
        return;
      }
      if (more) {
        thread.rowRead(slot);
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
      JdbcThread thread = JdbcThread.counting(result);
      if (thread != null) {
        thread.released(result);
      }
    } catch (Throwable t) {
      Health.failed("agent: jdbc close", t);
    }
  }

  private static SqlStats record(JdbcThread thread, Object statement, Object passed, long rows,
      boolean failed) {
    String sql = passed instanceof String string ? string : null;
    try {
      long start = thread.start;
      long nanos = System.nanoTime() - start;
      SqlShape shape = sql != null
          ? Recording.sql().shape(sql, ConnectionDialects.ofStatement(statement, thread))
          : shapeOf(statement, thread);
      if (shape == null) {
        return null;
      }
      SqlStats stats = Recording.recorder().sql(shape.id());
      stats.executed(nanos, rows, failed);
      String text = sql;
      if (sql != null) {
        // A plain statement's text is a real statement: the library offers it as the sample too.
        if (stats.wantsSample()) {
          stats.offerSample(sql, shape.dialect());
        }
      } else {
        text = offerCapturedSample(statement, shape, stats, thread);
      }
      thread.scope.add(shape.id(), start, nanos, rows, failed, 1, text);
      return stats;
    } catch (Throwable t) {
      Health.failed("agent: jdbc record", t);
      return null;
    }
  }

  /**
   * A prepared statement that captured its values renders them once, and stops capturing; returns
   * the rendered statement, or null when it captured nothing.
   */
  private static String offerCapturedSample(Object statement, SqlShape shape, SqlStats stats,
      JdbcThread thread) {
    if (CAPTURING.isEmpty()) {
      return null;
    }
    SampleStatement values = CAPTURING.remove(statement, thread.probe);
    if (values == null) {
      return null;
    }
    String sample = values.render(shape);
    if (stats.wantsSample()) {
      stats.offerSample(sample, shape.dialect());
    }
    return sample;
  }

  /** Live prepared statements remembered (for tests). */
  static int preparedCount() {
    return PREPARED.size();
  }
}
