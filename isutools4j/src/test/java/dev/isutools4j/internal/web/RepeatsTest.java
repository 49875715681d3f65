package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which runs are repeats of each other, and what their band says, on fixed metas. */
class RepeatsTest {

  private static final String REV = "bce5aa0bce5aa0bce5aa0bce5aa0bce5aa0bce5a";

  private int minute;

  private RunMeta run(long score, String revision, boolean dirty, String label,
      String note) {
    String id = "run-" + minute;
    return meta(id, START.plusSeconds(60L * minute++), score, true, revision, dirty, note)
        .withLabel(label);
  }

  /** The store's listing: newest first. */
  private static List<StoredRun> history(RunMeta... oldestFirst) {
    List<StoredRun> out = new ArrayList<>();
    for (RunMeta m : oldestFirst) {
      out.add(0, new StoredRun(m.id(), Path.of("/data/" + m.id() + ".json"), m, null));
    }
    return out;
  }

  @Test
  void runsOfOneRevisionUnderOtherLabelsAreNoRepeats() {
    RunMeta level1 = run(11_900, REV, false, "level-1", "tuning level 1");
    RunMeta level2 = run(8_906, REV, false, "level-2", "tuning level 1");
    Repeats repeats = Repeats.of(history(level1, level2));
    assertThat(Repeats.same(level1, level2)).isFalse();
    assertThat(repeats.of(level1).runs()).isEqualTo(1);
    assertThat(repeats.of(level2).runs()).isEqualTo(1);
  }

  @Test
  void aDirtyRunIsNoRepeatOfACleanOne() {
    RunMeta clean = run(100, REV, false, null, null);
    RunMeta dirty = run(101, REV, true, null, null);
    assertThat(Repeats.same(clean, dirty)).isFalse();
    assertThat(Repeats.of(history(clean, dirty)).of(dirty).runs()).isEqualTo(1);
  }

  @Test
  void otherNotesAreOtherConfigurationsAndNoRevisionRepeatsNothing() {
    assertThat(Repeats.same(run(1, REV, false, null, "index on posts"),
        run(1, REV, false, null, "cache users"))).isFalse();
    assertThat(Repeats.same(run(1, REV, false, null, "  "), run(1, REV, false, null, null))).isTrue();
    RunMeta unknown = run(1, null, false, null, null);
    assertThat(Repeats.same(unknown, run(1, null, false, null, null))).isFalse();
    assertThat(Repeats.of(history(unknown)).of(unknown)).isNull();
  }

  @Test
  void threeRepeatsMakeABandWithItsMedian() {
    RunMeta a = run(12_000, REV, false, "level-2", "n");
    RunMeta b = run(11_800, REV, false, "level-2", "n");
    RunMeta c = run(11_900, REV, false, "level-2", "n");
    Repeats.Group g = Repeats.of(history(a, b, c, run(5, REV, false, "level-1", "n"))).of(c);
    assertThat(g.runs()).isEqualTo(3);
    assertThat(g.hasBand()).isTrue();
    assertThat(g.min()).isEqualTo(11_800L);
    assertThat(g.max()).isEqualTo(12_000L);
    assertThat(g.median()).isEqualTo(11_900L);
    assertThat(g.missing()).isZero();
    assertThat(g.contains(11_850)).isTrue();
    assertThat(g.contains(12_001)).isFalse();
  }

  @Test
  void twoRepeatsAreOneShortOfABand() {
    RunMeta a = run(100, REV, false, "x", null);
    RunMeta b = run(110, REV, false, "x", null);
    Repeats.Group g = Repeats.of(history(a, b)).of(a);
    assertThat(g.hasBand()).isFalse();
    assertThat(g.missing()).isEqualTo(1);
    assertThat(g.missingText()).isEqualTo("one more repeat would give a band");
    assertThat(g.contains(105)).isFalse();
  }

  @Test
  void theDemosLevelJumpIsNotCalledNoise() {
    RunMeta level1 = run(11_900, REV, false, "level-1", "tuning level 1");
    RunMeta level2 = run(8_906, REV, false, "level-2", "tuning level 2");
    String verdict = Repeats.of(history(level1, level2)).verdict(level1, level2);
    assertThat(verdict).doesNotContain("may be noise")
        .startsWith("whether the change (-2" + Units.THIN + "994) is noise is not known")
        .contains("<span class=\"label\">level-1</span> “tuning level 1” has 1 scored run: 2 more"
            + " repeats would give a band")
        .contains("<span class=\"label\">level-2</span> “tuning level 2” has 1 scored run: 2 more");
  }

  @Test
  void groupsThatDifferOnlyByTheirNoteAreToldApartByIt() {
    RunMeta level0 = run(5_000, REV, false, null, "tuning level 0");
    RunMeta level1 = run(11_900, REV, false, null, "tuning level 1\nindex on comments(post_id)");
    String verdict = Repeats.of(history(level0, level1)).verdict(level0, level1);
    assertThat(verdict).isEqualTo("whether the change (+6" + Units.THIN + "900) is noise is not"
        + " known: <code>bce5aa0bce</code> “tuning level 0” has 1 scored run: 2 more repeats would"
        + " give a band; <code>bce5aa0bce</code> “tuning level 1” has 1 scored run: 2 more repeats"
        + " would give a band (<code>isutools4j bench --repeat 3</code>)");

    RunMeta noted = run(100, REV, false, "x", "cache <users> " + "a".repeat(80));
    RunMeta plain = run(100, REV, false, "x", null);
    assertThat(Repeats.of(history(noted, plain)).verdict(noted, plain))
        .contains("<span class=\"label\">x</span> “cache &lt;users&gt; "
            + "a".repeat(Repeats.Key.NOTE_CHARS - 15) + "…” has 1 scored run")
        .contains("<span class=\"label\">x</span> (no note) has 1 scored run");
  }

  @Test
  void aNoteTheTwoGroupsShareIsNotRepeated() {
    RunMeta a = run(100, REV, false, "level-1", "same note");
    RunMeta b = run(200, REV, false, "level-2", "same note");
    assertThat(Repeats.of(history(a, b)).verdict(a, b)).doesNotContain("same note");
  }

  @Test
  void aChangeOutsideBothBandsIsNotNoiseAndOneInsideMayBe() {
    List<RunMeta> all = new ArrayList<>();
    for (long s : new long[] {1_000, 1_050, 1_020}) {
      all.add(run(s, REV, false, "before", null));
    }
    for (long s : new long[] {2_000, 2_100, 1_990}) {
      all.add(run(s, REV, false, "after", null));
    }
    RunMeta close = run(1_040, REV, false, "close", null);
    all.add(close);
    all.add(run(1_100, REV, false, "close", null));
    all.add(run(1_000, REV, false, "close", null));
    Repeats repeats = Repeats.of(history(all.toArray(RunMeta[]::new)));

    assertThat(repeats.verdict(all.get(2), all.get(5)))
        .startsWith("the change (+970) is outside both runs' bands: not noise")
        .contains("1" + Units.THIN + "000–1" + Units.THIN + "050, median 1" + Units.THIN + "020, 3 runs");
    assertThat(repeats.verdict(all.get(2), close))
        .startsWith("the change (+20) is within the runs' bands: it may be noise");
    List<RunMeta> noted = new ArrayList<>();
    for (long s : new long[] {1_000, 1_050, 1_020}) {
      noted.add(run(s, REV, false, null, "pool 10"));
    }
    for (long s : new long[] {1_010, 1_040, 1_030}) {
      noted.add(run(s, REV, false, null, "pool 20"));
    }
    assertThat(Repeats.of(history(noted.toArray(RunMeta[]::new))).verdict(noted.get(0), noted.get(5)))
        .startsWith("the change (+30) is within the runs' bands: it may be noise")
        .contains("(<code>bce5aa0bce</code> “pool 10”: 1" + Units.THIN + "000–")
        .contains("; <code>bce5aa0bce</code> “pool 20”: 1" + Units.THIN + "010–");
    assertThat(repeats.verdict(all.get(0), all.get(1)))
        .startsWith("the change (+50) is between repeats of <code>bce5aa0bce</code>"
            + " <span class=\"label\">before</span>: noise, by definition");
  }
}
