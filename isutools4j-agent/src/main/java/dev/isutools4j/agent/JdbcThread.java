package dev.isutools4j.agent;

import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.stats.RequestScope;
import dev.isutools4j.internal.stats.RequestTimeline;
import dev.isutools4j.internal.stats.SqlStats;

/**
 * One thread's JDBC state: how deep it is in instrumented statement calls (only the outermost one
 * records, so a pool's proxy in front of a driver counts once), the lookup key for prepared
 * statements, the statement whose result set is yet to be fetched, the connection it last worked on
 * (with its dialect), and the few result sets whose rows it is counting. A result set that carries
 * the agent's field ({@link InjectedField}) names the state counting it there, so that its
 * {@code next()} finds it without a ThreadLocal.
 *
 * <p>Single-threaded by construction (one per thread); reused, so a call allocates nothing.
 */
final class JdbcThread {

  /** Result sets counted at once per thread; a nested query loop rarely goes deeper. */
  static final int RESULT_SLOTS = 4;

  private static final ThreadLocal<JdbcThread> CURRENT = ThreadLocal.withInitial(JdbcThread::new);

  int depth;
  /** When the outermost instrumented call in progress began (set as it enters). */
  long start;
  /** The thread this state is of: a result set's field names it, and another thread's is not used. */
  final Thread owner = Thread.currentThread();
  /** How deep it is in drivers' {@code connect} calls: a driver wrapping another counts once. */
  int connects;
  /** isutools4j's own threads (the database inspector's queries) are never recorded. */
  final boolean ignored = Thread.currentThread().getName().startsWith("isutools-");
  final WeakIdentityTable.Probe probe = new WeakIdentityTable.Probe();
  /** This thread's request scope, looked up once: the thread's own, for good. */
  final RequestScope scope = RequestScope.current();
  /**
   * The statement whose {@code execute} last returned a result set, and its stats: the rows of the
   * result set it hands out through {@code getResultSet()} are that execution's.
   */
  Object pendingStatement;
  SqlStats pendingStats;
  int pendingToken = RequestTimeline.NONE;
  /** The connection this thread last prepared or ran a statement on, and its dialect. */
  Object connection;
  SqlDialect dialect;

  private final Object[] results = new Object[RESULT_SLOTS];
  private final SqlStats[] resultStats = new SqlStats[RESULT_SLOTS];
  // The token of the statement each result set came from, in its request's timeline.
  private final int[] resultTokens = new int[RESULT_SLOTS];
  private int nextSlot;

  static JdbcThread current() {
    return CURRENT.get();
  }

  /**
   * Starts counting the rows of {@code result} for {@code stats} and for the statement of
   * {@code token} in its request's timeline, replacing the oldest if full.
   */
  void opened(Object result, SqlStats stats, int token) {
    int slot = -1;
    for (int i = 0; i < RESULT_SLOTS && slot < 0; i++) {
      if (results[i] == null) {
        slot = i;
      }
    }
    if (slot < 0) {
      slot = nextSlot;
      nextSlot = (nextSlot + 1) % RESULT_SLOTS;
    }
    results[slot] = result;
    resultStats[slot] = stats;
    resultTokens[slot] = token;
    if (result instanceof InjectedField field) {
      field.isutools$value(this);
    }
  }

  /**
   * The state that may count {@code result}: the one its field names when it is this thread's; for
   * a result set without the field, or named by another thread, this thread's; null when its field
   * says no thread ever counted it (nothing to look up).
   */
  static JdbcThread counting(Object result) {
    if (result instanceof InjectedField field) {
      Object named = field.isutools$value();
      if (named == null) {
        return null;
      }
      if (named instanceof JdbcThread thread && thread.owner == Thread.currentThread()) {
        return thread;
      }
    }
    return current();
  }

  /** The slot counting {@code result}, or -1 if this thread does not count it. */
  int slotOf(Object result) {
    for (int i = 0; i < RESULT_SLOTS; i++) {
      if (results[i] == result) {
        return i;
      }
    }
    return -1;
  }

  /** The stats whose rows {@code result} yields, or null if this thread does not count it. */
  SqlStats statsOf(Object result) {
    int slot = slotOf(result);
    return slot < 0 ? null : resultStats[slot];
  }

  /** Credits one row read from the result set of {@code slot}. */
  void rowRead(int slot) {
    resultStats[slot].rowsRead(1);
    scope.rowsRead(resultTokens[slot], 1);
  }

  /** Stops counting {@code result} (it is exhausted or closed), so that it is not held. */
  void released(Object result) {
    for (int i = 0; i < RESULT_SLOTS; i++) {
      if (results[i] == result) {
        results[i] = null;
        resultStats[i] = null;
      }
    }
  }
}
