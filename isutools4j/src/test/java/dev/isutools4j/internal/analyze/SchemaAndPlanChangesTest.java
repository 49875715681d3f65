package dev.isutools4j.internal.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Change detection between two database sections: schema and plans. */
class SchemaAndPlanChangesTest {

  static PlanRow row(long id, String table, String type, String possible, String key, long rows,
      String extra) {
    return new PlanRow(id, null, table, type, possible, key, null, null, rows, null, extra, Set.of());
  }

  static Table table(String name, Index... indexes) {
    return new Table(name, "InnoDB", 0, 0, 0, List.of(indexes));
  }

  static Plan plan(String fingerprint, PlanRow... rows) {
    return new Plan(fingerprint, fingerprint, 1, 1, List.of(rows), 0, List.of(), null);
  }

  static DatabaseSection section(List<Table> tables, List<Plan> plans) {
    return DatabaseSection.inspected("MariaDB", "10.11", "jdbc:mariadb://db/isu", null, "isu",
        tables, plans, null, Map.of(), null, Map.of());
  }

  @Test
  void changesListSchemaAndPlanDifferences() {
    DatabaseSection before = section(
        List.of(
            table("posts", new Index("PRIMARY", List.of("id"), true),
                new Index("idx_old", List.of("body"), false)),
            table("gone")),
        List.of(plan("SELECT a", row(1, "posts", "ALL", null, null, 3000, null))));
    DatabaseSection now = section(
        List.of(
            table("posts", new Index("PRIMARY", List.of("id"), true),
                new Index("idx_user", List.of("user_id"), false)),
            table("fresh")),
        List.of(plan("SELECT a", row(1, "posts", "ref", "idx_user", "idx_user", 6, null)),
            plan("SELECT new", row(1, "posts", "ALL", null, null, 3, null))));

    Changes changes = SchemaAndPlanChanges.of("run-1", before, now);
    assertThat(changes.previousRun()).isEqualTo("run-1");
    assertThat(changes.schema()).extracting(c -> c.kind() + " " + c.table()
        + (c.index() == null ? "" : "." + c.index()))
        .containsExactly("index added posts.idx_user", "index dropped posts.idx_old",
            "table added fresh", "table dropped gone");
    assertThat(changes.plans()).singleElement()
        .satisfies(c -> assertThat(c.what()).isEqualTo("key, type, rows"));
  }

  @Test
  void rowsOffByTenTimesIsAChangeAndLessIsNot() {
    PlanRow was = row(1, "t", "ref", "k", "k", 100, null);
    assertThat(SchemaAndPlanChanges.difference(was, row(1, "t", "ref", "k", "k", 999, null))).isNull();
    assertThat(SchemaAndPlanChanges.difference(was, row(1, "t", "ref", "k", "k", 1000, null)))
        .isEqualTo("rows");
    assertThat(SchemaAndPlanChanges.difference(was, row(1, "t", "ref", "k", "k", 10, null)))
        .isEqualTo("rows");
  }
}
