package dev.isutools4j.internal.stats;

/**
 * One request kept as one of a run's slowest: what it was and its timeline, copied out of its
 * thread's {@link RequestTimeline} when it ended. Immutable once built, so that other threads read
 * it safely after it is published.
 */
final class KeptRequest {

  /** Characters of one statement's own text kept; the rest is cut. */
  static final int MAX_TEXT = 1_000;
  /** Characters of statement texts kept per request; later statements keep only their fingerprint. */
  static final int MAX_TEXTS = 16_000;

  final int routeId;
  final String method;
  final String path;
  final int status;
  final long startNanos;
  final long nanos;
  final long bytes;
  final String thread;
  final int queries;
  final long sqlNanos;
  final int dropped;
  // The timeline, statement by statement; starts are from the request's start.
  final int[] sqlIds;
  final long[] starts;
  final long[] durations;
  final long[] rows;
  final int[] items;
  final boolean[] failed;
  final String[] texts;

  /** A copy of the request that ended on this thread, with {@code scope} holding its statements. */
  KeptRequest(int routeId, String method, String path, int status, long startNanos,
      long nanos, long bytes, RequestScope scope) {
    this.routeId = routeId;
    this.method = method;
    this.path = path;
    this.status = status;
    this.startNanos = startNanos;
    this.nanos = nanos;
    this.bytes = bytes;
    this.thread = Thread.currentThread().getName();
    this.queries = scope.queries();
    this.sqlNanos = scope.sqlNanos();
    RequestTimeline timeline = scope.timeline();
    this.dropped = timeline.dropped();
    int n = timeline.count();
    sqlIds = new int[n];
    starts = new long[n];
    durations = new long[n];
    rows = new long[n];
    items = new int[n];
    failed = new boolean[n];
    texts = new String[n];
    int budget = MAX_TEXTS;
    for (int i = 0; i < n; i++) {
      sqlIds[i] = timeline.sqlId(i);
      starts[i] = timeline.start(i) - startNanos;
      durations[i] = timeline.nanos(i);
      rows[i] = timeline.rows(i);
      items[i] = timeline.items(i);
      failed[i] = timeline.failed(i);
      String text = timeline.text(i);
      if (text != null && budget > 0) {
        texts[i] = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + " …" : text;
        budget -= texts[i].length();
      }
    }
  }

  int statements() {
    return sqlIds.length;
  }
}
