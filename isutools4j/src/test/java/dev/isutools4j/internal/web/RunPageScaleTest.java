package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.latency;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A big run renders completely. Timing is printed for information, not asserted. */
class RunPageScaleTest {

  private static final int SQL = 10_000;
  private static final int ROUTES = 2_000;
  private static final int QUERIES_PER_ROUTE = 3;

  private static String fingerprint(int i) {
    return "SELECT id, name, body, created_at FROM table_" + i
        + " WHERE user_id = ? AND status IN (?, ?, ?) ORDER BY created_at DESC LIMIT ?";
  }

  @Test
  void tenThousandStatementsAndTwoThousandRoutesAllAppear() {
    List<SqlRow> sql = new ArrayList<>();
    for (int i = 0; i < SQL; i++) {
      double total = SQL - i; // statement i has rank i
      sql.add(new SqlRow(fingerprint(i), fingerprint(i).replace("?", "'it''s <" + i + ">'"),
          latency(100 + i, total, total / 100, 0.1, 0.2, 0.3, 0.4, 5), i % 7, i * 3L, 0));
    }
    List<HttpRow> http = new ArrayList<>();
    for (int r = 0; r < ROUTES; r++) {
      List<RouteQuery> queries = new ArrayList<>();
      for (int q = 0; q < QUERIES_PER_ROUTE; q++) {
        queries.add(new RouteQuery(fingerprint((r * QUERIES_PER_ROUTE + q) % SQL), 10, 5, 2.0, 3,
            QUERIES_PER_ROUTE - q, q == 0 && r % 10 == 0));
      }
      http.add(new HttpRow("GET", "/api/route_" + r + "/{id}",
          latency(50, ROUTES - r, 1, 1, 1, 1, 1, 1), new long[] {0, 50, 0, 0, 0},
          1024L * r, 3, 3, 1.5, r % 10 == 0, queries));
    }
    Snapshot s = new Snapshot(meta("big", START, 1L, true, "abc", false, null), sql, http,
        List.of(new CounterRow("c", 1, 1, 0, 1.0)), Map.of());

    long started = System.nanoTime();
    String page = RunPage.render(s, false, HealthStatus.HEALTHY);
    long elapsed = System.nanoTime() - started;
    System.out.println("RunPage: " + SQL + " statements, " + ROUTES + " routes, "
        + page.length() / 1024 + " KiB in " + elapsed / 1_000_000 + " ms");

    String sqlTable = table(page, "sql");
    int at = 0;
    for (int i = 0; i < SQL; i++) {
      at = sqlTable.indexOf("<code class=\"fp\">" + Html.escape(fingerprint(i)) + "</code>", at);
      assertThat(at).as("statement %d in order", i).isPositive();
    }
    assertThat(occurrences(sqlTable, "<tr id=\"sql-")).isEqualTo(SQL);
    assertThat(sqlTable).as("each row a link target").contains("<tr id=\"sql-" + SQL + "\">");

    String httpTable = table(page, "http");
    at = 0;
    for (int r = 0; r < ROUTES; r++) {
      at = httpTable.indexOf("<code>/api/route_" + r + "/{id}</code>", at);
      assertThat(at).as("route %d in order", r).isPositive();
    }
    assertThat(occurrences(httpTable, "class=\"badge n1\"")).isEqualTo(ROUTES / 10);

    String routeTable = table(page, "route-sql");
    assertThat(occurrences(routeTable, "<tr")).isEqualTo(1 + ROUTES * QUERIES_PER_ROUTE);
    assertThat(occurrences(routeTable, "class=\"n1\">")).isEqualTo(ROUTES / 10);
  }
}
