package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlanRuleTest {

  /** A plan whose warnings are these messages. */
  private static Plan plan(String sql, double totalMs, List<String> warnings) {
    return warned(sql, totalMs, warnings.stream().map(m -> new Warning(null, null, m)).toList());
  }

  private static Plan warned(String sql, double totalMs, List<Warning> warnings) {
    PlanRow row = new PlanRow(1L, null, "c", "ALL", null, null, null, null, 100000L, null, null,
        Set.of());
    return new Plan(sql.toLowerCase(), sql, 0, totalMs, List.of(row), 0, warnings, null);
  }

  private static AdvisorInput withPlans(List<Plan> plans) {
    return Inputs.run().database(Inputs.database(null, Map.of(), 1, 1, plans)).input();
  }

  @Test
  void aFullScanWithASortSuggestsEqualityColumnsThenTheOrderColumn() {
    List<Finding> findings = new PlanRule().check(withPlans(List.of(
        plan("SELECT * FROM comments c WHERE c.post_id = 12 AND c.user_id = 3"
            + " ORDER BY c.created_at DESC LIMIT 3", 900, List.of("full scan of comments (100000 rows)",
            "filesort")),
        plan("SELECT * FROM users WHERE id = 1", 5, List.of()))));
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.status()).isEqualTo(Status.WARN);
      assertThat(f.fix()).isEqualTo("ALTER TABLE comments ADD INDEX (post_id, user_id, created_at)");
      assertThat(f.evidence()).containsEntry("type", "ALL").containsEntry("totalMs", 900.0);
    });
  }

  @Test
  void plansThatUseIndexesAreOk() {
    List<Finding> findings = new PlanRule().check(withPlans(List.of(
        plan("SELECT * FROM users WHERE id = 1", 5, List.of()))));
    assertThat(findings).singleElement().satisfies(f -> assertThat(f.status()).isEqualTo(Status.OK));
  }

  @Test
  void anIndexThatAlreadyExistsIsNamedInsteadOfAddedTwice() {
    List<Finding> findings = new PlanRule().check(withPlans(List.of(
        plan("SELECT * FROM comments WHERE id = 1", 5, List.of("no usable key")))));
    assertThat(findings).singleElement()
        .satisfies(f -> assertThat(f.fix()).startsWith("index PRIMARY already covers [id]"));
  }

  @Test
  void readsTheWarningsAsTheDatabaseSectionWritesThem() {
    Plan plan = warned("SELECT * FROM posts WHERE user_id = 7", 300, List.of(
        new Warning("full-scan", "posts", "full scan of posts (about 3000 rows)"),
        new Warning("no-key", "posts", "no usable index on posts")));
    List<Finding> findings = new PlanRule().check(withPlans(List.of(plan)));
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.status()).isEqualTo(Status.WARN);
      assertThat((List<Object>) f.evidence().get("warnings"))
          .containsExactly("full scan of posts (about 3000 rows)", "no usable index on posts");
      assertThat(f.fix()).isEqualTo("ALTER TABLE posts ADD INDEX (user_id)");
    });
  }
  /** A plan as the database section writes it: a full scan of {@code table}, {@code rows} per execution. */
  private static Plan scan(String sql, String table, long rows, long count, double totalMs) {
    PlanRow row = new PlanRow(1L, "SIMPLE", table, "ALL", null, null, null, null, rows, null,
        "Using where", Set.of());
    List<Warning> warnings = List.of(
        new Warning("full-scan", table, "full scan of " + table + " (about " + rows + " rows)"),
        new Warning("no-key", table, "no usable index on " + table));
    return new Plan(sql.toLowerCase(), sql, count, totalMs, List.of(row), rows, warnings, null);
  }

  /**
   * Spring PetClinic: its queries scan tables of 4 to 13 rows (owners, pets, vets), which the
   * optimizer rightly prefers to the primary key; they are most of its SQL time, yet no index helps.
   */
  @Test
  void fullScansOfTinyTablesAreNotWarnedAbout() {
    Table owners = new Table("owners", "InnoDB", 10, 16384, 16384,
        List.of(new Index("PRIMARY", List.of("id"), true)));
    Table pets = new Table("pets", "InnoDB", 13, 16384, 16384,
        List.of(new Index("PRIMARY", List.of("id"), true)));
    List<Plan> plans = List.of(
        scan("SELECT * FROM owners WHERE id = 1", "owners", 10, 4000, 800),
        scan("SELECT * FROM pets WHERE id = 7", "pets", 13, 3000, 500),
        scan("SELECT * FROM vets", "vets", 6, 2000, 300));
    AdvisorInput in = Inputs.run().sqlTime("select * from owners where id = ?", 4000, 800)
        .sqlTime("select * from pets where id = ?", 3000, 500)
        .sqlTime("select * from vets", 2000, 300)
        .database(DatabaseSection.inspected("MySQL", null, null, null, null, List.of(owners, pets),
            plans, null, Map.of(), null, Map.of()))
        .input();
    List<Finding> findings = new PlanRule().check(in);
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.status()).isEqualTo(Status.OK);
      assertThat(f.fix()).isEmpty();
      assertThat(String.valueOf(f.evidence().get("cheapScans"))).startsWith("3 plans");
    });
  }

  @ParameterizedTest
  @CsvSource({
      "10032, 10276, WARN", // isugram's comments by post: a third of the SQL time
      "10032, 204, OK", //     the same scan, rarely run: 0.6 % of the SQL time
      "896, 2000, OK", //      posts by date: 896 rows a time, nothing an index would change much
      "1000, 2000, WARN"})
  void aScanWarnsWhenItCostsTheRunTimeAndTheTableIsBig(long rows, double totalMs, Status expected) {
    AdvisorInput in = Inputs.run().sqlTime("select * from users where id = ?", 50000, 30000 - totalMs)
        .sqlTime("select * from comments where post_id = ?", 1000, totalMs)
        .database(Inputs.database(null, Map.of(), 1, 1,
            List.of(scan("SELECT * FROM comments WHERE post_id = 3", "comments", rows, 1000, totalMs))))
        .input();
    Finding f = new PlanRule().check(in).get(0);
    assertThat(f.status()).isEqualTo(expected);
    if (expected == Status.WARN) {
      assertThat(f.evidence()).containsEntry("rowsPerExecution", rows)
          .containsEntry("shareOfSqlTime", Math.round(totalMs / 30000 * 1000) / 10.0 + " %");
      assertThat(f.fix()).isEqualTo("ALTER TABLE comments ADD INDEX (post_id)");
    }
  }
}
