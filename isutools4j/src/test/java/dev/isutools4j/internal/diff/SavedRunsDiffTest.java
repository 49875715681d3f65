package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The diff of two real runs of the demo on H2: tuning level 0, then level 1 (an index on
 * comments), which served about 1.6 times the requests in a shorter run; and the two on MariaDB.
 */
class SavedRunsDiffTest {

  private static Snapshot read(Path run) {
    try {
      return SnapshotJson.read(SavedRuns.text(run));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Snapshot run(int level) {
    return read(SavedRuns.set("h2").get(level));
  }

  private static RunDiff levelZeroToOne() {
    return RunDiff.of(run(0), run(1));
  }

  @Test
  void theFixturesAreLevelZeroAndOne() {
    assertThat(run(0).meta().note()).isEqualTo("tuning level 0");
    assertThat(run(1).meta().note()).isEqualTo("tuning level 1");
    assertThat(run(1).meta().requests()).isGreaterThan(run(0).meta().requests() * 3 / 2);
  }

  @Test
  void theTopMoveIsACommentsByPostQueryByItsCostPerRequest() {
    List<String> moves = levelZeroToOne().topMoves(5);
    assertThat(moves.get(0)).startsWith("select count(*) as count from comments where post_id = ?: ")
        .contains(" → ").contains(" per request");
    assertThat(moves.get(1)).startsWith("select * from comments where post_id = ? order by");
    // GET / got faster mostly because its comment queries did: ranked by its time outside SQL,
    // it comes after them, and its own parts of those queries are not said again.
    assertThat(moves.get(2)).startsWith("GET /: ").contains(" per request");
    assertThat(moves).noneMatch(m -> m.startsWith("GET / · "));
  }

  @Test
  void noThreadRootOrFrameworkTotalIsAProfileMove() {
    RunDiff diff = levelZeroToOne();
    List<String> moves = diff.profile().moves(50);
    // Spring's JdbcTemplate.execute (34 % → 12 % of samples in total) only carries the queries.
    assertThat(moves).isNotEmpty().noneMatch(m -> m.contains("java.lang.Thread.run"))
        .noneMatch(m -> m.contains("org.apache.tomcat.")).noneMatch(m -> m.contains("org.springframework."))
        .allMatch(m -> m.contains("self ") || m.startsWith("dev.isutools4j.isugram."));
    assertThat(diff.topMoves(5)).noneMatch(m -> m.contains("Thread.run"));
  }

  @Test
  void framesOnEveryStackAreNeverChangedNorRankedInTheTotalTable() {
    // MariaDB level 0 → 1: java.lang.Thread.run went 25 % → 44 % of the samples (+18.8 points)
    // and the JIT's native thread roots 74 % → 56 %, only because the compiler's threads took
    // less of the profile than the requests did.
    List<Snapshot> runs = SavedRuns.set("mariadb").stream().map(SavedRunsDiffTest::read).toList();
    ProfileDiff profile = RunDiff.of(runs.get(0), runs.get(1)).profile();
    List<MethodDiff> total = profile.topTotal();
    MethodDiff threadRun = total.stream().filter(m -> m.method().equals("java.lang.Thread.run"))
        .findFirst().orElseThrow();
    assertThat(threadRun.shareDeltaPoints()).as("the move itself is still told").isGreaterThan(15);
    assertThat(threadRun.state()).isEqualTo("root");
    List<String> roots = List.of("java.lang.Thread.run", "start_thread", "clone3",
        "thread_native_entry", "Thread::call_run",
        "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker",
        "org.apache.tomcat.util.net.SocketProcessorBase.run");
    assertThat(total).filteredOn(m -> roots.contains(m.method())).hasSize(roots.size())
        .allMatch(MethodDiff::onEveryStack).extracting(MethodDiff::state).containsOnly("root");
    assertThat(total).filteredOn(m -> m.method().startsWith("org.apache.tomcat.util.")
        || m.method().startsWith("org.apache.coyote.")).allMatch(MethodDiff::onEveryStack);
    // Every frame that roots the rest comes after every frame that does not.
    int firstRoot = total.indexOf(total.stream().filter(MethodDiff::onEveryStack).findFirst()
        .orElseThrow());
    assertThat(total.subList(0, firstRoot)).isNotEmpty().noneMatch(MethodDiff::onEveryStack);
    assertThat(total.subList(firstRoot, total.size())).allMatch(MethodDiff::onEveryStack);
    assertThat(total.get(0).method()).as("the JIT's work, which did move")
        .isEqualTo("C2Compiler::compile_method");
    assertThat(profile.topSelf()).noneMatch(MethodDiff::onEveryStack);
  }

  @Test
  void aRunAgainstItselfIsNoChangeEverywhere() {
    RunDiff same = RunDiff.of(run(1), run(1));
    assertThat(same.topMoves(5)).isEmpty();
    assertThat(same.sql()).isNotEmpty();
    for (List<RowDiff> rows : List.of(same.sql(), same.http(), same.routeSql(), same.counters(),
        same.accessLog(), same.slowLog())) {
      assertThat(rows).extracting(RowDiff::state).allMatch("same"::equals);
    }
    assertThat(same.profile().topSelf()).isNotEmpty();
    assertThat(same.profile().topSelf()).extracting(MethodDiff::state).containsOnly("same");
    assertThat(same.profile().topTotal()).extracting(MethodDiff::state).containsOnly("same", "root");
  }

  @Test
  void aStatementThatCostsAboutTheSamePerRequestIsNoChangeThoughItsTotalGrew() {
    RowDiff posts = levelZeroToOne().sql().stream()
        .filter(r -> r.key().equals("select * from posts where id = ?")).findFirst().orElseThrow();
    assertThat(posts.totalDeltaMs()).as("more requests, more time in total").isGreaterThan(100);
    assertThat(posts.state()).isEqualTo("same");
  }
}
