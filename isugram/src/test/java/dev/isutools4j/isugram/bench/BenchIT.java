package dev.isutools4j.isugram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.isugram.Isugram;
import dev.isutools4j.isugram.MariaDbData;
import dev.isutools4j.isugram.ServeOptions;
import dev.isutools4j.isugram.data.Scale;
import dev.isutools4j.testing.TestRuns;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmark runs on one small MariaDB data set: level 0 passes and isutools4j sees its N+1, the
 * tuning levels pay off, a broken page is caught. Later tests compare with the level 0 run.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchIT {

  // Large enough that scanning comments, not the many users lookups, is what level 0 spends most on.
  private static final double SCALE = 0.5;
  private static final Duration DURATION = Duration.ofSeconds(10);
  private static final int CONCURRENCY = 4;
  private static final String COMMENTS_BY_POST = "from comments where post_id = ?";

  private static MariaDbData data;
  private static Run levelZero;

  @TempDir
  static Path dataDir;

  /** A benchmark's result and what isutools4j recorded meanwhile. */
  record Run(BenchResult result, Snapshot snapshot) {

    SqlRow topSql() {
      return snapshot.sql().get(0);
    }

    double totalMs(String fingerprint) {
      return snapshot.sql().stream().filter(r -> r.fingerprint().equals(fingerprint))
          .mapToDouble(r -> r.time().totalMs()).sum();
    }

    HttpRow http(String method, String route) {
      return snapshot.http().stream().filter(r -> r.method().equals(method) && r.route().equals(route)).findFirst()
          .orElseThrow(() -> new AssertionError("no row for " + method + " " + route));
    }
  }

  @BeforeEach
  void loadOnce() throws Exception {
    if (data == null) {
      data = MariaDbData.load("bench", SCALE);
    }
  }

  private static Run run(int level, Set<ServeOptions.Fault> faults) {
    ServeOptions options = ServeOptions.defaults().withDb(data.url()).withPort(0).withTuning(level)
        .withDataDir(dataDir).withFaults(faults);
    try (Isugram.Running app = Isugram.start(options)) {
      TestRuns.fresh();
      BenchResult result = Bench.run(app.url(), DURATION, CONCURRENCY, Scale.of(SCALE));
      Snapshot snapshot = TestRuns.current();
      System.out.printf("[bench] level %d%s: %s; top SQL %s (%.0f ms)%n", level, faults.isEmpty() ? "" : " " + faults,
          result.toJson(), snapshot.sql().isEmpty() ? "-" : snapshot.sql().get(0).fingerprint(),
          snapshot.sql().isEmpty() ? 0.0 : snapshot.sql().get(0).time().totalMs());
      return new Run(result, snapshot);
    }
  }

  private static Run levelZero() {
    if (levelZero == null) {
      levelZero = run(0, Set.of());
    }
    return levelZero;
  }

  @Test
  @Order(1)
  void levelZeroPassesAndIsutoolsShowsTheCommentsQueryAndTheNPlusOne() {
    Run run = levelZero();
    assertThat(run.result().pass()).isTrue();
    assertThat(run.result().messages()).isEmpty();
    assertThat(run.result().fail()).isZero();
    assertThat(run.result().score()).isPositive();
    assertThat(run.topSql().fingerprint()).contains(COMMENTS_BY_POST);
    HttpRow index = run.http("GET", "/");
    assertThat(index.nPlusOne()).isTrue();
    assertThat(index.queriesPerRequest()).isGreaterThan(40);
  }

  @Test
  @Order(2)
  void indexesCutTheCommentsQueryTimeByFourFifths() {
    String fingerprint = levelZero().topSql().fingerprint();
    Run one = run(1, Set.of());
    assertThat(one.result().pass()).isTrue();
    assertThat(one.result().fail()).isZero();
    System.out.printf("[bench] %s: %.0f ms at level 0, %.0f ms at level 1%n", fingerprint,
        levelZero().totalMs(fingerprint), one.totalMs(fingerprint));
    assertThat(one.totalMs(fingerprint)).isLessThanOrEqualTo(0.2 * levelZero().totalMs(fingerprint));
  }

  @Test
  @Order(3)
  void batchedListsScoreHigherThanLevelZero() {
    Run two = run(2, Set.of());
    assertThat(two.result().pass()).isTrue();
    assertThat(two.result().fail()).isZero();
    assertThat(two.result().score()).isGreaterThan(levelZero().result().score());
    assertThat(two.http("GET", "/").nPlusOne()).isFalse();
    assertThat(two.http("GET", "/").maxQueriesPerRequest()).isLessThanOrEqualTo(3);
  }

  @Test
  @Order(4)
  void aMissingPermalinkFailsTheRun() {
    Run broken = run(2, Set.of(ServeOptions.Fault.NO_PERMALINK));
    assertThat(broken.result().pass()).isFalse();
    assertThat(broken.result().fail()).isPositive();
    assertThat(broken.result().messages()).anySatisfy(m -> assertThat(m).contains("isu-post-permalink"));
    assertThat(broken.result().score()).isLessThan(levelZero().result().score());
  }
}
