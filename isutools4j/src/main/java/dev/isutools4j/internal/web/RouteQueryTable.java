package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The SQL each route ran: per route (most total time first), its top fingerprints (most total time
 * first), plus every fingerprint flagged N+1 even outside the top. Flagged rows are highlighted;
 * a route's first row has the id {@link #anchor} of its rank in the HTTP table.
 */
final class RouteQueryTable {

  /** Fingerprints shown per route, besides the N+1 ones. */
  static final int TOP = 10;

  private static final Comparator<RouteQuery> BY_TOTAL =
      Comparator.comparingDouble(RouteQuery::totalMs).reversed();

  private RouteQueryTable() {}

  static void write(StringBuilder out, List<HttpRow> rows) {
    Table table = new Table(out, "route-sql").left("route").left("statement").right("count")
        .column("per req", Table.Align.RIGHT, "executions per request of the route")
        .column("max per req", Table.Align.RIGHT, "most executions within one request")
        .column("total", Table.Align.RIGHT, "time of this statement in this route")
        .column("N+1", Table.Align.CENTER, "some request ran it at least the N+1 threshold times")
        .begin();
    long hidden = 0;
    List<HttpRow> routes = HttpRows.byTotalTime(rows);
    for (int rank = 0; rank < routes.size(); rank++) {
      HttpRow route = routes.get(rank);
      List<RouteQuery> queries = route.queries();
      if (queries == null || queries.isEmpty()) {
        continue;
      }
      List<RouteQuery> sorted = new ArrayList<>(queries);
      sorted.sort(BY_TOTAL);
      String name = route.method() + " " + route.route();
      String id = anchor(rank);
      for (int i = 0; i < sorted.size(); i++) {
        RouteQuery q = sorted.get(i);
        if (i >= TOP && !q.nPlusOne()) {
          hidden++;
          continue;
        }
        row(table, name, q, id);
        id = null;
      }
    }
    table.end();
    if (hidden > 0) {
      out.append("<p class=\"muted\">").append(Units.count(hidden))
          .append(" more route statements not shown: only the top ").append(TOP)
          .append(" per route by total time, and all N+1 ones.</p>");
    }
  }

  /** The id of the first row of the route of this rank in the HTTP table (0: most total time). */
  static String anchor(int rank) {
    return "route-sql-" + (rank + 1);
  }

  private static void row(Table table, String route, RouteQuery q, String id) {
    StringBuilder out = table.out();
    table.row(q.nPlusOne() ? "n1" : null, null, id);
    table.open(route, null).append("<code>");
    Html.escape(out, route).append("</code>");
    table.close();
    Fragments.sql(table.open(q.fingerprint(), null), q.fingerprint(), null);
    table.close();
    table.cell(q.count(), Units.count(q.count()),
        "in " + Units.count(q.requests()) + " requests");
    table.cell(q.perRequest(), Units.ratio(q.perRequest()));
    table.cell(q.maxPerRequest(), Units.count(q.maxPerRequest()));
    table.cell(q.totalMs(), Units.ms(q.totalMs()));
    table.html(q.nPlusOne() ? "1" : "0",
        q.nPlusOne() ? "<span class=\"badge n1\" title=\"N+1\">N+1</span>" : "");
    table.endRow();
  }
}
