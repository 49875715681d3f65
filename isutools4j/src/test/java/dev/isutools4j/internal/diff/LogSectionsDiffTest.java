package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The access log and slow log sections' rows, matched by key like the SQL and HTTP tables. */
class LogSectionsDiffTest {

  static Map<String, Object> access(String route, long count, double totalMs, double p95Ms) {
    return Map.of("method", "GET", "route", route, "count", count, "totalMs", totalMs, "p95Ms", p95Ms);
  }

  static Map<String, Object> slow(String fingerprint, long count, double totalMs, double p95Ms) {
    return Map.of("fingerprint", fingerprint, "count", count, "totalMs", totalMs, "p95Ms", p95Ms);
  }

  static Snapshot run(String id, List<Map<String, Object>> accessRows, List<Map<String, Object>> slowRows) {
    return new Snapshot(RunDiffTest.meta(id, 100L), List.of(), List.of(), List.of(),
        Map.of("accessLog", new AccessLogSectionJson().read(Fields.of(Map.of("rows", accessRows))),
            "slowLog", new SlowLogSectionJson().read(Fields.of(Map.of("rows", slowRows)))));
  }

  @Test
  void rowsAreMatchedByRouteAndByFingerprint() {
    Snapshot before = run("a", List.of(access("/posts/{id}", 1000, 9000, 30), access("/old", 5, 50, 10)),
        List.of(slow("select * from posts where id = ?", 3000, 4500, 2)));
    Snapshot after = run("b", List.of(access("/posts/{id}", 1200, 1200, 2), access("/new", 7, 70, 12)),
        List.of(slow("select * from posts where id = ?", 3600, 360, 0.2),
            slow("select count(*) from posts", 10, 100, 15)));
    RunDiff diff = RunDiff.of(before, after);

    assertThat(diff.accessLog()).extracting(RowDiff::key, RowDiff::state).containsExactly(
        org.assertj.core.groups.Tuple.tuple("GET /posts/{id}", "changed"),
        org.assertj.core.groups.Tuple.tuple("GET /new", "new"),
        org.assertj.core.groups.Tuple.tuple("GET /old", "gone"));
    RowDiff posts = diff.accessLog().get(0);
    assertThat(posts.countDelta()).isEqualTo(200);
    assertThat(posts.totalDeltaMs()).isEqualTo(-7800.0);
    assertThat(posts.p95DeltaMs()).isEqualTo(-28.0);

    assertThat(diff.slowLog()).extracting(RowDiff::key).containsExactly(
        "select * from posts where id = ?", "select count(*) from posts");
    assertThat(diff.slowLog().get(0).totalDeltaMs()).isEqualTo(-4140.0);
    assertThat(diff.slowLog().get(1).isNew()).isTrue();

    Map<String, Object> json = diff.toMap();
    assertThat((List<?>) json.get("accessLog")).hasSize(3);
    assertThat((List<?>) json.get("slowLog")).hasSize(2);
    assertThat(diff.topMoves(5)).as("the logs measure what the tables measure: not moves again")
        .noneMatch(m -> m.contains("/posts/{id}"));
  }

  @Test
  void runsWithoutTheSectionsHaveNoRows() {
    Snapshot none = new Snapshot(RunDiffTest.meta("a", 1L), List.of(), List.of(), List.of(),
        Map.of("accessLog", new AccessLogSectionJson().read(
            Fields.of(Map.of("supported", false, "reason", "isutools.access.log is not set")))));
    RunDiff diff = RunDiff.of(none, none);
    assertThat(diff.accessLog()).isEmpty();
    assertThat(diff.slowLog()).isEmpty();
  }
}
