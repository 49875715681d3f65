package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real MariaDB's slow log of a session with {@code NO_BACKSLASH_ESCAPES}: the log does not say
 * so, and read by MySQL's default rule the LIKE statements after {@code escape '\'} fold into one
 * row; read with {@link SqlDialect#STANDARD} (slp's {@code --no-backslash-escapes}) they are three.
 *
 * <p>The committed isutools4j-cli/src/test/resources/logs/slow/mariadb-no-backslash-escapes.log
 * was written by this test: {@code -Disutools.golden.slowlog=<file>} copies what it appended.
 */
class SlowLogNoBackslashEscapesIT {

  static final List<String> STATEMENTS = List.of(
      "SELECT id FROM owners WHERE last_name LIKE 'Dav%' ESCAPE '\\' ORDER BY id LIMIT 5",
      "SELECT id FROM owners WHERE last_name LIKE 'Bla%' ESCAPE '\\' ORDER BY id LIMIT 5",
      "SELECT id FROM owners WHERE last_name LIKE 'Dav%' ESCAPE '\\' ORDER BY last_name LIMIT 5",
      "SELECT id FROM owners WHERE last_name LIKE 'Dav%' ESCAPE '\\' AND city = 'Madison' LIMIT 5",
      "SELECT id FROM owners WHERE last_name LIKE 'O%' ESCAPE '\\' AND city = 'Monona' LIMIT 5");

  @Test
  void statementsAfterABackslashStringKeepTheirOwnRows() throws Exception {
    MariaDbServer server = Requirements.mariaDb();
    MariaDbServer.Database db = server.createUniqueDatabase("nobackslash");
    Path log = server.slowLog();
    long from;
    try (Connection root = server.rootConnection(); Statement admin = root.createStatement()) {
      admin.execute("SET GLOBAL slow_query_log = 1");
      from = Files.exists(log) ? Files.size(log) : 0;
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE owners (id INT PRIMARY KEY, last_name VARCHAR(30), city VARCHAR(30))");
        s.execute("SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')");
        s.execute("SET SESSION long_query_time = 0");
        for (String sql : STATEMENTS) {
          try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isFalse();
          }
        }
      } finally {
        admin.execute("SET GLOBAL slow_query_log = 0");
      }
    }
    SlowReport standard = await(log, from, SlowLogDigest.Options.defaults().withDialect(SqlDialect.STANDARD));
    SlowReport mysql = SlowLogDigest.read(new LogRange(log, from, Files.size(log)),
        SlowLogDigest.Options.defaults(), 2);

    String like = "select id from owners where last_name like ? escape ?";
    assertThat(count(standard, like + " order by id limit ?")).isEqualTo(2);
    assertThat(count(standard, like + " order by last_name limit ?")).isEqualTo(1);
    assertThat(count(standard, like + " and city = ? limit ?")).isEqualTo(2);
    assertThat(count(mysql, like))
        .as("read with escapes, the string after ESCAPE swallows the rest").isEqualTo(3);

    String golden = System.getProperty("isutools.golden.slowlog");
    if (golden != null) {
      byte[] bytes = Files.readAllBytes(log);
      Files.write(Path.of(golden), Arrays.copyOfRange(bytes, (int) from, bytes.length),
          StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }
  }

  private static long count(SlowReport report, String fingerprint) {
    return report.rows().stream().filter(r -> r.fingerprint().equals(fingerprint))
        .mapToLong(SlowRow::count).findFirst()
        .orElseThrow(() -> new AssertionError(fingerprint + " not in " + report.rows().stream()
            .map(SlowRow::fingerprint).toList()));
  }

  /** Digests the log from {@code from} until it holds every SELECT (the server writes after it answers). */
  private static SlowReport await(Path log, long from, SlowLogDigest.Options options) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    SlowReport report;
    do {
      report = SlowLogDigest.read(new LogRange(log, from, Files.size(log)), options, 2);
      long selects = report.rows().stream().filter(r -> r.fingerprint().startsWith("select id from owners"))
          .mapToLong(SlowRow::count).sum();
      if (selects >= STATEMENTS.size()) {
        return report;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    return report;
  }
}
