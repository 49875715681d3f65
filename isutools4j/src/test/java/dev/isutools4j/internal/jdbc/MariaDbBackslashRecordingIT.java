package dev.isutools4j.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import dev.isutools4j.testing.TestRuns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real MariaDB through HikariCP and {@code jdbc:isutools:mariadb://...}: a backslash escapes, so
 * {@code 'it\'s'} is one string; with {@code NO_BACKSLASH_ESCAPES} in the URL's session variables
 * it is an ordinary character, as on H2.
 */
class MariaDbBackslashRecordingIT {

  private MariaDbServer.Database db;
  private HikariDataSource pool;

  @BeforeEach
  void start() throws SQLException {
    db = Requirements.mariaDb().createUniqueDatabase("backslash");
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE owners (id INT PRIMARY KEY, last_name VARCHAR(30), city VARCHAR(30))");
      s.execute("INSERT INTO owners VALUES (1, 'O\\'Brien', 'Madison'), (2, 'Davis', 'Monona'),"
          + " (3, 'Dav_s', 'Madison')");
    }
  }

  @AfterEach
  void stop() {
    if (pool != null) {
      pool.close();
    }
  }

  private void open(String urlSuffix) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.jdbcUrl().replace("jdbc:", "jdbc:isutools:") + urlSuffix);
    config.setUsername(db.user());
    config.setPassword(db.password());
    config.setMaximumPoolSize(2);
    pool = new HikariDataSource(config);
    TestRuns.fresh();
  }

  private static SqlRow row(String sql, SqlDialect dialect) {
    String fingerprint = Fingerprint.of(sql, dialect);
    return TestRuns.sql(fingerprint).orElseThrow(
        () -> new AssertionError("no row for " + fingerprint + " in " + TestRuns.current().sql()));
  }

  private int query(String sql, Object... values) throws SQLException {
    int read = 0;
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        ps.setObject(i + 1, values[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          read++;
        }
      }
    }
    return read;
  }

  @Test
  void anEscapedQuoteStaysInsideItsString() throws SQLException {
    open("");
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      for (String sql : new String[] {
          "SELECT id FROM owners WHERE last_name = 'O\\'Brien' AND city = 'Madison'",
          "SELECT id FROM owners WHERE last_name = 'it\\'s -- no comment' AND city = 'x'"}) {
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            assertThat(rs.getInt(1)).isEqualTo(1);
          }
        }
      }
    }
    SqlRow row = row("SELECT id FROM owners WHERE last_name = 'x' AND city = 'y'", SqlDialect.MYSQL);
    assertThat(row.fingerprint()).isEqualTo("select id from owners where last_name = ? and city = ?");
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.rows()).isEqualTo(1);
    assertThat(row.errors()).isZero();

    // Hibernate's MariaDB dialect escapes its escape character: '\\' is one backslash.
    String like = "select o1_0.id from owners o1_0 where o1_0.last_name like ? escape '\\\\'";
    assertThat(query(like + " limit ?", "Dav\\_s%", 5)).isEqualTo(1);
    assertThat(query(like + " and o1_0.city=? limit ?", "Dav%", "Monona", 5)).isEqualTo(1);
    assertThat(row(like + " limit ?", SqlDialect.MYSQL).fingerprint())
        .isEqualTo("select o1_0.id from owners o1_0 where o1_0.last_name like ? escape ? limit ?");
    assertThat(row(like + " and o1_0.city=? limit ?", SqlDialect.MYSQL).time().count()).isEqualTo(1);
  }

  @Test
  void withNoBackslashEscapesABackslashIsOrdinary() throws SQLException {
    open("?sessionVariables=sql_mode=NO_BACKSLASH_ESCAPES");
    try (Connection c = pool.getConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@sql_mode")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).contains("NO_BACKSLASH_ESCAPES");
    }
    String like = "select o1_0.id from owners o1_0 where o1_0.last_name like ? escape '\\'";
    String page1 = like + " order by o1_0.id limit ?";
    String page2 = like + " order by o1_0.id desc limit ?";
    String inCity = like + " and o1_0.city=? order by o1_0.id limit ?";
    assertThat(query(page1, "Dav\\_s%", 5)).isEqualTo(1);
    assertThat(query(page2, "Dav%", 5)).isEqualTo(2);
    assertThat(query(inCity, "Dav%", "Madison", 5)).isEqualTo(1);
    assertThat(row(page1, SqlDialect.STANDARD).time().count()).isEqualTo(1);
    assertThat(row(page2, SqlDialect.STANDARD).time().count()).isEqualTo(1);
    assertThat(row(inCity, SqlDialect.STANDARD).time().count()).isEqualTo(1);
    assertThat(row(page1, SqlDialect.STANDARD).fingerprint())
        .isNotEqualTo(row(page2, SqlDialect.STANDARD).fingerprint());
  }
}
