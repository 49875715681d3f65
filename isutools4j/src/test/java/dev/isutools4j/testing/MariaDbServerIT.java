package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MariaDbServerIT {

  private static boolean announced;
  private MariaDbServer server;

  // Per test rather than @BeforeAll: a skip then shows up as skipped tests in the build summary.
  @BeforeEach
  void server() {
    server = Requirements.mariaDb();
    if (!announced) {
      announced = true;
      System.out.println("MariaDB " + server.version() + " on " + server.jdbcUrl() + " (started in "
          + server.startupMillis() + " ms, dir " + server.baseDir() + ")");
    }
  }

  @Test
  void reportsItsVersionAndListensOnLoopbackOnly() throws SQLException {
    assertThat(server.jdbcUrl()).isEqualTo("jdbc:mariadb://127.0.0.1:" + server.port() + "/isutools");
    try (Connection connection = server.connection();
       Statement statement = connection.createStatement();
       ResultSet rs = statement.executeQuery(
           "SELECT VERSION(), @@port, @@bind_address, @@skip_networking, @@datadir, DATABASE(), CURRENT_USER()")) {
      assertThat(rs.next()).isTrue();
      System.out.println("server version: " + rs.getString(1));
      assertThat(rs.getString(1)).containsIgnoringCase("mariadb");
      assertThat(rs.getInt(2)).isEqualTo(server.port());
      assertThat(rs.getString(3)).isEqualTo("127.0.0.1");
      assertThat(rs.getInt(4)).isZero();
      assertThat(Path.of(rs.getString(5))).isEqualTo(server.dataDir());
      assertThat(rs.getString(6)).isEqualTo("isutools");
      assertThat(rs.getString(7)).isEqualTo("isutools@127.0.0.1");
    }
  }

  @Test
  void storesAndReadsBackRows() throws SQLException {
    try (Connection connection = server.connection()) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE items (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(64) NOT NULL)");
      }
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO items (name) VALUES (?)")) {
        for (String name : List.of("alpha", "beta", "日本語")) {
          insert.setString(1, name);
          insert.executeUpdate();
        }
      }
      assertThat(names(connection, "items")).containsExactly("alpha", "beta", "日本語");
    }
  }

  @Test
  void createdDatabasesAreIndependent() throws SQLException {
    MariaDbServer.Database first = server.createUniqueDatabase("iso");
    MariaDbServer.Database second = server.createUniqueDatabase("iso");
    assertThat(first.name()).isNotEqualTo(second.name());

    try (Connection a = first.connect(); Connection b = second.connect()) {
      for (Connection connection : List.of(a, b)) {
        try (Statement statement = connection.createStatement()) {
          statement.execute("CREATE TABLE t (name VARCHAR(64))");
        }
      }
      try (Statement statement = a.createStatement()) {
        statement.execute("INSERT INTO t VALUES ('only in first')");
      }
      assertThat(names(a, "t")).containsExactly("only in first");
      assertThat(names(b, "t")).isEmpty();
    }
    try (Connection connection = server.connection()) {
      assertThat(tables(connection)).doesNotContain("t");
    }

    MariaDbServer.Database named = server.createDatabase("independent_" + System.nanoTime() % 100000);
    try (Connection connection = named.connect()) {
      assertThat(tables(connection)).isEmpty();
    }
    assertThatThrownBy(() -> server.createDatabase(named.name())).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> server.createDatabase("no-such`name")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void slowQueryLogIsOffButCanBeSwitchedOnIntoTheTempDir() throws Exception {
    try (Connection root = server.rootConnection(); Statement statement = root.createStatement()) {
      try (ResultSet rs = statement.executeQuery("SELECT @@slow_query_log, @@slow_query_log_file")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isZero();
        assertThat(Path.of(rs.getString(2))).isEqualTo(server.slowLog());
      }
      statement.execute("SET GLOBAL long_query_time = 0");
      statement.execute("SET GLOBAL slow_query_log = 1");
      try (Connection connection = server.connection(); Statement query = connection.createStatement()) {
        query.executeQuery("SELECT 'slow-log-marker', SLEEP(0.01)").close();
      } finally {
        statement.execute("SET GLOBAL slow_query_log = 0");
        statement.execute("SET GLOBAL long_query_time = 10");
      }
    }
    assertThat(server.slowLog()).startsWith(server.baseDir());
    assertThat(Files.readString(server.slowLog(), StandardCharsets.UTF_8)).contains("slow-log-marker");
    assertThat(server.errorLog()).exists().startsWith(server.baseDir());
  }

  @Test
  void sharedIsOneInstanceThatCloseDoesNotStop() {
    MariaDbServer again = Requirements.mariaDb();
    assertThat(again).isSameAs(server);
    again.close();
    assertThat(server.isRunning()).isTrue();
  }

  @Test
  void ownServerStopsAndCleansUpOnClose() throws Exception {
    MariaDbServer own = MariaDbServer.start();
    ProcessHandle daemon;
    Path dir;
    try {
      assertThat(own.port()).isNotEqualTo(server.port());
      daemon = ProcessHandle.of(own.pid()).orElseThrow();
      dir = own.baseDir();
      try (Connection connection = own.connection(); Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE only_here (x INT)");
      }
      try (Connection connection = server.connection()) {
        assertThat(tables(connection)).doesNotContain("only_here");
      }
    } finally {
      own.close();
    }
    assertThat(daemon.isAlive()).isFalse();
    assertThat(own.isRunning()).isFalse();
    assertThat(dir).doesNotExist();
  }

  private static List<String> names(Connection connection, String table) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement statement = connection.createStatement();
       ResultSet rs = statement.executeQuery("SELECT name FROM " + table + " ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private static List<String> tables(Connection connection) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement statement = connection.createStatement();
       ResultSet rs = statement.executeQuery("SHOW TABLES")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    return tables;
  }
}
