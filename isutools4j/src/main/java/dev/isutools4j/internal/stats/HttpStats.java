package dev.isutools4j.internal.stats;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One HTTP method + route within one run. Hot path: lock-free and allocation-free.
 */
public final class HttpStats {

  private final Latency latency = new Latency();
  private final LongAdder[] statusClasses = {
    new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()
  };
  private final LongAdder bytes = new LongAdder();
  private final LongAdder queries = new LongAdder();
  private final AtomicLong maxQueries = new AtomicLong();
  private final LongAdder sqlNanos = new LongAdder();
  private final RouteSqlTable sql = new RouteSqlTable();
  private final IntervalLatency runRequests;

  HttpStats(IntervalLatency runRequests) {
    this.runRequests = runRequests;
  }

  /** One finished request, with the SQL its scope collected. */
  public void record(long nanos, int status, long responseBytes, RequestScope scope, int otherSqlId) {
    latency.record(nanos);
    runRequests.record(nanos);
    int statusClass = status / 100;
    if (statusClass >= 1 && statusClass <= 5) {
      statusClasses[statusClass - 1].increment();
    }
    if (responseBytes > 0) {
      bytes.add(responseBytes);
    }
    int n = scope.queries();
    if (n > 0) {
      queries.add(n);
      sqlNanos.add(scope.sqlNanos());
      long max = maxQueries.get();
      while (n > max && !maxQueries.compareAndSet(max, n)) {
        max = maxQueries.get();
      }
      scope.flushInto(sql, otherSqlId);
    }
  }

  /**
   * Adds body bytes of a request already recorded: what its error page wrote in a later dispatch of
   * the same request, which is not a request of its own.
   */
  public void addBytes(long responseBytes) {
    if (responseBytes > 0) {
      bytes.add(responseBytes);
    }
  }

  public Latency latency() {
    return latency;
  }

  /** Requests whose status was {@code statusClass}xx (1..5). */
  public long status(int statusClass) {
    return statusClasses[statusClass - 1].sum();
  }

  public long bytes() {
    return bytes.sum();
  }

  public long queries() {
    return queries.sum();
  }

  public long maxQueries() {
    return maxQueries.get();
  }

  public long sqlNanos() {
    return sqlNanos.sum();
  }

  public RouteSqlTable sql() {
    return sql;
  }
}
