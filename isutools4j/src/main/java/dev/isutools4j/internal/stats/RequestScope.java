package dev.isutools4j.internal.stats;

/**
 * The SQL one request ran so far, kept per thread and reused from request to request: per
 * fingerprint for its route's table, and statement by statement in its {@link RequestTimeline}.
 *
 * <p>Hot path: allocation-free after the thread's first request; only its own thread touches it.
 */
public final class RequestScope {

  static final int MAX_DISTINCT = 64;

  private static final ThreadLocal<RequestScope> CURRENT = ThreadLocal.withInitial(RequestScope::new);

  private int depth;
  private int queries;
  private long sqlNanos;
  private int distinct;
  private final int[] ids = new int[MAX_DISTINCT];
  private final int[] counts = new int[MAX_DISTINCT];
  private final long[] nanos = new long[MAX_DISTINCT];
  private int overflowCount;
  private long overflowNanos;
  private final RequestTimeline timeline = new RequestTimeline(timelineLimit());

  private static int timelineLimit() {
    var traces = Recording.settings().traces();
    return traces.on() ? traces.statements() : 0;
  }

  /** This thread's scope. */
  public static RequestScope current() {
    return CURRENT.get();
  }

  /** Opens a request; returns false if one is already open on this thread (a nested dispatch). */
  public boolean begin() {
    if (depth++ > 0) {
      return false;
    }
    queries = 0;
    sqlNanos = 0;
    distinct = 0;
    overflowCount = 0;
    overflowNanos = 0;
    timeline.clear();
    return true;
  }

  /** Closes the request opened by a {@link #begin} that returned true. */
  public void end() {
    depth = 0;
    timeline.clear();
  }

  public boolean active() {
    return depth > 0;
  }

  /** Adds one statement run by this request. */
  public void add(int sqlId, long time) {
    if (depth == 0) {
      return;
    }
    queries++;
    sqlNanos += time;
    for (int i = 0; i < distinct; i++) {
      if (ids[i] == sqlId) {
        counts[i]++;
        nanos[i] += time;
        return;
      }
    }
    if (distinct < MAX_DISTINCT) {
      ids[distinct] = sqlId;
      counts[distinct] = 1;
      nanos[distinct] = time;
      distinct++;
    } else {
      overflowCount++;
      overflowNanos += time;
    }
  }

  /**
   * Adds one statement run by this request, to its SQL and to its timeline; returns the
   * statement's token for the rows read later ({@link #rowsRead}), or {@link RequestTimeline#NONE}.
   *
   * @param startNanos when it started, on {@link System#nanoTime()}'s clock
   * @param items the statements it carried: a batch's items, else 1
   * @param text the statement with its values when the caller has it at no cost, else null
   */
  public int add(int sqlId, long startNanos, long time, long affectedRows, boolean failed,
      int items, String text) {
    if (depth == 0) {
      return RequestTimeline.NONE;
    }
    add(sqlId, time);
    return timeline.add(sqlId, startNanos, time, affectedRows, failed, items, text);
  }

  /** The token of the statement this request ran last, or {@link RequestTimeline#NONE}. */
  public int lastStatement() {
    return depth == 0 ? RequestTimeline.NONE : timeline.last();
  }

  /** Credits rows read from a result set to the statement of {@code token}, if it is this request's. */
  public void rowsRead(int token, long rows) {
    timeline.rowsRead(token, rows);
  }

  /** This request's statements in order. */
  RequestTimeline timeline() {
    return timeline;
  }

  public int queries() {
    return queries;
  }

  public long sqlNanos() {
    return sqlNanos;
  }

  /** Adds what this request ran to its route's table; {@code otherId} takes the overflow. */
  public void flushInto(RouteSqlTable table, int otherId) {
    for (int i = 0; i < distinct; i++) {
      table.add(ids[i], counts[i], nanos[i]);
    }
    if (overflowCount > 0) {
      table.add(otherId, overflowCount, overflowNanos);
    }
  }
}
