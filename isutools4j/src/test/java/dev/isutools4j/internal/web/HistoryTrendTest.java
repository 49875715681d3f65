package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
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
      run("run-4", 40, 10_300L, true, REV_B, "cache <users>"),
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
  void onlyRepeatsAreMarkedAndTwoAreOneShortOfABand() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    // run-1 and run-2 share revision A under other notes: other configurations, no repeats
    assertThat(occurrences(page, "<tr class=\"grouped\"")).isEqualTo(2);
    assertThat(page).contains("×2 · 10" + Units.THIN + "000–10" + Units.THIN + "300"
        + " · one more repeat would give a band</span>");
    assertThat(page).doesNotContain("×2 · 5");
    assertThat(page).doesNotContain("<g class=\"band\">");
  }

  @Test
  void aLatestChangeBetweenRepeatsSaysSoAndHowManyMoreWouldGiveABand() {
    String page = HistoryPage.render(RUNS, null, HealthStatus.HEALTHY);
    assertThat(page).contains("<div class=\"banner\" id=\"noise\">latest run against the one"
        + " before: the change (+300) is between repeats of <code>bbbbbbbbbb</code>: noise, by"
        + " definition; one more repeat would give a band</div>");
  }

  @Test
  void levelsOfOneRevisionAreNotEachOthersNoise() {
    RunMeta level1 = meta("l1", START, 11_900L, true, REV_A, false, "tuning level 1")
        .withLabel("level-1");
    RunMeta level2 = meta("l2", START.plusSeconds(60), 8_906L, true, REV_A, false,
        "tuning level 2").withLabel("level-2");
    String page = HistoryPage.render(List.of(stored(level2), stored(level1)), null,
        HealthStatus.HEALTHY);
    assertThat(page).doesNotContain("may be noise").doesNotContain("class=\"grouped\"");
    assertThat(page).contains("id=\"noise\">latest run against the one before: whether the change"
        + " (-2" + Units.THIN + "994) is noise is not known");
    assertThat(page).contains("<span class=\"label\">level-2</span> tuning level 2</td>");
    assertThat(page).contains("data-filter=\"" + REV_A + " level-2 tuning level 2\"");
  }

  @Test
  void threeRepeatsDrawTheirBandOnTheChartAndTellAJumpOutsideIt() {
    List<StoredRun> runs = new ArrayList<>();
    long[] scores = {1_000, 1_080, 1_040, 2_000, 2_050, 1_950};
    for (int i = 0; i < scores.length; i++) {
      String label = i < 3 ? "level-1" : "level-2";
      runs.add(0, stored(meta("r" + i, START.plusSeconds(60L * i), scores[i], true, REV_A, false,
          null).withLabel(label)));
    }
    String page = HistoryPage.render(runs, null, HealthStatus.HEALTHY);
    int svg = page.indexOf("<svg class=\"trend\"");
    String chart = page.substring(svg, page.indexOf("</svg>", svg));
    assertThat(occurrences(chart, "<g class=\"band\">")).isEqualTo(2);
    assertThat(chart).contains("<title>repeats of aaaaaaaaaa level-1: 1" + Units.THIN + "000–1"
        + Units.THIN + "080, median 1" + Units.THIN + "040, 3 runs</title>");
    // the band spans its runs' points: x 14 to 14 + 2 steps of 138.4, padded by 6
    assertThat(chart).contains("<rect x=\"8\" y=\"");
    assertThat(chart).contains("width=\"289\"");
    assertThat(chart.indexOf("<g class=\"band\">")).isLessThan(chart.indexOf("<polyline"));
    assertThat(page).contains("×3 · 1" + Units.THIN + "000–1" + Units.THIN + "080 · median 1"
        + Units.THIN + "040</span>");
    assertThat(page).contains("id=\"noise\">latest run against the one before: the change (-100)"
        + " is between repeats of");
    runs.add(0, stored(meta("r6", START.plusSeconds(600), 3_000L, true, REV_A, false, null)
        .withLabel("level-3")));
    runs.add(0, stored(meta("r7", START.plusSeconds(660), 3_100L, true, REV_A, false, null)
        .withLabel("level-3")));
    runs.add(0, stored(meta("r8", START.plusSeconds(720), 3_050L, true, REV_A, false, null)
        .withLabel("level-3")));
    runs.add(0, stored(meta("r9", START.plusSeconds(780), 1_990L, true, REV_A, false, null)
        .withLabel("level-2")));
    assertThat(HistoryPage.render(runs, null, HealthStatus.HEALTHY)).contains("the change (-1"
        + Units.THIN + "060) is outside both runs' bands: not noise");
  }

  private static StoredRun stored(RunMeta meta) {
    return new StoredRun(meta.id(), Path.of("/data/" + meta.id() + ".json"), meta, null);
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
