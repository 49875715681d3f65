package dev.isutools4j.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import dev.isutools4j.testing.TestRuns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real MariaDB through HikariCP with {@code jdbc:isutools:mariadb://...}. */
class MariaDbRecordingIT {

  private static final int THREADS = 8;
  private static final int PER_THREAD = 500;
  private HikariDataSource pool;

  @BeforeEach
  void start() throws SQLException {
    MariaDbServer server = Requirements.mariaDb();
    MariaDbServer.Database db = server.createUniqueDatabase("recording");
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.jdbcUrl().replace("jdbc:", "jdbc:isutools:"));
    config.setUsername(db.user());
    config.setPassword(db.password());
    config.setMaximumPoolSize(THREADS);
    pool = new HikariDataSource(config);
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE posts (id INT PRIMARY KEY AUTO_INCREMENT, user_id INT, body TEXT)");
      s.execute("INSERT INTO posts (user_id, body) VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }
    TestRuns.fresh();
  }

  @AfterEach
  void stop() {
    pool.close();
  }

  private static SqlRow row(String sql) {
    return TestRuns.sql(Fingerprint.of(sql)).orElseThrow(
        () -> new AssertionError("no row for " + Fingerprint.of(sql) + " in " + TestRuns.current().sql()));
  }

  @Test
  void countsAreExactUnderEightConcurrentThreads() throws Exception {
    String select = "SELECT id, body FROM posts WHERE user_id = ?";
    String insert = "INSERT INTO posts (user_id, body) VALUES (?, ?)";
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Integer>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      done.add(threads.submit(() -> {
        go.await();
        int read = 0;
        for (int i = 0; i < PER_THREAD; i++) {
          try (Connection c = pool.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(select)) {
              ps.setInt(1, 1 + i % 3);
              try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                  read++;
                }
              }
            }
            if (i % 10 == 0) {
              try (PreparedStatement ps = c.prepareStatement(insert)) {
                ps.setInt(1, 100 + thread);
                ps.setString(2, "t" + thread + "-" + i);
                ps.executeUpdate();
              }
            }
          }
        }
        return read;
      }));
    }
    go.countDown();
    int read = 0;
    for (Future<Integer> f : done) {
      read += f.get(120, TimeUnit.SECONDS);
    }
    threads.shutdown();

    SqlRow selects = row(select);
    assertThat(selects.time().count()).isEqualTo(THREADS * PER_THREAD);
    assertThat(selects.rows()).isEqualTo(read).isEqualTo(THREADS * PER_THREAD);
    assertThat(selects.errors()).isZero();
    assertThat(selects.sample()).matches("SELECT id, body FROM posts WHERE user_id = [123]");
    SqlRow inserts = row(insert);
    assertThat(inserts.time().count()).isEqualTo(THREADS * PER_THREAD / 10);
    assertThat(inserts.rows()).isEqualTo(THREADS * PER_THREAD / 10);
    assertThat(selects.time().p50Ms()).isPositive().isLessThanOrEqualTo(selects.time().maxMs());
  }

  @Test
  void errorsAreCountedAndTheDriversExceptionReachesTheApp() throws SQLException {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT missing_column FROM posts WHERE id = 1"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("missing_column");
      assertThatThrownBy(() -> s.executeUpdate("INSERT INTO posts (id, user_id) VALUES (1, 1)"))
          .isInstanceOf(java.sql.SQLIntegrityConstraintViolationException.class);
    }
    assertThat(row("SELECT missing_column FROM posts WHERE id = 1").errors()).isEqualTo(1);
    assertThat(row("INSERT INTO posts (id, user_id) VALUES (1, 1)").errors()).isEqualTo(1);
  }

  @Test
  void batchesCountTheirItemsAndRows() throws SQLException {
    String insert = "INSERT INTO posts (user_id, body) VALUES (?, ?)";
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(insert)) {
      for (int i = 0; i < 50; i++) {
        ps.setInt(1, 7);
        ps.setString(2, "batch " + i);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      s.addBatch("UPDATE posts SET body = 'x' WHERE user_id = 7");
      s.addBatch("DELETE FROM posts WHERE id = 1");
      s.executeBatch();
    }
    SqlRow inserts = row(insert);
    assertThat(inserts.time().count()).isEqualTo(50);
    assertThat(inserts.batches()).isEqualTo(1);
    assertThat(inserts.sample()).isEqualTo("INSERT INTO posts (user_id, body) VALUES (7, 'batch 0')");
    assertThat(row("UPDATE posts SET body = 'x' WHERE user_id = 7").rows()).isEqualTo(50);
    assertThat(row("DELETE FROM posts WHERE id = 1").rows()).isEqualTo(1);
  }

  @Test
  void callableStatementsRunProcedures() throws SQLException {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE PROCEDURE count_posts(OUT n INT) SELECT COUNT(*) INTO n FROM posts");
      try (var call = c.prepareCall("{call count_posts(?)}")) {
        call.registerOutParameter(1, java.sql.Types.INTEGER);
        call.execute();
        assertThat(call.getInt(1)).isEqualTo(3);
      }
    }
    assertThat(row("{call count_posts(?)}").time().count()).isEqualTo(1);
  }
}
