package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.PerSession;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.SavedRuns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The run page's user flow: drawn to scale, its counts in the titles, or one line saying why not. */
class FlowViewTest {

  private static final Pattern BAND = Pattern.compile(
      "<path class=\"flow-band s(\\d)\" d=\"[^\"]+\" stroke-width=\"([0-9.]+)\" data-count=\"(\\d+)\"[^>]*><title>([^<]*)</title>");

  static FlowSection login() {
    return new FlowSection(List.of("JSESSIONID"), 260, 40, 50, new PerSession(5.2, 5, 9), 0, 0,
        List.of(new Transition("POST /login", "GET /", 200, 100),
            new Transition("GET /", "POST /comment", 302, 60),
            new Transition("POST /comment", "GET /posts/{id}", 200, 40),
            new Transition("GET /", "POST /comment", 500, 9),
            new Transition("GET /posts/{id}", "GET /image/{id}.{ext}", 200, 1)),
        0,
        List.of(new RouteCount("POST /login", 50)),
        List.of(new RouteCount("GET /posts/{id}", 30), new RouteCount("GET /", 20)),
        List.of(new Path(List.of("POST /login", "GET /", "POST /comment"), 60)), 0);
  }

  private static String page(FlowSection flow) {
    Snapshot base = new Snapshot(Fixtures.meta("20260501-100000-000", Fixtures.START, 1L, true, "abc", false, null),
        List.of(), List.of(), List.of(), flow == null ? Map.of() : Map.of("flow", flow));
    return RunPage.render(base, false, HealthStatus.HEALTHY);
  }

  @Test
  void theTransitionsAreDrawnAsBandsAsWideAsTheirCounts() {
    String html = page(login());
    List<long[]> bands = new ArrayList<>();
    List<String> titles = new ArrayList<>();
    Matcher m = BAND.matcher(html);
    while (m.find()) {
      bands.add(new long[] {Long.parseLong(m.group(3)), Math.round(Double.parseDouble(m.group(2)) * 10),
          Long.parseLong(m.group(1))});
      titles.add(m.group(4));
    }
    assertThat(bands).hasSize(5);
    for (long[] a : bands) {
      for (long[] b : bands) {
        if (a[0] > b[0]) {
          assertThat(a[1]).as("a band of %d is at least as wide as one of %d", a[0], b[0]).isGreaterThanOrEqualTo(b[1]);
        }
      }
    }
    assertThat(bands.get(0)[1]).as("the heaviest is the widest, by far").isGreaterThan(10 * bands.get(4)[1]);
    assertThat(bands.get(4)[1] / 10.0).as("the rarest still shows").isEqualTo(FlowChart.MIN_WIDTH);
    assertThat(bands).extracting(b -> b[2]).containsExactly(2L, 3L, 2L, 5L, 2L);
    assertThat(titles.get(0)).isEqualTo("POST /login → GET / · 200 · 100 (47.6 % of transitions)");
    assertThat(titles.get(3)).isEqualTo("GET / → POST /comment · 500 · 9 (4.3 % of transitions)");
    assertThat(html).contains("<text x=\"292\"", ">POST /login <tspan class=\"count\">100</tspan>",
        ">GET / <tspan class=\"count\">100</tspan>");
  }

  @Test
  void theSectionComesAfterTheSqlPerRouteWithItsEndsAndPaths() {
    String html = page(login());
    assertThat(html.indexOf("<h2 id=\"h-flow\">")).isGreaterThan(html.indexOf("<h2 id=\"h-route-sql\">"))
        .isLessThan(html.indexOf("<h2 id=\"h-profile\">"));
    assertThat(html).contains("<h2 id=\"h-flow\">User flow <span class=\"muted\">(50 sessions, 210 transitions)",
        "href=\"#h-flow\">flow</a>",
        "50 sessions, 260 requests in them: per session mean 5.20, median 5, max 9 · 40 requests without"
            + " a session · <span title=\"isutools.flow.cookies: JSESSIONID\">cookies JSESSIONID</span>");
    assertThat(Fixtures.table(html, "flow-ends")).contains(">POST /login<", ">GET /posts/{id}<");
    assertThat(Fixtures.table(html, "flow-paths")).contains(">POST /login → GET / → POST /comment<", ">60<");
    assertThat(Fixtures.table(html, "flow-transitions")).contains(">500<", ">4.3 %<");
  }

  /**
   * The section of a real isugram run as drawn: written anew with {@code -Dsaved.runs.write=true}
   * after a deliberate change, like the saved runs' pages.
   */
  @Test
  void theSavedIsugramRunsSectionIsTheSame() throws Exception {
    java.nio.file.Path run = SavedRuns.DIR.resolve("flow/20261202-035106-001.json");
    String page = RunPage.render(SnapshotJson.read(SavedRuns.text(run)), false, HealthStatus.HEALTHY);
    String section = page.substring(page.indexOf("<h2 id=\"h-flow\">"), page.indexOf("<h2 id=\"h-profile\">"));
    java.nio.file.Path expected = SavedRuns.DIR.resolve("pages/flow-20261202-035106-001-section.html");
    if (Boolean.getBoolean("saved.runs.write")) {
      Files.writeString(expected, section, StandardCharsets.UTF_8);
    }
    assertThat(section).as("%s (written anew with -Dsaved.runs.write=true)", expected)
        .isEqualTo(Files.readString(expected, StandardCharsets.UTF_8));
    assertThat(section).contains("<svg class=\"flow\" id=\"flow-chart\"", "POST /login → GET / · 200 · 13");
  }

  @Test
  void aRunWithoutSessionsSaysWhyInOneLine() {
    assertThat(FlowView.empty(Optional.empty())).startsWith("not followed: no flow section");
    FlowSection none = new FlowSection(List.of("JSESSIONID", "SESSION"), 0, 120, 0, PerSession.NONE, 0, 0,
        List.of(), 0, List.of(), List.of(), List.of(), 0);
    String html = page(none);
    assertThat(html).contains("<h2 id=\"h-flow\">User flow</h2><p class=\"muted empty-section\" id=\"flow-empty\">"
        + "no session seen: none of the run&#39;s 120 requests carried or was given a cookie named"
        + " JSESSIONID, SESSION (set isutools.flow.cookies to the app&#39;s session cookie)</p>");
    assertThat(html).doesNotContain("class=\"flow\"");
    FlowSection off = new FlowSection(List.of(), 0, 0, 0, PerSession.NONE, 0, 0, List.of(), 0, List.of(),
        List.of(), List.of(), 0);
    assertThat(page(off)).contains(">not followed: the user flow is off (isutools.flow.cookies=off)<");
  }

  @Test
  void theDiffListsTheTransitionsThatChanged() {
    FlowSection before = login();
    FlowSection after = new FlowSection(List.of("JSESSIONID"), 260, 40, 50, new PerSession(5.2, 5, 9), 0, 0,
        List.of(new Transition("POST /login", "GET /login", 200, 100),
            new Transition("GET /", "POST /comment", 302, 60),
            new Transition("POST /comment", "GET /posts/{id}", 200, 40),
            new Transition("GET /", "POST /comment", 500, 9),
            new Transition("GET /posts/{id}", "GET /image/{id}.{ext}", 200, 1)),
        0, List.of(), List.of(), List.of(), 0);
    Snapshot a = new Snapshot(Fixtures.meta("a", Fixtures.START, 1L, true, "abc", false, null), List.of(), List.of(),
        List.of(), Map.of("flow", before));
    Snapshot b = new Snapshot(Fixtures.meta("b", Fixtures.START, 1L, true, "abc", false, null), List.of(), List.of(),
        List.of(), Map.of("flow", after));
    String html = DiffPage.render(RunDiff.of(a, b), HealthStatus.HEALTHY);
    assertThat(html).contains("<h2 id=\"h-flow\">User flow <span class=\"muted\">(2 transitions changed)",
        "sessions 50 → 50, requests per session 5.20 → 5.20 · 4 transitions within 5 points");
    String table = Fixtures.table(html, "diff-flow");
    assertThat(table).contains(">GET /login<", ">new<", ">gone<", "— → 100", "100 → —", "+47.62");
    assertThat(html.indexOf("id=\"h-flow\"")).isGreaterThan(html.indexOf("id=\"h-route-sql\""))
        .isLessThan(html.indexOf("id=\"h-counters\""));
  }
}
