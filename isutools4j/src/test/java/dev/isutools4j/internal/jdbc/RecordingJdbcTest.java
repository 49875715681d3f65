package dev.isutools4j.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.jdbc.IsutoolsDriver;
import dev.isutools4j.testing.TestRuns;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Statements through {@code jdbc:isutools:h2:...} land in the run, counted, timed and sampled. */
class RecordingJdbcTest {

  private static final AtomicInteger DATABASES = new AtomicInteger();
  private String url;
  private Connection connection;

  @BeforeEach
  void openDatabase() throws SQLException {
    url = "jdbc:isutools:h2:mem:recording" + DATABASES.incrementAndGet() + ";MODE=MySQL;DB_CLOSE_DELAY=-1";
    connection = DriverManager.getConnection(url);
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(64))");
      s.execute("INSERT INTO users VALUES (1, 'alice'), (2, 'bob'), (3, 'carol')");
    }
    TestRuns.fresh();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  private static SqlRow row(String sql) {
    String fingerprint = Fingerprint.of(sql);
    return TestRuns.sql(fingerprint)
        .orElseThrow(() -> new AssertionError("no row for " + fingerprint + " in " + TestRuns.current().sql()));
  }

  @Test
  void theDriverWrapsTheRealConnection() throws SQLException {
    assertThat(connection).isInstanceOf(RecordingConnection.class);
    assertThat(connection.isWrapperFor(org.h2.jdbc.JdbcConnection.class)).isTrue();
    assertThat(connection.unwrap(org.h2.jdbc.JdbcConnection.class)).isNotNull();
    assertThat(DriverManager.getDriver(url)).isInstanceOf(IsutoolsDriver.class);
  }

  @Test
  void statementsWithDifferentValuesShareOneFingerprint() throws SQLException {
    int read = 0;
    try (Statement s = connection.createStatement()) {
      for (int id = 1; id <= 3; id++) {
        try (ResultSet rs = s.executeQuery("SELECT name FROM users WHERE id = " + id)) {
          assertThat(rs.getStatement()).isSameAs(s);
          while (rs.next()) {
            read++;
          }
        }
      }
    }
    SqlRow row = row("SELECT name FROM users WHERE id = 1");
    assertThat(read).isEqualTo(3);
    assertThat(row.time().count()).isEqualTo(3);
    assertThat(row.rows()).isEqualTo(3);
    assertThat(row.errors()).isZero();
    assertThat(row.sample()).isEqualTo("SELECT name FROM users WHERE id = 1");
    assertThat(row.time().totalMs()).isPositive();
    assertThat(row.time().maxMs()).isGreaterThanOrEqualTo(row.time().p99Ms());
  }

  @Test
  void preparedStatementSampleCarriesItsValues() throws SQLException {
    String sql = "SELECT id, name FROM users WHERE name = ? OR id > ?";
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, "o'hara");
      ps.setInt(2, 1);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          assertThat(rs.getString("name")).isNotBlank();
        }
      }
      ps.setString(1, "zed");
      ps.setInt(2, 2);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
      }
    }
    SqlRow row = row(sql);
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.rows()).as("2 rows of the first result, 1 of the second").isEqualTo(3);
    assertThat(row.sample()).isEqualTo("SELECT id, name FROM users WHERE name = 'o''hara' OR id > 1");
  }

  @Test
  void writesCountAffectedRows() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("UPDATE users SET name = ? WHERE id >= ?")) {
      ps.setString(1, "x");
      ps.setInt(2, 2);
      assertThat(ps.executeUpdate()).isEqualTo(2);
    }
    try (Statement s = connection.createStatement()) {
      assertThat(s.execute("DELETE FROM users WHERE id = 3")).isFalse();
    }
    assertThat(row("UPDATE users SET name = ? WHERE id >= ?").rows()).isEqualTo(2);
    assertThat(row("DELETE FROM users WHERE id = 3").rows()).isEqualTo(1);
  }

  @Test
  void failuresAreCountedAndTheAppGetsTheDriversException() throws SQLException {
    try (Statement s = connection.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT nope FROM users WHERE id = 1"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("NOPE");
    }
    SqlRow row = row("SELECT nope FROM users WHERE id = 1");
    assertThat(row.time().count()).isEqualTo(1);
    assertThat(row.errors()).isEqualTo(1);
  }

  @Test
  void aPlainBatchIsOneBatchPerFingerprint() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.addBatch("INSERT INTO users (id, name) VALUES (20, 'a')");
      s.addBatch("INSERT INTO users (id, name) VALUES (21, 'b')");
      s.addBatch("DELETE FROM users WHERE id = 999");
      assertThat(s.executeBatch()).hasSize(3);
    }
    SqlRow insert = row("INSERT INTO users (id, name) VALUES (20, 'a')");
    assertThat(insert.time().count()).isEqualTo(2);
    assertThat(insert.batches()).isEqualTo(1);
    assertThat(insert.rows()).isEqualTo(2);
    assertThat(insert.sample()).isEqualTo("INSERT INTO users (id, name) VALUES (20, 'a')");
    SqlRow delete = row("DELETE FROM users WHERE id = 999");
    assertThat(delete.batches()).isEqualTo(1);
    assertThat(delete.rows()).isZero();
  }

  @Test
  void preparedBatchCountsEveryItemOnce() throws SQLException {
    String sql = "INSERT INTO users (id, name) VALUES (?, ?)";
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      for (int id = 10; id < 15; id++) {
        ps.setInt(1, id);
        ps.setString(2, "user" + id);
        ps.addBatch();
      }
      assertThat(ps.executeBatch()).hasSize(5);
    }
    SqlRow row = row(sql);
    assertThat(row.time().count()).isEqualTo(5);
    assertThat(row.batches()).isEqualTo(1);
    assertThat(row.rows()).isEqualTo(5);
    assertThat(row.sample()).isEqualTo("INSERT INTO users (id, name) VALUES (10, 'user10')");
  }

  @Test
  void statementBatchSplitsByText() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.addBatch("INSERT INTO users VALUES (20, 'a')");
      s.addBatch("INSERT INTO users VALUES (21, 'b')");
      s.addBatch("DELETE FROM users WHERE id = 1");
      s.executeBatch();
    }
    SqlRow insert = row("INSERT INTO users VALUES (20, 'a')");
    SqlRow delete = row("DELETE FROM users WHERE id = 1");
    assertThat(insert.time().count()).isEqualTo(2);
    assertThat(insert.rows()).isEqualTo(2);
    assertThat(delete.time().count()).isEqualTo(1);
    assertThat(delete.rows()).isEqualTo(1);
  }

  @Test
  void callableStatementsAreRecorded() throws SQLException {
    try (CallableStatement call = connection.prepareCall("CALL 6 * 7")) {
      try (ResultSet rs = call.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(42);
      }
    }
    assertThat(row("CALL 6 * 7").time().count()).isEqualTo(1);
  }

  @Test
  void commitsAreTimedToo() throws SQLException {
    connection.setAutoCommit(false);
    try (Statement s = connection.createStatement()) {
      s.executeUpdate("UPDATE users SET name = 'z' WHERE id = 1");
    }
    connection.commit();
    connection.setAutoCommit(true);
    assertThat(row("COMMIT").time().count()).isEqualTo(1);
  }

  @Test
  void wrappedDataSourceRecordsToo() throws SQLException {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL(url.replace("jdbc:isutools:", "jdbc:"));
    DataSource wrapped = Isutools.wrap(h2);
    assertThat(Isutools.wrap(wrapped)).isSameAs(wrapped);
    try (Connection c = wrapped.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM users")) {
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
      }
      assertThat(ps.getConnection()).isSameAs(c);
    }
    assertThat(row("SELECT COUNT(*) FROM users").time().count()).isEqualTo(1);
  }

  @Test
  void anUnknownRealDriverGetsAClearError() {
    assertThatThrownBy(() -> DriverManager.getConnection("jdbc:isutools:nosuchdb://x"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("jdbc:nosuchdb://x");
  }
}
