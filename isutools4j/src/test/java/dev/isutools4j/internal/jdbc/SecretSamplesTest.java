package dev.isutools4j.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.testing.TestRuns;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Through {@code jdbc:isutools:h2:...}, the SQL table's samples keep their values but those of
 * secret columns: bound parameters, plain statements and batches alike.
 */
class SecretSamplesTest {

  private Connection connection;

  @BeforeEach
  void openDatabase() throws SQLException {
    connection = DriverManager.getConnection(
        "jdbc:isutools:h2:mem:secret-samples;MODE=MySQL;DB_CLOSE_DELAY=-1");
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS users");
      s.execute("CREATE TABLE users (id INT PRIMARY KEY, account_name VARCHAR(64),"
          + " passhash VARCHAR(128), api_token VARCHAR(64))");
    }
    TestRuns.fresh();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  private static String sample(String sql) {
    String fingerprint = Fingerprint.of(sql);
    return TestRuns.sql(fingerprint).map(SqlRow::sample)
        .orElseThrow(() -> new AssertionError("no row for " + fingerprint));
  }

  @Test
  void boundParametersOfSecretColumnsAreMasked() throws SQLException {
    String insert = "INSERT INTO users (id, account_name, passhash) VALUES (?, ?, ?)";
    try (PreparedStatement ps = connection.prepareStatement(insert)) {
      ps.setInt(1, 1);
      ps.setString(2, "alice");
      ps.setString(3, "f00dcafe'hash");
      ps.executeUpdate();
    }
    String login = "SELECT id FROM users WHERE account_name = ? AND passhash = ?";
    try (PreparedStatement ps = connection.prepareStatement(login)) {
      ps.setString(1, "alice");
      ps.setString(2, "f00dcafe'hash");
      ps.executeQuery().close();
    }
    assertThat(sample(insert)).isEqualTo(
        "INSERT INTO users (id, account_name, passhash) VALUES (1, 'alice', '***')");
    assertThat(sample(login)).isEqualTo(
        "SELECT id FROM users WHERE account_name = 'alice' AND passhash = '***'");
  }

  @Test
  void plainStatementsAndBatchesAreMaskedToo() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.executeUpdate("INSERT INTO users (id, account_name, api_token) VALUES (2, 'bob', 'tok-1'),"
          + " (3, 'carol', 'tok-2')");
      s.addBatch("UPDATE users SET API_TOKEN = 'tok-3' WHERE id = 2");
      s.addBatch("UPDATE users SET API_TOKEN = 'tok-4' WHERE id = 3");
      s.executeBatch();
    }
    assertThat(sample("INSERT INTO users (id, account_name, api_token) VALUES (2, 'bob', 'tok-1'),"
        + " (3, 'carol', 'tok-2')")).isEqualTo("INSERT INTO users (id, account_name, api_token)"
        + " VALUES (2, 'bob', '***'), (3, 'carol', '***')");
    assertThat(sample("UPDATE users SET API_TOKEN = 'tok-3' WHERE id = 2"))
        .isEqualTo("UPDATE users SET API_TOKEN = '***' WHERE id = 2");
  }
}
