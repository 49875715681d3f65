package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.SavedRuns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TracesViewTest {

  private static final String POSTS = "select id from posts order by created_at desc";
  private static final String COMMENTS = "select * from comments where post_id = ?";

  /** GET /: the posts, then 20 comments queries 2 ms apart (N+1), in 50 ms. */
  private static Request index() {
    List<Statement> timeline = new ArrayList<>();
    timeline.add(new Statement(1, 3, 20, POSTS, "SELECT id FROM posts ORDER BY created_at DESC", 1, false));
    for (int i = 0; i < 20; i++) {
      timeline.add(new Statement(5 + 2 * i, 1.5, 3, COMMENTS, null, 1, i == 7));
    }
    return new Request("GET", "/", "/?page=2&token=***", 200, 1500, 50, 2048, "http-nio-8080-exec-1",
        true, 23, 2, 33, timeline);
  }

  private static Request login() {
    return new Request("POST", "/login", "/login", 302, 10, 4, 0, "http-nio-8080-exec-2", false, 1, 0, 1,
        List.of(new Statement(0.5, 1, 1, LOGIN, null, 1, false)));
  }

  private static final String LOGIN = "select * from users where account_name = ?";

  /** The run's page with this section; its SQL table has a sample of the login query. */
  private static String page(TracesSection section) {
    List<SqlRow> sql = List.of(new SqlRow(LOGIN, "SELECT * FROM users WHERE account_name = 'alice'",
        Fixtures.latency(1, 1, 1, 1, 1, 1, 1, 1), 0, 1, 0));
    Snapshot s = new Snapshot(meta("r", START, null, null, null, false, null), sql, List.of(), List.of(),
        section == null ? Map.of() : Map.of("traces", section));
    return RunPage.render(s, false, HealthStatus.HEALTHY);
  }

  private static String trace(String page, int id) {
    int start = page.indexOf("<details class=\"trace\" id=\"trace-" + id + "\">");
    assertThat(start).as("trace %d", id).isNotNegative();
    return page.substring(start, page.indexOf("</div></details>", start));
  }

  @Test
  void theSectionComesRightAfterTheHttpTable() {
    String page = page(new TracesSection(100, 5, 500, List.of(index(), login())));
    assertThat(page.indexOf("<h2 id=\"h-traces\">")).isGreaterThan(page.indexOf("<h2 id=\"h-http\">"))
        .isLessThan(page.indexOf("<h2 id=\"h-route-sql\">"));
    assertThat(page).contains("<a href=\"#h-traces\">slowest requests</a>",
        "<h2 id=\"h-traces\">Slowest requests <span class=\"muted\">(2 kept: the 100 slowest of the run and"
            + " each route's 5 slowest)</span></h2>");
  }

  @Test
  void eachRequestIsClosedWithItsFactsAndOpensIntoItsTimeline() {
    String page = page(new TracesSection(100, 5, 500, List.of(index(), login())));
    String index = trace(page, 1);
    assertThat(index).contains("<span class=\"trace-rank\">#1</span><span class=\"trace-ms\">50.0 ms</span>",
        "<code class=\"trace-path\">GET /?page=2&amp;token=***</code>", ">200</span>",
        "23 statements, SQL 33.0 ms (66.0 %) · at 1.50 s into the run · 2.0 KiB · http-nio-8080-exec-1",
        "2 more statements beyond the timeline", "the app's own time 17.0 ms");
    assertThat(index).doesNotContain("<details class=\"trace\" open");
    // The posts query on its own line, with its values; the 20 comments queries as one line.
    assertThat(occurrences(index, "<tr class=\"tline\">")).isEqualTo(1);
    assertThat(occurrences(index, "<tr class=\"tline rep\">")).isEqualTo(1);
    assertThat(index).contains("<summary>with its values</summary><code class=\"sample\">SELECT id FROM posts",
        "<span class=\"badge rep\" title=\"this statement ran this many times in a row\">× 20</span>",
        "<code class=\"fp\">" + COMMENTS + "</code> <span class=\"rep-count\">× 20</span>, 30.0 ms");
    // A bar per statement on the line's axis (one failed), and the whole request at a glance.
    assertThat(occurrences(index, "<rect x=")).isEqualTo(20);
    assertThat(occurrences(index, "<rect class=\"failed\" x=")).isEqualTo(1);
    assertThat(index).contains("<rect x=\"20.0\" y=\"1\" width=\"60.0\" height=\"8\"/>"); // 1 ms + 3 ms of 50 ms
    assertThat(occurrences(index.substring(0, index.indexOf("</summary>")), "h-")).isEqualTo(21);
    // The app's time before each line, and after the last statement.
    assertThat(index).contains("<td class=\"r\">1.00 ms</td><td class=\"r\">1.00 ms</td><td class=\"r\">3.00 ms</td>",
        ">after the last statement, to the response's end<");
  }

  @Test
  void aRoutesSlowestOutsideTheRunsSlowestAreListedByRoute() {
    String page = page(new TracesSection(1, 5, 500, List.of(index(), login())));
    assertThat(page.indexOf("<h3 id=\"h-traces-routes\">Each route's slowest"))
        .isGreaterThan(page.indexOf("id=\"trace-1\"")).isLessThan(page.indexOf("id=\"trace-2\""));
    assertThat(trace(page, 2)).contains("<span class=\"trace-rank\">POST /login #1</span>",
        "<summary>the fingerprint's sample</summary><code class=\"sample\">SELECT * FROM users WHERE"
            + " account_name = &#39;alice&#39;</code>");
  }

  @Test
  void anEmptyOrSwitchedOffSectionSaysWhyInOneLine() {
    assertThat(page(new TracesSection(100, 5, 500, List.of())))
        .contains("<p class=\"muted empty-section\">no requests recorded in this run</p>");
    assertThat(page(new TracesSection(0, 0, 500, List.of())))
        .contains("<p class=\"muted empty-section\">off: no request kept (isutools.traces and"
            + " isutools.traces.per.route are 0)</p>");
    assertThat(page(null)).contains("<h2 id=\"h-traces\">Slowest requests</h2><p class=\"muted empty-section\">"
        + "not kept: no traces in this run (they come at its save; a run saved by an earlier version, or a"
        + " host with no app JVM, has none)</p>");
  }

  @Test
  void aLongTimelineShowsItsFirstLinesAndCountsTheRest() {
    List<Statement> timeline = new ArrayList<>();
    for (int i = 0; i < TracesView.MAX_LINES + 30; i++) {
      timeline.add(new Statement(i, 0.5, 1, "select " + (i % 2 == 0 ? "a" : "b") + i, null, 1, false));
    }
    Request r = new Request("GET", "/x", "/x", 200, 0, 300, 0, "t", true, timeline.size(), 0, 100, timeline);
    String page = page(new TracesSection(100, 5, 500, List.of(r)));
    assertThat(occurrences(page, "<tr class=\"tline\">")).isEqualTo(TracesView.MAX_LINES);
    assertThat(page).contains(">30 more statements not shown: only the first " + TracesView.MAX_LINES + " lines<");
  }

  /** A run saved before traces were kept and one with them: the diff reads both, and shows none. */
  @Test
  void aDiffOfARunWithTracesAndAnEarlierOneWithoutRenders() throws Exception {
    Snapshot old = SnapshotJson.read(SavedRuns.text(SavedRuns.set("h2").get(0)));
    Map<String, Object> sections = new LinkedHashMap<>(old.sections());
    sections.put("traces", new TracesSection(100, 5, 500, List.of(index(), login())));
    Snapshot withTraces = SnapshotJson.read(SnapshotJson.write(new Snapshot(old.meta(), old.sql(), old.http(),
        old.counters(), sections)));
    assertThat(withTraces.section(TracesSection.class)).isPresent();
    for (RunDiff diff : List.of(RunDiff.of(old, withTraces), RunDiff.of(withTraces, old))) {
      assertThat(DiffPage.render(diff, HealthStatus.HEALTHY)).contains("id=\"h-sql\"")
          .doesNotContain("h-traces", "id=\"section-traces\"");
    }
  }
}
