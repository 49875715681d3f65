package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunDiffTest {

  static final String COMMENTS =
      "select * from comments where post_id = ? order by created_at desc limit ?";

  static RunMeta meta(String id, Long score) {
    return meta(id, score, 10);
  }

  static RunMeta meta(String id, Long score, long requests) {
    Instant start = Instant.parse("2026-11-29T10:00:00Z");
    return new RunMeta(id, start, start.plusSeconds(60), score, true, "abc", false, null, requests,
        10, 0);
  }

  static LatencySummary time(long count, double totalMs, double p95Ms) {
    return new LatencySummary(count, totalMs, totalMs / Math.max(1, count), p95Ms, p95Ms, p95Ms,
        p95Ms, p95Ms);
  }

  static SqlRow sql(String fingerprint, long count, double totalMs, double p95Ms) {
    return new SqlRow(fingerprint, fingerprint, time(count, totalMs, p95Ms), 0, 0, 0);
  }

  static HttpRow http(String route, double totalMs, List<RouteQuery> queries) {
    return new HttpRow("GET", route, time(100, totalMs, totalMs / 50), new long[5], 0, 1, 1, 1,
        false, queries);
  }

  static AdvisorSection advisor(Status binlog, Status somaxconn) {
    return AdvisorSection.of(List.of(new Row("db-binlog", "binary log off", binlog, Map.of(), ""),
        new Row("os-somaxconn", null, somaxconn, Map.of(), "")));
  }

  /** A database section with one table, comments, of these indexes. */
  static DatabaseSection database(Index... indexes) {
    return DatabaseSection.inspected(null, null, null, null, null,
        List.of(new Table("comments", null, 0, 0, 0, List.of(indexes))), List.of(), null, Map.of(),
        null, Map.of());
  }

  /** A machine section whose summary has only the CPU's busy share. */
  static MachineSection machine(long samples, MeanPeak cpuBusy) {
    return new MachineSection(true, null, null, new MachineSection.Summary(samples, 1000, 1,
        Map.of(MachineMetric.CPU_BUSY, cpuBusy), Map.of(), Map.of(), List.of()), List.of(),
        List.of(), MachineSection.Limits.UNKNOWN);
  }

  static Snapshot before() {
    return new Snapshot(meta("a", 10_000L),
        List.of(sql(COMMENTS, 1000, 450_000, 2), sql("select * from users where id = ?", 50, 10, 0.5),
            sql("delete from sessions", 1, 1, 1)),
        List.of(http("/posts/{id}", 500_000, List.of(new RouteQuery(COMMENTS, 1000, 100, 10, 20,
            440_000, true)))),
        List.of(new CounterRow("cache", 10, 5, 5, 0.5)),
        Map.of("advisor", advisor(Status.WARN, Status.OK),
            "machine", machine(60, new MeanPeak(90.0, 100.0)),
            "database", database(new Index("PRIMARY", List.of("id"), true))));
  }

  static Snapshot after() {
    return new Snapshot(meta("b", 25_000L),
        List.of(sql(COMMENTS, 1000, 3_000, 0.1), sql("select * from users where id = ?", 50, 10, 0.5),
            sql("select count(*) from posts", 10, 200, 30)),
        List.of(http("/posts/{id}", 20_000, List.of())),
        List.of(new CounterRow("cache", 30, 25, 5, 0.83)),
        Map.of("advisor", advisor(Status.OK, Status.WARN),
            "machine", machine(61, new MeanPeak(40.0, 100.0)),
            "database", database(new Index("PRIMARY", List.of("id"), true),
                new Index("idx_post", List.of("post_id", "created_at"), false))));
  }

  @Test
  void scoreDeltaIsLaterMinusEarlierAndNullWithoutAScore() {
    assertThat(RunDiff.of(before(), after()).scoreDelta()).isEqualTo(15_000L);
    Snapshot unscored = after().withMeta(meta("b", null));
    assertThat(RunDiff.of(before(), unscored).scoreDelta()).isNull();
  }

  @Test
  void sqlRowsAreMatchedByFingerprintWithNewAndGoneBiggestTimeMoveFirst() {
    List<RowDiff> sql = RunDiff.of(before(), after()).sql();
    assertThat(sql).extracting(RowDiff::key).containsExactly(COMMENTS, "select count(*) from posts",
        "delete from sessions", "select * from users where id = ?");
    RowDiff faster = sql.get(0);
    assertThat(faster.state()).isEqualTo("changed");
    assertThat(faster.totalDeltaMs()).isEqualTo(-447_000);
    assertThat(faster.p95DeltaMs()).isCloseTo(-1.9, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(faster.countDelta()).isZero();
    assertThat(sql.get(1).isNew()).isTrue();
    assertThat(sql.get(1).before()).isNull();
    assertThat(sql.get(2).isGone()).isTrue();
    assertThat(sql.get(2).totalDeltaMs()).isEqualTo(-1);
  }

  @Test
  void routesRouteQueriesAndCountersAreMatchedByTheirKeys() {
    RunDiff diff = RunDiff.of(before(), after());
    assertThat(diff.http()).singleElement().satisfies(r -> {
      assertThat(r.key()).isEqualTo("GET /posts/{id}");
      assertThat(r.totalDeltaMs()).isEqualTo(-480_000);
    });
    assertThat(diff.routeSql()).singleElement().satisfies(r -> {
      assertThat(r.key()).isEqualTo("GET /posts/{id} · " + COMMENTS);
      assertThat(r.isGone()).isTrue();
    });
    assertThat(diff.counters()).singleElement().satisfies(r -> assertThat(r.countDelta()).isEqualTo(20));
  }

  @Test
  void topMovesSayTheBiggestChangesPerRequestInPlainWords() {
    RunDiff diff = RunDiff.of(before(), after());
    List<String> moves = diff.topMoves(5);
    // The route's part of the comments query is the same statement: said once.
    assertThat(moves).containsExactly(
        "GET /posts/{id}: 5 s → 200 ms per request, p95 10 s → 400 ms",
        "select * from comments where post_id = ? order by created_at …: 45 s → 300 ms per request,"
            + " p95 2 ms → 0.1 ms",
        "select count(*) from posts: new, 20 ms per request, p95 30 ms",
        "delete from sessions: gone, was 0.1 ms per request, p95 1 ms");
    assertThat(diff.movesBasis()).isEqualTo(RunDiff.MOVES_BASIS);
    assertThat(RunDiff.of(before(), after()).topMoves(2)).hasSize(2);
  }

  @Test
  void aRunThatServedTwiceTheRequestsAtTheSameCostHasNoMoves() {
    Snapshot twice = new Snapshot(meta("b", 20_000L, 20),
        List.of(sql(COMMENTS, 2000, 900_000, 2), sql("select * from users where id = ?", 100, 20, 0.5),
            sql("delete from sessions", 2, 2, 1)),
        List.of(new HttpRow("GET", "/posts/{id}", time(200, 1_000_000, 10_000), new long[5], 0, 1,
            1, 1, false, List.of(new RouteQuery(COMMENTS, 2000, 200, 10, 20, 880_000, true)))),
        List.of(new CounterRow("cache", 20, 10, 10, 0.5)), Map.of());
    RunDiff diff = RunDiff.of(before(), twice);
    assertThat(diff.sql()).filteredOn(r -> r.key().equals(COMMENTS)).singleElement()
        .satisfies(r -> assertThat(r.totalDeltaMs()).as("twice the total").isEqualTo(450_000));
    assertThat(diff.topMoves(5)).isEmpty();
    assertThat(diff.sql()).extracting(RowDiff::state).containsOnly("same");
    assertThat(diff.http()).extracting(RowDiff::state).containsOnly("same");
    assertThat(diff.routeSql()).extracting(RowDiff::state).containsOnly("same");
    assertThat(diff.counters()).extracting(RowDiff::state).containsOnly("same");
  }

  @Test
  void rowsReadPerRequestBesideTheirTotals() {
    RowDiff comments = RunDiff.of(before(), after()).sql().get(0);
    assertThat(comments.before().meanMs()).isEqualTo(450);
    assertThat(comments.before().callsPerRequest()).isEqualTo(100);
    assertThat(comments.before().msPerRequest()).isEqualTo(45_000);
    assertThat(comments.before().share()).isCloseTo(450_000 / 450_011.0,
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(comments.msPerRequestDelta()).isEqualTo(300 - 45_000);
    RowDiff route = RunDiff.of(before(), after()).routeSql().get(0);
    assertThat(route.before().callsPerRequest()).as("per request of its route").isEqualTo(10);
  }

  @Test
  void aRowWithinNoiseIsTheSameAndOneBeyondItChanged() {
    RowDiff users = RunDiff.of(before(), after()).sql().stream()
        .filter(r -> r.key().equals("select * from users where id = ?")).findFirst().orElseThrow();
    assertThat(users.state()).as("identical figures").isEqualTo("same");
    Snapshot was = new Snapshot(meta("a", 10_000L), List.of(sql(COMMENTS, 1000, 450_000, 2)),
        List.of(), List.of(), Map.of());
    Snapshot within = new Snapshot(meta("b", 25_000L), List.of(sql(COMMENTS, 1000, 470_000, 2)),
        List.of(), List.of(), Map.of());
    Snapshot beyond = new Snapshot(meta("b", 25_000L), List.of(sql(COMMENTS, 1000, 520_000, 2)),
        List.of(), List.of(), Map.of());
    assertThat(RunDiff.of(was, within).sql().get(0).state()).as("4 % slower").isEqualTo("same");
    assertThat(RunDiff.of(was, within).topMoves(5)).isEmpty();
    assertThat(RunDiff.of(was, beyond).sql().get(0).state()).as("16 % slower").isEqualTo("changed");
    assertThat(RunDiff.of(was, beyond).topMoves(5)).hasSize(1);
  }

  @Test
  void advisorFlipsIndexesAndMachineMeansAreReported() {
    RunDiff diff = RunDiff.of(before(), after());
    assertThat(diff.advisor()).extracting(ValueDiff::key, ValueDiff::before, ValueDiff::after)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("db-binlog: binary log off", "warn", "ok"),
            org.assertj.core.groups.Tuple.tuple("os-somaxconn", "ok", "warn"));
    assertThat(diff.indexes()).singleElement().satisfies(v -> {
      assertThat(v.key()).isEqualTo("comments.idx_post");
      assertThat(v.isNew()).isTrue();
      assertThat(v.after()).isEqualTo("(post_id, created_at)");
    });
    assertThat(diff.machine()).singleElement().satisfies(v -> {
      assertThat(v.key()).isEqualTo("cpuBusyPct.mean");
      assertThat(v.delta()).isEqualTo(-50);
    });
  }

  @Test
  void theSameRunTwiceHasNoMoves() {
    RunDiff diff = RunDiff.of(before(), before());
    assertThat(diff.topMoves(5)).isEmpty();
    assertThat(diff.advisor()).isEmpty();
    assertThat(diff.sql()).allSatisfy(r -> assertThat(r.totalDeltaMs()).isZero());
  }

  @Test
  void theJsonFormCarriesStatesAndDeltas() {
    Map<String, Object> json = RunDiff.of(before(), after()).toMap();
    assertThat(json).containsEntry("scoreDelta", 15_000L).containsKeys("before", "after", "topMoves",
        "sql", "http", "routeSql", "counters", "machine", "indexes", "advisor", "profile");
    @SuppressWarnings("unchecked")
    Map<String, Object> first = ((List<Map<String, Object>>) json.get("sql")).get(0);
    assertThat(first).containsEntry("state", "changed").containsEntry("totalMsDelta", -447_000.0)
        .containsEntry("msPerRequestDelta", -44_700.0);
    @SuppressWarnings("unchecked")
    Map<String, Object> before = (Map<String, Object>) first.get("before");
    assertThat(before).containsEntry("meanMs", 450.0).containsEntry("msPerRequest", 45_000.0)
        .containsEntry("callsPerRequest", 100.0);
    assertThat(json).containsEntry("movesBasis", RunDiff.MOVES_BASIS);
    @SuppressWarnings("unchecked")
    Map<String, Object> profile = (Map<String, Object>) json.get("profile");
    assertThat(profile).containsEntry("comparable", false).containsEntry("flame", null)
        .containsEntry("notes", List.of("neither run has a profile (before: no profile section;"
            + " after: no profile section)"));
  }

  @Test
  void durationsAreShortAndPlain() {
    assertThat(DiffUnits.ms(450_000)).isEqualTo("450 s");
    assertThat(DiffUnits.ms(1_500)).isEqualTo("1.5 s");
    assertThat(DiffUnits.ms(2)).isEqualTo("2 ms");
    assertThat(DiffUnits.ms(0.1)).isEqualTo("0.1 ms");
    assertThat(DiffUnits.ms(0.0004)).isEqualTo("0 ms");
    assertThat(DiffUnits.ms(-12.4)).isEqualTo("-12 ms");
  }
}
