package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanRuleTest {

  private static Map<String, Object> plan(String sql, double totalMs, List<String> warnings) {
    return Map.of("fingerprint", sql.toLowerCase(), "sample", sql, "totalMs", totalMs,
        "rows", List.of(Map.of("id", 1, "table", "c", "type", "ALL", "rows", 100000)),
        "warnings", warnings);
  }

  private static AdvisorInput withPlans(List<Map<String, Object>> plans) {
    Map<String, Object> db = new LinkedHashMap<>(Inputs.database(Map.of(), 1, 1));
    db.put("plans", plans);
    return Inputs.run().database(db).input();
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
    Map<String, Object> plan = new LinkedHashMap<>(plan("SELECT * FROM posts WHERE user_id = 7", 300, List.of()));
    plan.put("warnings", List.of(
        Map.of("id", "full-scan", "table", "posts", "message", "full scan of posts (about 3000 rows)"),
        Map.of("id", "no-key", "table", "posts", "message", "no usable index on posts")));
    List<Finding> findings = new PlanRule().check(withPlans(List.of(plan)));
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.status()).isEqualTo(Status.WARN);
      assertThat((List<Object>) f.evidence().get("warnings"))
          .containsExactly("full scan of posts (about 3000 rows)", "no usable index on posts");
      assertThat(f.fix()).isEqualTo("ALTER TABLE posts ADD INDEX (user_id)");
    });
  }
}
