package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pure parts of the database section: plan warnings and skipped samples. */
class PlanRulesTest {

  private static PlanRow row(long id, String table, String type, String possible, String key,
      long rows, String extra) {
    return new PlanRow(id, null, table, type, possible, key, null, null, rows, null, extra, Set.of());
  }

  private static List<String> ids(List<Warning> warnings) {
    return warnings.stream().map(Warning::id).toList();
  }

  @Test
  void fullScanNeedsAThousandRows() {
    assertThat(ids(PlanWarnings.of(List.of(row(1, "posts", "ALL", null, null, 999, null)))))
        .containsExactly("no-key");
    assertThat(ids(PlanWarnings.of(List.of(row(1, "posts", "ALL", "idx", null, 1000, null)))))
        .containsExactly("full-scan");
  }

  @Test
  void filesortTemporaryAndRowsExamined() {
    List<PlanRow> join = List.of(
        row(1, "users", "ALL", "PRIMARY", null, 200, "Using temporary; Using filesort"),
        row(1, "posts", "ref", "idx_user", "idx_user", 100, null));
    assertThat(PlanWarnings.rowsExamined(join)).isEqualTo(200 + 200 * 100);
    assertThat(ids(PlanWarnings.of(join))).containsExactly("filesort", "temporary", "rows-examined");
    assertThat(PlanWarnings.of(List.of(row(1, "posts", "const", "PRIMARY", "PRIMARY", 1, null))))
        .isEmpty();
    assertThat(ids(PlanWarnings.of(List.of(row(1, "<derived2>", "ALL", null, null, 5, null)))))
        .isEmpty();
  }

  @Test
  void samplesWithUnrenderedParametersAndWritesAreNotExplained() {
    assertThat(Explains.explainable("SELECT * FROM t WHERE a = ?")).contains("not rendered");
    assertThat(Explains.explainable("SELECT * FROM t WHERE a = 'why?' AND `b?` = 1")).isNull();
    assertThat(Explains.isSelect("select 1")).isTrue();
    assertThat(Explains.isSelect("UPDATE t SET a = 1")).isFalse();
  }
}
