package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryTrendTest {

  private static final String REV_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  private static final String REV_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

  private static StoredRun run(String id, int minutes, Long score, Boolean pass, String revision,
      String note) {
    RunMeta meta = meta(id, START.plusSeconds(60L * minutes), score, pass, revision, false, note);
    return new StoredRun(id, Path.of("/data/" + id + ".json"), meta, null);
  }

  /** Newest first, as the store lists them. */
  private static final List<StoredRun> RUNS = List.of(
      run("run-4", 40, 10_300L, true, REV_B, "same code again"),
      run("run-3", 30, 10_000L, true, REV_B, "cache <users>"),
      run("run-2", 20, 9_000L, false, REV_A, "broke it"),
      run("run-1", 10, 5_000L, true, REV_A, "first"),
      run("run-0", 0, null, null, null, null));

  @Test
  void theTrendHasOnePointPerScoredRunOldestFirstWithFailsMarkedApart() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    int svg = page.indexOf("<svg class=\"trend\"");
    String chart = page.substring(svg, page.indexOf("</svg>", svg));
    assertThat(occurrences(chart, "<title>")).isEqualTo(4);
    assertThat(occurrences(chart, "<rect class=\"p-fail\"")).isEqualTo(1);
    assertThat(occurrences(chart, "<circle class=\"p-pass\"")).isEqualTo(3);
    assertThat(chart.indexOf("runs/run-1")).isLessThan(chart.indexOf("runs/run-2"));
    assertThat(chart.indexOf("runs/run-2")).isLessThan(chart.indexOf("runs/run-4"));
    assertThat(chart).contains("<title>10" + Units.THIN + "000 · bbbbbbbbbb · cache &lt;users&gt;</title>");
    assertThat(chart).contains("(fail) · aaaaaaaaaa · broke it");
    assertThat(chart).contains("points=\"14,");
  }

  @Test
  void noChartWithFewerThanTwoScores() {
    String page = HistoryPage.render(List.of(RUNS.get(0), RUNS.get(4)), null, HealthStatus.HEALTHY);
    assertThat(page).doesNotContain("<svg class=\"trend\"");
  }

  @Test
  void runsSharingARevisionAreMarkedWithTheirScoreSpread() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(occurrences(page, "<tr class=\"grouped\"")).isEqualTo(4);
    assertThat(page).contains("×2 · 10" + Units.THIN + "000–10" + Units.THIN + "300</span>");
    assertThat(page).contains("×2 · 5" + Units.THIN + "000–9" + Units.THIN + "000</span>");
  }

  @Test
  void aLatestChangeWithinTheSpreadOfOneRevisionIsCalledNoise() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).contains("<div class=\"banner\" id=\"noise\">the latest change (+300) is within"
        + " the spread of the runs of revision <code>bbbbbbbbbb</code> (10" + Units.THIN + "000–10"
        + Units.THIN + "300, 2 runs): it may be noise</div>");

    List<StoredRun> bigJump = List.of(run("run-5", 50, 20_000L, true, "cccccccc", "real gain"),
        RUNS.get(0), RUNS.get(1));
    assertThat(HistoryPage.render(bigJump, null, HealthStatus.HEALTHY)).doesNotContain("id=\"noise\"");
  }

  @Test
  void rowsCarryTheirRevisionAndNoteForTheFilterBox() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).contains("<input type=\"search\" id=\"history-filter\"");
    assertThat(page).contains("data-filter=\"" + REV_B + " cache &lt;users&gt;\"");
    assertThat(page).contains("data-filter=\" \"");
    assertThat(page).contains("querySelectorAll('#history tbody tr[data-filter]')");
  }
}
