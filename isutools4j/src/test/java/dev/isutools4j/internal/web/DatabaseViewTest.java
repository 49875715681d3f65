package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseViewTest {

  private static Map<String, Object> section() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("supported", true);
    s.put("product", "MariaDB");
    s.put("version", "10.11.6");
    s.put("url", "jdbc:mariadb://127.0.0.1/isu?password=***");
    s.put("changes", Map.of("previousRun", "run-1", "schema", List.of(Map.of("kind", "index added",
        "table", "posts", "index", "idx_user", "columns", List.of("user_id", "created_at"))),
        "plans", List.of()));
    s.put("tables", List.of(Map.of("name", "posts", "engine", "InnoDB", "rows", 3000,
        "dataBytes", 1 << 20, "indexBytes", 16384, "indexes", List.of(
            Map.of("name", "PRIMARY", "columns", List.of("id"), "unique", true)))));
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", 1);
    row.put("table", "posts");
    row.put("type", "ALL");
    row.put("rows", 3000);
    row.put("extra", "Using where; Using filesort");
    s.put("plans", List.of(Map.of("fingerprint", "SELECT * FROM posts WHERE user_id = ?",
        "count", 100, "totalMs", 500.0, "rows", List.of(row), "warnings", List.of(
            Map.of("id", "full-scan", "table", "posts", "message", "full scan of posts <3000>")))));
    s.put("variables", Map.of("innodb_buffer_pool_size", "134217728"));
    s.put("digests", Map.of("skipped", "performance_schema is OFF"));
    return s;
  }

  private static String page(Object section) {
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
    assertThat(page(Map.of("supported", false, "reason", "H2 is not inspected")))
        .contains("not inspected: H2 is not inspected");
  }
}
