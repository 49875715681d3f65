package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.diff.RowDiff.Stats;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;

/**
 * What one run's rows are read per: its HTTP requests, and its time of all SQL and of all HTTP,
 * the wholes that a row's share is of.
 *
 * @param requests the run's HTTP requests: its meta's count, else its routes' requests; 0 when
 *     it has none
 * @param sqlMs the time of all its SQL rows
 * @param httpMs the time of all its routes
 */
record RequestBasis(long requests, double sqlMs, double httpMs) {

  static RequestBasis of(Snapshot run) {
    long routed = 0;
    double httpMs = 0;
    for (HttpRow r : run.http()) {
      LatencySummary t = time(r.time());
      routed += t.count();
      httpMs += t.totalMs();
    }
    double sqlMs = 0;
    for (SqlRow r : run.sql()) {
      sqlMs += time(r.time()).totalMs();
    }
    long requests = run.meta().requests() > 0 ? run.meta().requests() : routed;
    return new RequestBasis(requests, sqlMs, httpMs);
  }

  /** A fingerprint: its executions per HTTP request of the run. */
  Stats sql(SqlRow r) {
    LatencySummary t = time(r.time());
    return new Stats(t.count(), t.totalMs(), t.p95Ms(), requests, requests, sqlMs, t.totalMs());
  }

  /** A route: per request of its own, its own time being what it spent outside its SQL. */
  Stats http(HttpRow r) {
    LatencySummary t = time(r.time());
    double outsideSql = Math.max(0, t.totalMs() - r.sqlMsPerRequest() * t.count());
    return new Stats(t.count(), t.totalMs(), t.p95Ms(), t.count(), requests, httpMs, outsideSql);
  }

  /** A counter: its count per HTTP request of the run; it has no time. */
  Stats counter(CounterRow r) {
    return new Stats(r.count(), 0, Double.NaN, requests, requests, 0, 0);
  }

  private static LatencySummary time(LatencySummary t) {
    return t == null ? LatencySummary.EMPTY : t;
  }
}
