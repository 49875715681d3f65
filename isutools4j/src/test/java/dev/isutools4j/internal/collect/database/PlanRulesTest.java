package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure parts of the database section: plan warnings, change detection, skipped samples. */
class PlanRulesTest {

  private static Map<String, Object> row(long id, String table, String type, String possible,
      String key, long rows, String extra) {
    Map<String, Object> m = new HashMap<>();
    m.put("id", id);
    m.put("table", table);
    m.put("type", type);
    m.put("possibleKeys", possible);
    m.put("key", key);
    m.put("rows", rows);
    m.put("extra", extra);
    return m;
  }

  private static List<Object> ids(List<Map<String, Object>> warnings) {
    return warnings.stream().map(w -> w.get("id")).toList();
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
    List<Map<String, Object>> join = List.of(
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
  void changesListSchemaAndPlanDifferences() {
    Map<String, Object> before = Map.of(
        "supported", true,
        "tables", List.of(
            Map.of("name", "posts", "indexes", List.of(
                Map.of("name", "PRIMARY", "columns", List.of("id"), "unique", true),
                Map.of("name", "idx_old", "columns", List.of("body"), "unique", false))),
            Map.of("name", "gone", "indexes", List.of())),
        "plans", List.of(Map.of("fingerprint", "SELECT a", "rows",
            List.of(row(1, "posts", "ALL", null, null, 3000, null)))));
    List<Map<String, Object>> tables = List.of(
        Map.of("name", "posts", "indexes", List.of(
            Map.of("name", "PRIMARY", "columns", List.of("id"), "unique", true),
            Map.of("name", "idx_user", "columns", List.of("user_id"), "unique", false))),
        Map.of("name", "fresh", "indexes", List.of()));
    List<Map<String, Object>> plans = List.of(
        Map.of("fingerprint", "SELECT a", "rows", List.of(row(1, "posts", "ref", "idx_user",
            "idx_user", 6, null))),
        Map.of("fingerprint", "SELECT new", "rows", List.of(row(1, "posts", "ALL", null, null, 3, null))));

    Fields changes = Fields.of(Changes.of("run-1", before, tables, plans));
    assertThat(changes.string("previousRun")).isEqualTo("run-1");
    assertThat(changes.fieldsList("schema")).extracting(c -> c.string("kind") + " " + c.string("table")
        + (c.string("index") == null ? "" : "." + c.string("index")))
        .containsExactly("index added posts.idx_user", "index dropped posts.idx_old",
            "table added fresh", "table dropped gone");
    assertThat(changes.fieldsList("plans")).singleElement()
        .satisfies(c -> assertThat(c.string("what")).isEqualTo("key, type, rows"));
  }

  @Test
  void rowsOffByTenTimesIsAChangeAndLessIsNot() {
    Fields was = Fields.of(row(1, "t", "ref", "k", "k", 100, null));
    assertThat(Changes.difference(was, Fields.of(row(1, "t", "ref", "k", "k", 999, null)))).isNull();
    assertThat(Changes.difference(was, Fields.of(row(1, "t", "ref", "k", "k", 1000, null))))
        .isEqualTo("rows");
    assertThat(Changes.difference(was, Fields.of(row(1, "t", "ref", "k", "k", 10, null))))
        .isEqualTo("rows");
  }

  @Test
  void samplesWithUnrenderedParametersAndWritesAreNotExplained() {
    assertThat(Explains.explainable("SELECT * FROM t WHERE a = ?")).contains("not rendered");
    assertThat(Explains.explainable("SELECT * FROM t WHERE a = 'why?' AND `b?` = 1")).isNull();
    assertThat(Explains.isSelect("select 1")).isTrue();
    assertThat(Explains.isSelect("UPDATE t SET a = 1")).isFalse();
  }
}
