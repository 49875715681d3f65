package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.stats.Latency;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HTTP rows of one method + route from several hosts into one: per-request figures recomputed from
 * the sums, the route's queries merged by fingerprint.
 */
final class HttpMerge {

  private HttpMerge() {}

  /** One row per group, most total time first (as {@code Recorder.httpRows}). */
  static List<HttpRow> rows(List<List<HttpRow>> groups) {
    List<HttpRow> out = new ArrayList<>();
    for (List<HttpRow> group : groups) {
      out.add(group.size() == 1 ? group.get(0) : merge(group));
    }
    out.sort(Comparator.comparingDouble((HttpRow r) -> r.time().totalMs()).reversed());
    return out;
  }

  private static HttpRow merge(List<HttpRow> group) {
    long requests = 0;
    long[] status = new long[5];
    long bytes = 0;
    double queries = 0;
    double sqlMs = 0;
    long maxQueries = 0;
    boolean nPlusOne = false;
    for (HttpRow r : group) {
      long n = r.time().count();
      requests += n;
      for (int c = 1; c <= 5; c++) {
        status[c - 1] += r.status(c);
      }
      bytes += r.bytes();
      // Each part's per-request figures are its sums over its own requests.
      queries += r.queriesPerRequest() * n;
      sqlMs += r.sqlMsPerRequest() * n;
      maxQueries = Math.max(maxQueries, r.maxQueriesPerRequest());
      nPlusOne |= r.nPlusOne();
    }
    List<RouteQuery> routeQueries = queries(group, requests);
    HttpRow first = group.get(0);
    return new HttpRow(first.method(), first.route(),
        Latency.merge(group.stream().map(HttpRow::time).toList()),
        status,
        bytes,
        requests == 0 ? 0 : queries / requests,
        maxQueries,
        requests == 0 ? 0 : sqlMs / requests,
        nPlusOne || routeQueries.stream().anyMatch(RouteQuery::nPlusOne),
        routeQueries);
  }

  /** The route's fingerprints over all hosts, most total time first. */
  private static List<RouteQuery> queries(List<HttpRow> group, long routeRequests) {
    Map<String, RouteQuery> byFingerprint = new LinkedHashMap<>();
    for (HttpRow r : group) {
      for (RouteQuery q : r.queries()) {
        byFingerprint.merge(q.fingerprint(), q, HttpMerge::add);
      }
    }
    List<RouteQuery> out = new ArrayList<>();
    for (RouteQuery q : byFingerprint.values()) {
      out.add(new RouteQuery(q.fingerprint(), q.count(), q.requests(),
          routeRequests == 0 ? 0 : (double) q.count() / routeRequests,
          q.maxPerRequest(), q.totalMs(), q.nPlusOne()));
    }
    out.sort(Comparator.comparingDouble(RouteQuery::totalMs).reversed());
    return out;
  }

  private static RouteQuery add(RouteQuery a, RouteQuery b) {
    return new RouteQuery(a.fingerprint(), a.count() + b.count(), a.requests() + b.requests(), 0,
        Math.max(a.maxPerRequest(), b.maxPerRequest()), a.totalMs() + b.totalMs(),
        a.nPlusOne() || b.nPlusOne());
  }
}
