package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryPageTest {

  private static final String REV = "0123456789abcdef0123456789abcdef01234567";

  private static StoredRun run(String id, int minutes, Long score, Boolean pass, boolean dirty,
      String note) {
    RunMeta meta = meta(id, START.plusSeconds(60L * minutes), score, pass, REV, dirty, note);
    return new StoredRun(id, Path.of("/data/" + id + ".json"), meta, null);
  }

  private static final List<StoredRun> RUNS = List.of(
      run("run-3", 30, 31_000L, true, true, "index on users.name"),
      new StoredRun("run-2", Path.of("/data/run-2.json"), null, "unexpected end of input"),
      run("run-1", 10, null, false, false, "<script>alert('x')</script> & more"),
      run("run-0", 0, 12_345L, null, false, null));

  @Test
  void rowsKeepTheNewestFirstOrderAndLinkRelativelyToTheirRun() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    String history = table(page, "history");
    int r3 = history.indexOf("href=\"runs/run-3\"");
    int r1 = history.indexOf("href=\"runs/run-1\"");
    int r0 = history.indexOf("href=\"runs/run-0\"");
    assertThat(r3).isPositive();
    assertThat(r1).isGreaterThan(r3);
    assertThat(r0).isGreaterThan(r1);
    assertThat(page).doesNotContain("href=\"/runs");
  }

  @Test
  void showsScorePassRequestsDurationAndTimeWithItsSortKey() {
    String history = table(HistoryPage.render(RUNS, null, HealthStatus.HEALTHY), "history");
    assertThat(history).contains("data-sort=\"31000\">31\u202F000</td>");
    assertThat(history).contains("data-sort=\"12345\">12\u202F345</td>");
    assertThat(history).contains("class=\"pass\"", "class=\"fail\"", "✓", "✗", "—");
    assertThat(history).contains("data-sort=\"1234\">1\u202F234</td>");
    assertThat(history).contains("data-sort=\"60.0\">60.00 s</td>");
    long millis = START.plusSeconds(1800).toEpochMilli();
    assertThat(history).contains("data-sort=\"" + millis + "\"");
    assertThat(history).contains(Units.time(START.plusSeconds(1800)));
    assertThat(history).contains("datetime=\"2026-05-01T10:30:00Z\"");
  }

  @Test
  void revisionIsShortWithTheFullOneInTheTitleAndDirtyRunsAreMarked() {
    String history = table(HistoryPage.render(RUNS, null, HealthStatus.HEALTHY), "history");
    assertThat(history).contains("<code class=\"rev\" title=\"" + REV + "\">0123456789ab</code>");
    assertThat(occurrences(history, "class=\"dirty\"")).isEqualTo(1);
    String run3 = history.substring(history.indexOf("runs/run-3"), history.indexOf("run-2.json"));
    assertThat(run3).contains("class=\"dirty\"");
  }

  @Test
  void anUnreadableEntryIsAWarningRowWithItsProblemAndNoLink() {
    String history = table(HistoryPage.render(RUNS, null, HealthStatus.HEALTHY), "history");
    int start = history.indexOf("<tr class=\"warn\">");
    assertThat(start).isPositive();
    String row = history.substring(start, history.indexOf("</tr>", start));
    assertThat(row).contains("run-2.json", "unexpected end of input").doesNotContain("<a ", "href");
    assertThat(history).doesNotContain("runs/run-2");
  }

  @Test
  void anOpenRunIsAnnouncedWithALinkToTheCurrentRun() {
    RunMeta open = new RunMeta("current", START, null, null, null, REV, false, null, 4321, 9, 0);
    String page = HistoryPage.render(RUNS, open, HealthStatus.HEALTHY);
    assertThat(page).contains("<a href=\"runs/current\">run in progress since "
        + Units.time(START) + ", <span id=\"live-requests\">4\u202F321</span> requests,");
    assertThat(page).as("kept up to date by the live script")
        .contains("data-live=\"api/runs/current/live\"", "id=\"live-rps\"");
    assertThat(page).doesNotContain("no run open");
  }

  @Test
  void withoutAnOpenRunItSaysHowToStartOne() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).contains("no run open — POST /reset to start one")
        .doesNotContain("runs/current");
  }

  @Test
  void helpShowsTheLoop() {
    String page = HistoryPage.render(List.of(), null, HealthStatus.HEALTHY);
    assertThat(page).contains("curl -X POST localhost:19191/reset",
        "curl -X POST &#39;localhost:19191/save?score=12345&#39;");
    assertThat(page).contains("nothing recorded");
  }

  @Test
  void notesAreEscaped() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).doesNotContain("<script>alert");
    assertThat(page).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more");
  }

  @Test
  void healthLineIsShownOnTop() {
    String healthy = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(healthy).contains("isutools4j: healthy");
    HealthStatus failing = new HealthStatus(2,
        new Health.Failure("jdbc", "boom <x>", "java.lang.IllegalStateException: boom", START));
    String page = HistoryPage.render(RUNS, null, failing);
    assertThat(page).contains("class=\"health bad\"", "isutools4j: 2 internal failures — last: jdbc: boom &lt;x&gt;")
        .doesNotContain("isutools4j: healthy");
    assertThat(page.indexOf("class=\"health")).isLessThan(page.indexOf("<h1>"));
  }

  @Test
  void pageIsSelfContained() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(page).contains("<style>", "<script>", "table.sortable");
    assertThat(page).doesNotContain("http://", "https://", "src=", "stylesheet");
  }
}
