package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.SchemaChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.StatementDigests;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DatabaseViewTest {

  private static DatabaseSection section() {
    Changes changes = new Changes("run-1", List.of(new SchemaChange("index added", "posts",
        "idx_user", List.of("user_id", "created_at"))), List.of());
    DatabaseSection.Table posts = new DatabaseSection.Table("posts", "InnoDB", 3000, 1 << 20, 16384,
        List.of(new Index("PRIMARY", List.of("id"), true)));
    PlanRow row = new PlanRow(1L, null, "posts", "ALL", null, null, null, null, 3000L, null,
        "Using where; Using filesort", Set.of());
    Plan plan = new Plan("SELECT * FROM posts WHERE user_id = ?", null, 100, 500.0, List.of(row), 0,
        List.of(new Warning("full-scan", "posts", "full scan of posts <3000>")), null);
    return DatabaseSection.inspected("MariaDB", "10.11.6", "jdbc:mariadb://127.0.0.1/isu?password=***",
        null, null, List.of(posts), List.of(plan), null, Map.of(),
        StatementDigests.skipped("performance_schema is OFF"),
        Map.of("innodb_buffer_pool_size", "134217728")).withChanges(changes);
  }

  private static String page(DatabaseSection section) {
    Snapshot snapshot = new Snapshot(meta("run-2", START, 100L, true, "abc", false, null), List.of(),
        List.of(), List.of(), Map.of("database", section));
    return RunPage.render(snapshot, false, null);
  }

  @Test
  void showsChangesSchemaPlansAndCollapsedVariables() {
    String html = page(section());
    assertThat(html).contains("href=\"#h-database\"", "index added: posts.idx_user(user_id, created_at)",
        "PRIMARY(id) unique", "data-flag=\"full-scan\"", "full scan of posts &lt;3000&gt;",
        "<tr class=\"warn\">", "<details class=\"section\" id=\"database-variables\">",
        "innodb_buffer_pool_size", "skipped: performance_schema is OFF");
    assertThat(html.indexOf("Changes since run")).isLessThan(html.indexOf("<h3>Schema"));
    assertThat(html).doesNotContain("id=\"section-database\"");
  }

  @Test
  void unsupportedDatabasesSayWhy() {
    assertThat(page(DatabaseSection.unsupported("H2 is not inspected")))
        .contains("not inspected: H2 is not inspected");
  }
}
