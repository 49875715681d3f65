package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The diff of two real runs of the demo on H2: tuning level 0, then level 1 (an index on
 * comments), which served about 1.6 times the requests in a shorter run.
 */
class SavedRunsDiffTest {

  private static Snapshot run(int level) {
    try {
      return SnapshotJson.read(SavedRuns.text(SavedRuns.set("h2").get(level)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
    assertThat(same.profile().topTotal()).extracting(MethodDiff::state).containsOnly("same");
  }

  @Test
  void aStatementThatCostsAboutTheSamePerRequestIsNoChangeThoughItsTotalGrew() {
    RowDiff posts = levelZeroToOne().sql().stream()
        .filter(r -> r.key().equals("select * from posts where id = ?")).findFirst().orElseThrow();
    assertThat(posts.totalDeltaMs()).as("more requests, more time in total").isGreaterThan(100);
    assertThat(posts.state()).isEqualTo("same");
  }
}
