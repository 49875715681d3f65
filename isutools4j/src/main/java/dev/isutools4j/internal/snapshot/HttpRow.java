package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * One HTTP method + route of a run, with the SQL its requests ran.
 *
 * @param status counts per status class: index 0 is 1xx, index 4 is 5xx
 * @param queries the route's fingerprints, most total time first
 */
public record HttpRow(
    String method,
    String route,
    LatencySummary time,
    long[] status,
    long bytes,
    double queriesPerRequest,
    long maxQueriesPerRequest,
    double sqlMsPerRequest,
    boolean nPlusOne,
    List<RouteQuery> queries) {

  public HttpRow {
    status = status.clone();
    queries = List.copyOf(queries);
  }

  /** Requests whose status was {@code statusClass}xx (1..5). */
  public long status(int statusClass) {
    return status[statusClass - 1];
  }
}
