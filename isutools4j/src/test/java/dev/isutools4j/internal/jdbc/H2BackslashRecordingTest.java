package dev.isutools4j.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.testing.TestRuns;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On H2 a backslash is an ordinary character: Hibernate's {@code like ? escape '\'} statements,
 * through {@code jdbc:isutools:h2:...} and a wrapped data source, keep one row each.
 */
class H2BackslashRecordingTest {

  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static final String SELECT = "select o1_0.id,o1_0.last_name from owners o1_0"
      + " where o1_0.last_name like ? escape '\\'";
  private static final String PAGE_1 = SELECT + " order by o1_0.id fetch first ? rows only";
  private static final String PAGE_2 = SELECT + " order by o1_0.id offset ? rows fetch first ? rows only";
  private static final String IN_CITY = SELECT + " and o1_0.city=? order by o1_0.id fetch first ? rows only";

  private String url;
  private Connection connection;

  @BeforeEach
  void openDatabase() throws SQLException {
    url = "jdbc:isutools:h2:mem:backslash" + DATABASES.incrementAndGet() + ";MODE=MySQL;DB_CLOSE_DELAY=-1";
    connection = DriverManager.getConnection(url);
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE owners (id INT PRIMARY KEY, last_name VARCHAR(30), city VARCHAR(30))");
      s.execute("INSERT INTO owners VALUES (1, 'Davis', 'Madison'), (2, 'Davis', 'Monona'),"
          + " (3, 'Dav_s', 'Madison'), (4, 'Black', 'Madison')");
    }
    TestRuns.fresh();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  private static SqlRow row(String sql) {
    String fingerprint = Fingerprint.of(sql, SqlDialect.STANDARD);
    return TestRuns.sql(fingerprint).orElseThrow(
        () -> new AssertionError("no row for " + fingerprint + " in " + TestRuns.current().sql()));
  }

  /** Runs a Hibernate-like search page: the last name as a LIKE pattern with '\' escaping. */
  private static int search(Connection c, String sql, Object... values) throws SQLException {
    int read = 0;
    try (PreparedStatement ps = c.prepareStatement(sql)) {
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
  void pagesAndAnExtraPredicateStayThreeFingerprints() throws SQLException {
    assertThat(search(connection, PAGE_1, "Dav\\_s%", 5)).as("the escaped _ matches only itself").isEqualTo(1);
    assertThat(search(connection, PAGE_1, "Davis%", 5)).isEqualTo(2);
    assertThat(search(connection, PAGE_2, "Davis%", 1, 5)).isEqualTo(1);
    assertThat(search(connection, IN_CITY, "Davis%", "Madison", 5)).isEqualTo(1);

    List<String> fingerprints = List.of(row(PAGE_1).fingerprint(), row(PAGE_2).fingerprint(),
        row(IN_CITY).fingerprint());
    assertThat(fingerprints).doesNotHaveDuplicates();
    assertThat(row(PAGE_1).fingerprint()).isEqualTo("select o1_0.id, o1_0.last_name from owners o1_0"
        + " where o1_0.last_name like ? escape ? order by o1_0.id fetch first ? rows only");
    assertThat(row(PAGE_1).time().count()).isEqualTo(2);
    assertThat(row(PAGE_1).rows()).isEqualTo(3);
    assertThat(row(PAGE_2).time().count()).isEqualTo(1);
    assertThat(row(IN_CITY).time().count()).isEqualTo(1);
    assertThat(TestRuns.sql(Fingerprint.of(PAGE_1, SqlDialect.MYSQL)))
        .as("nothing under the swallowed MySQL reading").isEmpty();
  }

  @Test
  void theSampleCarriesEveryValueAndRunsOnH2() throws SQLException {
    search(connection, IN_CITY, "Dav\\_s%", "Madison", 5);
    String sample = row(IN_CITY).sample();
    // The '\' does not hide the placeholders after it, and the pattern's backslash stays one.
    assertThat(sample).isEqualTo("select o1_0.id,o1_0.last_name from owners o1_0"
        + " where o1_0.last_name like 'Dav\\_s%' escape '\\' and o1_0.city='Madison'"
        + " order by o1_0.id fetch first 5 rows only");
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sample)) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(3);
      assertThat(rs.next()).isFalse();
    }
  }

  @Test
  void plainStatementsAndBatchesAreReadAsH2ReadsThem() throws SQLException {
    try (Statement s = connection.createStatement()) {
      for (String name : List.of("Davis", "Black")) {
        try (ResultSet rs = s.executeQuery("SELECT id FROM owners WHERE last_name LIKE '" + name
            + "%' ESCAPE '\\' AND city = 'Madison'")) {
          assertThat(rs.next()).isTrue();
        }
      }
      s.addBatch("UPDATE owners SET city = 'C:\\' WHERE id = 1");
      s.addBatch("UPDATE owners SET city = 'D:\\' WHERE id = 2");
      s.executeBatch();
    }
    SqlRow select = row("SELECT id FROM owners WHERE last_name LIKE 'x' ESCAPE '\\' AND city = 'y'");
    assertThat(select.fingerprint())
        .isEqualTo("select id from owners where last_name like ? escape ? and city = ?");
    assertThat(select.time().count()).isEqualTo(2);
    SqlRow update = row("UPDATE owners SET city = 'x' WHERE id = 1");
    assertThat(update.time().count()).isEqualTo(2);
    assertThat(update.rows()).isEqualTo(2);
  }

  @Test
  void aWrappedDataSourceReadsItsDialectFromTheConnection() throws SQLException {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL(url.replace("jdbc:isutools:", "jdbc:"));
    var dataSource = Isutools.wrap(h2);
    for (int i = 0; i < 2; i++) {
      try (Connection c = dataSource.getConnection()) {
        search(c, PAGE_1, "Davis%", 5);
        search(c, PAGE_2, "Davis%", 1, 5);
      }
    }
    assertThat(row(PAGE_1).time().count()).isEqualTo(2);
    assertThat(row(PAGE_2).time().count()).isEqualTo(2);
  }
}
