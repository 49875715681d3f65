package dev.isutools4j.internal.stats;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The statements one request ran, in order: each one's fingerprint, start, duration, rows, items
 * (a batch's), whether it failed and its own text when the caller had it. Kept per thread, reused
 * from request to request; at most {@code limit} statements, the excess only counted. The rows of a
 * query's result set are read after it ran, so they are credited later through the statement's
 * token ({@link #last()}): no later request of the thread accepts it (the request's generation is
 * in it), nor another thread's timeline unless both the timelines' 8-bit ids and the requests'
 * generations match, for a result set read on another thread.
 *
 * <p>Hot path: allocation-free once the arrays have grown to the thread's longest request (they
 * double, up to the limit); only its own thread touches it.
 */
public final class RequestTimeline {

  /** The token of no statement: one dropped beyond the limit, or run outside a request. */
  public static final int NONE = -1;
  /** The most statements a timeline keeps: a token holds the index in 14 bits, and NONE's is 2^14 - 1. */
  public static final int MAX_LIMIT = (1 << 14) - 2;

  private static final int FIRST_CAPACITY = 16;
  private static final AtomicInteger IDS = new AtomicInteger();

  private final int limit;
  // A token is an int, so that a result set holds it in no more room than it had: the timeline's
  // id (8 bits) | the request's generation on this thread (10 bits) | the statement's index (14 bits).
  private final int id = IDS.incrementAndGet() & 0xFF;
  private int generation;
  private int count;
  private int dropped;
  private int last = NONE;
  private int[] sqlIds = new int[0];
  private long[] starts = new long[0];
  private long[] nanos = new long[0];
  private long[] rows = new long[0];
  private int[] items = new int[0];
  private boolean[] failed = new boolean[0];
  private String[] texts = new String[0];

  /** A timeline that keeps up to {@code limit} statements of a request (0: none, only counted). */
  public RequestTimeline(int limit) {
    this.limit = Math.max(0, Math.min(limit, MAX_LIMIT));
  }

  /** Starts over for the next request; forgets the last one's texts. */
  void clear() {
    Arrays.fill(texts, 0, count, null);
    count = 0;
    dropped = 0;
    last = NONE;
    generation = (generation + 1) & 0x3FF;
  }

  /**
   * Adds one statement and returns its token, or {@link #NONE} when it is beyond the limit.
   *
   * @param startNanos its start, on {@link System#nanoTime()}'s clock
   * @param items statements it carried: a batch's items, else 1
   * @param text the statement with its values, when the caller has it at no cost (else null)
   */
  int add(int sqlId, long startNanos, long time, long affectedRows, boolean fails, int items,
      String text) {
    if (count == limit) {
      dropped++;
      last = NONE;
      return NONE;
    }
    if (count == sqlIds.length) {
      grow();
    }
    int i = count++;
    sqlIds[i] = sqlId;
    starts[i] = startNanos;
    nanos[i] = time;
    rows[i] = Math.max(affectedRows, 0);
    this.items[i] = Math.max(items, 1);
    failed[i] = fails;
    texts[i] = text;
    last = (id << 24) | (generation << 14) | i;
    return last;
  }

  private void grow() {
    int capacity = Math.min(limit, Math.max(FIRST_CAPACITY, sqlIds.length * 2));
    sqlIds = Arrays.copyOf(sqlIds, capacity);
    starts = Arrays.copyOf(starts, capacity);
    nanos = Arrays.copyOf(nanos, capacity);
    rows = Arrays.copyOf(rows, capacity);
    items = Arrays.copyOf(items, capacity);
    failed = Arrays.copyOf(failed, capacity);
    texts = Arrays.copyOf(texts, capacity);
  }

  /** The token of the statement added last, or {@link #NONE}. */
  int last() {
    return last;
  }

  /** Credits rows read to the statement of {@code token}, if it is one of this request's. */
  void rowsRead(int token, long read) {
    if (token == NONE || read <= 0 || (token >>> 24) != id || ((token >>> 14) & 0x3FF) != generation) {
      return;
    }
    int i = token & 0x3FFF;
    if (i < count) {
      rows[i] += read;
    }
  }

  /** Statements kept. */
  int count() {
    return count;
  }

  /** Statements beyond the limit, counted only. */
  int dropped() {
    return dropped;
  }

  int sqlId(int i) {
    return sqlIds[i];
  }

  long start(int i) {
    return starts[i];
  }

  long nanos(int i) {
    return nanos[i];
  }

  long rows(int i) {
    return rows[i];
  }

  int items(int i) {
    return items[i];
  }

  boolean failed(int i) {
    return failed[i];
  }

  String text(int i) {
    return texts[i];
  }
}
