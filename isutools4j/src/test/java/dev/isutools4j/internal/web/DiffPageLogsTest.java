package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiffPageLogsTest {

  static Snapshot run(String id, long count, double totalMs) {
    return new Snapshot(meta(id, START, 1L, true, "abc", false, null), List.of(), List.of(), List.of(),
        Map.of("accessLog", LogViewsTest.access(Map.of("rows", List.of(Map.of("method", "GET", "route", "/posts/<id>",
                "count", count, "totalMs", totalMs, "p95Ms", 3.0)))),
            "slowLog", LogViewsTest.slow(Map.of("rows", List.of(Map.of("fingerprint", "select * from posts where id = ?",
                "count", count * 2, "totalMs", totalMs / 2, "p95Ms", 1.0))))));
  }

  @Test
  void bothLogsHaveTheirTables() {
    String html = DiffPage.render(RunDiff.of(run("a", 100, 900), run("b", 120, 300)), null);
    assertThat(html).contains("href=\"#h-access-log\"", "href=\"#h-slow-log\"");
    assertThat(table(html, "diff-access-log")).contains("GET /posts/&lt;id&gt;", "100 → 120", "-600.0 ms",
        "9.00 ms", "2.50 ms");
    assertThat(table(html, "diff-slow-log")).contains("select * from posts where id = ?", "-300.0 ms");
  }
}
