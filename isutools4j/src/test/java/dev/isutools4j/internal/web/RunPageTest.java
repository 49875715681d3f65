package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.latency;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPageTest {

  private static final String T = String.valueOf(Units.THIN);
  private static final String USERS = "SELECT * FROM users WHERE id = ?";
  private static final String POSTS = "SELECT * FROM posts WHERE user_id = ?";
  private static final String LOGIN = "UPDATE users SET last_login = ? WHERE id = ?";

  // Given in the wrong order: the page sorts by total time.
  private static final List<SqlRow> SQL = List.of(
      new SqlRow(LOGIN, "UPDATE users SET last_login = NOW() WHERE id = 7",
          latency(5, 2.5, 0.5, 0.4, 0.6, 0.7, 0.8, 0.9), 0, 5, 0),
      new SqlRow(USERS, "SELECT * FROM users WHERE id = '<script>alert(1)</script>' AND a & b",
          latency(10, 12.3456, 1.23456, 0.456, 2.0, 3.5, 999.96, 1234.5), 2, 1200, 0));

  private static final List<HttpRow> HTTP = List.of(
      new HttpRow("POST", "/login", latency(3, 30, 10, 9, 12, 13, 14, 15),
          new long[] {0, 2, 1, 0, 0}, 1023, 1.0, 1, 0.5, false,
          List.of(new RouteQuery(LOGIN, 3, 3, 1.0, 1, 1.5, false))),
      new HttpRow("GET", "/api/users/{id}", latency(4, 80, 20, 18, 30, 35, 40, 41),
          new long[] {0, 3, 0, 0, 1}, 1536, 12.5, 21, 3.25, true,
          List.of(new RouteQuery(USERS, 8, 4, 2.0, 3, 6.0, false),
              new RouteQuery(POSTS, 42, 4, 10.5, 20, 7.0, true))));

  private static final List<CounterRow> COUNTERS = List.of(
      new CounterRow("cache.users", 16, 14, 2, 0.875),
      new CounterRow("jobs.sent", 7, 0, 0, null));

  private static Snapshot snapshot(Map<String, Object> sections) {
    return new Snapshot(meta("2026-05-01T10-00-00", START, 23_456L, true,
        "fedcba9876543210fedcba9876543210fedcba98", true, "batch <inserts>"),
        SQL, HTTP, COUNTERS, sections);
  }

  private static String page() {
    return RunPage.render(snapshot(Map.of()), false, HealthStatus.HEALTHY);
  }

  @Test
  void headerShowsTheRunsMetadata() {
    String page = page();
    assertThat(page).contains("<h1>Run <code>2026-05-01T10-00-00</code></h1>");
    assertThat(page).contains("<dt>score</dt><dd>23" + T + "456</dd>", "<dt>duration</dt><dd>60.00 s</dd>",
        "<dt>requests</dt><dd>1" + T + "234</dd>", "<dt>queries</dt><dd>5" + T + "678</dd>",
        ">fedcba987654</code>", "class=\"dirty\"", "class=\"pass\"", "batch &lt;inserts&gt;",
        Units.time(START), "href=\"../\"");
    assertThat(page).doesNotContain("in progress");
  }

  @Test
  void theRevisionsSourceIsShownBesideItWhenRecorded() {
    assertThat(withRevisionSource("jar /srv/app/app.jar")).contains(">fedcba987654</code>"
        + " <span class=\"dirty\" title=\"uncommitted changes in the working tree\">dirty</span>"
        + " <span class=\"muted rev-source\">from the jar /srv/app/app.jar</span></dd>");
    assertThat(withRevisionSource("working directory /home/isucon/app"))
        .contains(">from the working directory /home/isucon/app</span>");
    assertThat(withRevisionSource("setting")).contains(">from the setting isutools.git.revision</span>");
    assertThat(withRevisionSource("none: no git work tree at /tmp or /srv/<app>")).contains(
        ">none found: no git work tree at /tmp or /srv/&lt;app&gt;; set isutools.git.revision to name one</span>");
    String meta = page().substring(page().indexOf("<dl class=\"meta\">"));
    assertThat(meta.substring(0, meta.indexOf("</dl>"))).as("a run that recorded no source")
        .contains("<dt>revision</dt>").doesNotContain("rev-source", "from the ", "none found");
  }

  private static String withRevisionSource(String source) {
    Snapshot s = snapshot(Map.of());
    RunMeta m = s.meta();
    return RunPage.render(s.withMeta(new RunMeta(m.id(), m.startedAt(), m.endedAt(), m.score(), m.pass(),
        m.revision(), m.dirty(), source, m.note(), m.requests(), m.queries(), m.healthFailures())),
        false, HealthStatus.HEALTHY);
  }

  @Test
  void anOpenRunIsMarkedInProgress() {
    String page = RunPage.render(snapshot(Map.of()), true, HealthStatus.HEALTHY);
    assertThat(page).contains("badge live\">in progress", "run in progress");
  }

  @Test
  void sqlTableIsSortedByTotalWithUnitsAndExactSortKeys() {
    String sql = table(page(), "sql");
    assertThat(sql.indexOf(USERS)).isLessThan(sql.indexOf("UPDATE users SET last_login = ? WHERE"));
    assertThat(sql).contains("<th tabindex=\"0\" class=\"r desc\" aria-sort=\"descending\"");
    assertThat(sql).contains("data-sort=\"12.3456\">12.3 ms</td>", "data-sort=\"1.23456\">1.23 ms</td>",
        "data-sort=\"0.456\">456 µs</td>", "data-sort=\"999.96\">1.00 s</td>",
        "data-sort=\"1234.5\">1.23 s</td>", "data-sort=\"1200\">1" + T + "200</td>",
        "data-sort=\"120.0\">120</td>", "data-sort=\"2\">2</td>");
    assertThat(sql).contains("<code class=\"fp\">" + Html.escape(USERS) + "</code>",
        "<button type=\"button\" class=\"copy\"", "<details><summary>sample</summary>");
  }

  @Test
  void sqlTotalsRowSumsCountErrorsTimeAndRows() {
    String sql = table(page(), "sql");
    String totals = sql.substring(sql.indexOf("<tfoot>"));
    assertThat(totals).contains("total (2 statements)", "data-sort=\"15\">15</td>",
        "data-sort=\"2\">2</td>", "data-sort=\"" + (0 + 2.5 + 12.3456) + "\">14.8 ms</td>",
        "data-sort=\"1205\">1" + T + "205</td>");
  }

  @Test
  void sampleSqlIsEscaped() {
    String page = page();
    assertThat(page).doesNotContain("<script>alert");
    assertThat(page).contains("&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39; AND a &amp; b");
  }

  @Test
  void httpTableShowsStatusesBytesQueriesAndTheNPlusOneBadgeOnlyOnTheFlaggedRoute() {
    String http = table(page(), "http");
    assertThat(http.indexOf("/api/users/{id}")).isLessThan(http.indexOf("/login"));
    assertThat(http).doesNotContain(">1xx<").contains(">2xx<", ">5xx<");
    assertThat(http).contains("title=\"1" + T + "536 bytes\" data-sort=\"1536\">1.5 KiB</td>",
        "data-sort=\"1023\">1023 B</td>", "data-sort=\"12.5\">12.50</td>",
        "data-sort=\"3.25\">3.25 ms</td>", "data-sort=\"80.0\">80.0 ms</td>");
    assertThat(occurrences(http, "class=\"badge n1\"")).isEqualTo(1);
    String flagged = http.substring(http.indexOf("/api/users/{id}"), http.indexOf("/login"));
    assertThat(flagged).contains("class=\"badge n1\"");
  }

  @Test
  void httpTotalsRowSums() {
    String http = table(page(), "http");
    String totals = http.substring(http.indexOf("<tfoot>"));
    assertThat(totals).contains("total (2 routes)", "data-sort=\"7\">7</td>", "data-sort=\"5\">5</td>",
        "data-sort=\"110.0\">110.0 ms</td>", "data-sort=\"2559\">2.5 KiB</td>");
  }

  @Test
  void informationalColumnAppearsOnlyWhenSomeRouteHasOne() {
    HttpRow upgrade = new HttpRow("GET", "/ws", latency(1, 1, 1, 1, 1, 1, 1, 1),
        new long[] {1, 0, 0, 0, 0}, 0, 0, 0, 0, false, List.of());
    Snapshot s = new Snapshot(snapshot(Map.of()).meta(), SQL, List.of(upgrade), COUNTERS, Map.of());
    assertThat(table(RunPage.render(s, false, HealthStatus.HEALTHY), "http")).contains(">1xx<");
  }

  @Test
  void routeSqlTableListsEachRoutesStatementsAndHighlightsNPlusOne() {
    String routes = table(page(), "route-sql");
    int users = routes.indexOf("GET /api/users/{id}");
    int login = routes.indexOf("POST /login");
    assertThat(users).isPositive().isLessThan(login);
    // Within the route, by total time: posts (7 ms) before users (6 ms).
    assertThat(routes.indexOf(POSTS)).isLessThan(routes.indexOf(Html.escape(USERS)));
    assertThat(occurrences(routes, "class=\"n1\">")).isEqualTo(1);
    int flagged = routes.indexOf("class=\"n1\">");
    assertThat(routes.substring(flagged, routes.indexOf("</tr>", flagged)))
        .contains(POSTS, "data-sort=\"42\">42</td>", "data-sort=\"10.5\">10.50</td>",
            "data-sort=\"20\">20</td>", "data-sort=\"7.0\">7.00 ms</td>");
  }

  @Test
  void countersShowHitRateOrADash() {
    String counters = table(page(), "counters");
    assertThat(counters).contains("cache.users", "data-sort=\"0.875\">87.5 %</td>",
        "data-sort=\"14\">14</td>", "jobs.sent", "data-sort=\"\">—</td>");
  }

  @Test
  void unknownSectionsArePrettyPrintedAndEscaped() {
    Map<String, Object> gc = new LinkedHashMap<>();
    gc.put("collector", "G1 <young>");
    gc.put("pauses", List.of(1.5, 2));
    gc.put("empty", Map.of());
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("gc", gc);
    String page = RunPage.render(snapshot(sections), false, HealthStatus.HEALTHY);
    assertThat(page).contains("<details class=\"section\" id=\"section-gc\"><summary>gc</summary><pre>{\n"
        + "  &quot;collector&quot;: &quot;G1 &lt;young&gt;&quot;,\n"
        + "  &quot;pauses&quot;: [\n    1.5,\n    2\n  ],\n"
        + "  &quot;empty&quot;: {}\n}</pre></details>");
    assertThat(page()).contains("no other sections");
  }

  @Test
  void healthLineHealthyVersusFailing() {
    assertThat(page()).contains("<div class=\"health ok\" id=\"health\">isutools4j: healthy</div>");
    HealthStatus failing = new HealthStatus(3, new Health.Failure("http filter",
        "java.lang.IllegalStateException: <bad> & worse",
        "java.lang.IllegalStateException: <bad>\n\tat Foo.bar(Foo.java:1)", START));
    String page = RunPage.render(snapshot(Map.of()), false, failing);
    assertThat(page).contains("class=\"health bad\"",
        "isutools4j: 3 internal failures — last: http filter: java.lang.IllegalStateException: "
            + "&lt;bad&gt; &amp; worse at " + Units.time(START),
        "<details><summary>stack trace</summary><pre>java.lang.IllegalStateException: &lt;bad&gt;\n"
            + "\tat Foo.bar(Foo.java:1)</pre></details>");
    assertThat(page).doesNotContain("healthy");
  }

  @Test
  void anEmptyRunSaysInOneLinePerSectionWhyThereIsNothing() {
    Snapshot empty = new Snapshot(snapshot(Map.of()).meta(), List.of(), List.of(), List.of(), Map.of());
    String page = RunPage.render(empty, false, HealthStatus.now());
    assertThat(page).doesNotContain("id=\"sql\"", "id=\"http\"", "id=\"route-sql\"",
        "id=\"counters\"", "nothing recorded", "<table", "<tfoot>");
    assertThat(page).contains("<h2 id=\"h-sql\">SQL <span class=\"muted\">(0 statements)</span></h2>"
        + "<p class=\"muted empty-section\">no SQL recorded: no statement went through the isutools4j"
        + " JDBC driver");
    assertThat(page).contains(">no HTTP requests recorded: the servlet filter (or the agent) saw none",
        ">no routes in this run<", ">no counters: the app counted nothing",
        "<h2 id=\"h-access-log\">Access log</h2><p class=\"muted empty-section\">not read: no access"
            + " log configured (set isutools.access.log)</p>",
        ">not read: no slow log configured (set isutools.slow.log)<", ">not profiled: ",
        ">not sampled: ", ">not inspected: ", ">no checklist: ",
        "<h2 id=\"h-traces\">Slowest requests</h2><p class=\"muted empty-section\">not kept: no traces"
            + " in this run", ">not followed: no flow section");
    assertThat(occurrences(page, "class=\"muted empty-section\"")).isEqualTo(12);
    assertThat(page).contains("nothing to rank");
  }
}
