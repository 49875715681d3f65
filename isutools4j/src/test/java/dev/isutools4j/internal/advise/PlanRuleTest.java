package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

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
}
