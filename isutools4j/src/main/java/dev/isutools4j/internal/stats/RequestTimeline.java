package dev.isutools4j.internal.stats;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The statements one request ran, in order: each one's fingerprint, start, duration, rows, items
 * (a batch's), whether it failed and its own text when the caller had it. Kept per thread, reused
 * from request to request; at most {@code limit} statements, the excess only counted. The rows of a
 * query's result set are read after it ran, so they are credited later through the statement's
 * token ({@link #last()}), which no other request and no other thread's timeline accepts.
 *
 * <p>Hot path: allocation-free once the arrays have grown to the thread's longest request (they
 * double, up to the limit); only its own thread touches it.
 */
public final class RequestTimeline {

  /** The token of no statement: one dropped beyond the limit, or run outside a request. */
  public static final long NONE = -1;

  private static final int FIRST_CAPACITY = 16;
  private static final AtomicInteger IDS = new AtomicInteger();

  private final int limit;
  // A token is id (24 bits) | generation (24 bits) | index (16 bits): the limit stays below 2^16.
  private final long id = IDS.incrementAndGet() & 0xFF_FFFFL;
  private long generation;
  private int count;
  private int dropped;
  private long last = NONE;
  private int[] sqlIds = new int[0];
  private long[] starts = new long[0];
  private long[] nanos = new long[0];
  private long[] rows = new long[0];
  private int[] items = new int[0];
  private boolean[] failed = new boolean[0];
  private String[] texts = new String[0];

  /** A timeline that keeps up to {@code limit} statements of a request (0: none, only counted). */
  public RequestTimeline(int limit) {
    this.limit = Math.max(0, Math.min(limit, 0xFFFF));
  }

  /** Starts over for the next request; forgets the last one's texts. */
  void clear() {
    Arrays.fill(texts, 0, count, null);
    count = 0;
    dropped = 0;
    last = NONE;
    generation = (generation + 1) & 0xFF_FFFFL;
  }

  /**
   * Adds one statement and returns its token, or {@link #NONE} when it is beyond the limit.
   *
   * @param startNanos its start, on {@link System#nanoTime()}'s clock
   * @param items statements it carried: a batch's items, else 1
   * @param text the statement with its values, when the caller has it at no cost (else null)
   */
  long add(int sqlId, long startNanos, long time, long affectedRows, boolean fails, int items,
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
    last = (id << 40) | (generation << 16) | i;
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
  long last() {
    return last;
  }

  /** Credits rows read to the statement of {@code token}, if it is one of this request's. */
  void rowsRead(long token, long read) {
    if (token == NONE || read <= 0 || (token >>> 40) != id || ((token >>> 16) & 0xFF_FFFFL) != generation) {
      return;
    }
    int i = (int) (token & 0xFFFF);
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
