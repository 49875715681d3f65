package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.Resources;
import dev.isutools4j.internal.sql.Fingerprint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Slow logs of three servers (src/test/resources/logs/slow): a real MariaDB 10.11 log with a
 * restart in the middle, a MySQL 8.0 log with log_slow_extra and administrator commands, and a
 * Percona Server log with its extra attribute lines. Expected rows worked out from the files.
 */
class SlowLogGoldenTest {

  static SlowReport digest(String name) throws IOException {
    return SlowLogDigest.read(LogRange.whole(Resources.log("slow/" + name)),
        SlowLogDigest.Options.defaults(), 2);
  }

  static Map<String, SlowRow> rows(SlowReport report) {
    return report.rows().stream().collect(Collectors.toMap(SlowRow::fingerprint, r -> r));
  }

  @Test
  void mariaDb() throws IOException {
    SlowReport report = digest("mariadb-10.11.log");
    assertThat(report.entries()).isEqualTo(20);
    assertThat(report.banners()).isEqualTo(2);
    assertThat(report.malformed().count()).isZero();
    Map<String, SlowRow> rows = rows(report);
    assertThat(rows).hasSize(14);

    SlowRow byId = rows.get(Fingerprint.of("SELECT * FROM users WHERE id = 1"));
    assertThat(byId.count()).as("`users` and users are one table; one ran after the restart")
        .isEqualTo(4);
    assertThat(byId.totalMs()).isCloseTo(1.154 + 0.494 + 0.902 + 0.541, within(1e-9));
    assertThat(byId.maxMs()).isEqualTo(1.154);
    assertThat(byId.sample()).isEqualTo("SELECT * FROM users WHERE id = 1");
    assertThat(byId.sampleSchema()).isEqualTo("isu");
    assertThat(byId.lockTotalMs()).isCloseTo(0.413 + 0.142 + 0.126 + 0.401, within(1e-9));
    assertThat(byId.rowsSent()).isEqualTo(4);
    assertThat(byId.examinedPerSent()).isEqualTo(1.0);

    SlowRow join = rows.get(Fingerprint.of("SELECT p.id, p.body FROM posts p JOIN users u ON u.id ="
        + " p.user_id WHERE u.name = 'x' ORDER BY p.id DESC LIMIT 10"));
    assertThat(join.count()).as("a statement over six lines").isEqualTo(2);
    assertThat(join.rowsExamined()).isEqualTo(10);
    assertThat(join.sample()).startsWith("SELECT p.id, p.body\n  FROM posts p\n").endsWith("LIMIT 10");

    SlowRow sleep = rows.get("select sleep(?)");
    assertThat(sleep.count()).as("the restart banner after it is not part of it").isEqualTo(1);
    assertThat(sleep.sample()).isEqualTo("SELECT SLEEP(0.05)");
    assertThat(rows.get("select database()").count()).as("the statement after the banner").isEqualTo(2);
    assertThat(rows.get(Fingerprint.of("SELECT * FROM posts WHERE user_id IN (1, 2, 3)")).count())
        .isEqualTo(2);
    assertThat(rows.get(Fingerprint.of("INSERT INTO posts (user_id, body) VALUES (1, 'a')"))
        .rowsAffected()).isEqualTo(3);
    for (SlowRow r : report.rows()) {
      assertThat(r.fingerprint()).doesNotContain("version").doesNotContain("started with")
          .doesNotContain("tcp port").doesNotContain("set timestamp");
    }
    assertThat(report.totalMs()).isCloseTo(sumQueryTimes("mariadb-10.11.log"), within(1e-6));
    assertThat(report.rows().get(0).fingerprint()).startsWith("create table users");
  }

  @Test
  void mySql8WithLogSlowExtra() throws IOException {
    SlowReport report = digest("mysql-8.0-slow-extra.log");
    assertThat(report.entries()).isEqualTo(9);
    assertThat(report.banners()).isEqualTo(2);
    Map<String, SlowRow> rows = rows(report);
    assertThat(rows.keySet()).containsExactlyInAnyOrder(
        Fingerprint.of("SELECT * FROM competition WHERE tenant_id = 1 AND id = 'x'"),
        Fingerprint.of("SELECT player_id, MIN(created_at) AS min_created_at FROM visit_history"
            + " WHERE tenant_id = 1 AND competition_id = 'c1' GROUP BY player_id"),
        Fingerprint.of("INSERT INTO player_score (id, tenant_id, player_id, competition_id, score,"
            + " row_num, created_at, updated_at) VALUES ('s1', 1, 'p1', 'c1', 100, 1, 1, 1)"),
        "administrator command: Prepare", "administrator command: Quit");

    SlowRow competition = rows.get(Fingerprint.of("SELECT * FROM competition WHERE tenant_id = 1 AND id = 'x'"));
    assertThat(competition.count()).isEqualTo(3);
    assertThat(competition.rowsExamined()).isEqualTo(3000);
    assertThat(competition.rowsSent()).isEqualTo(2);
    assertThat(competition.examinedPerSent()).isEqualTo(1500.0);
    assertThat(competition.bytesSent()).as("log_slow_extra's Bytes_sent").isEqualTo(600);
    assertThat(competition.sampleSchema()).isEqualTo("isuports");
    assertThat(competition.lockTotalMs()).isCloseTo(0.012 + 0.010 + 0.008, within(1e-9));

    SlowRow history = rows.get(Fingerprint.of("SELECT player_id, MIN(created_at) AS min_created_at"
        + " FROM visit_history WHERE tenant_id = 1 AND competition_id = 'c1' GROUP BY player_id"));
    assertThat(history.count()).as("a '#' comment line inside a statement stays in it").isEqualTo(2);
    assertThat(history.totalMs()).isCloseTo(400, within(1e-9));
    assertThat(history.p95Ms()).isCloseTo(250, within(2.5)); // two significant digits
    assertThat(history.sample()).contains("GROUP BY player_id").doesNotContain("# which");

    SlowRow quit = rows.get("administrator command: Quit");
    assertThat(quit.admin()).isTrue();
    assertThat(quit.count()).isEqualTo(2);
    assertThat(quit.totalMs()).isCloseTo(0.007, within(1e-9));
  }

  @Test
  void perconaExtraAttributes() throws IOException {
    SlowReport report = digest("percona-8.0.log");
    assertThat(report.entries()).isEqualTo(5);
    assertThat(report.banners()).isEqualTo(1);
    Map<String, SlowRow> rows = rows(report);
    assertThat(rows).hasSize(3);
    SlowRow latest = rows.get(Fingerprint.of("SELECT * FROM isu_condition WHERE jia_isu_uuid = 'x'"
        + " ORDER BY timestamp DESC LIMIT 1"));
    assertThat(latest.count()).as("with and without backquotes").isEqualTo(2);
    assertThat(latest.rowsExamined()).isEqualTo(38_000);
    assertThat(latest.sampleSchema()).isEqualTo("isucondition");
    assertThat(latest.bytesSent()).isEqualTo(200);
    SlowRow insert = rows.get(Fingerprint.of("INSERT INTO isu_condition (jia_isu_uuid, timestamp,"
        + " is_sitting, `condition`, message) VALUES ('a', 'b', TRUE, 'c', 'd')"));
    assertThat(insert.rowsAffected()).isEqualTo(1);
    assertThat(insert.sample()).contains("\n  VALUES (");
    SlowRow count = rows.get("select count(*) from isu where jia_user_id = ?");
    assertThat(count.count()).isEqualTo(2);
    assertThat(count.sampleSchema()).as("an empty Schema: attribute").isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"mariadb-10.11.log", "mysql-8.0-slow-extra.log", "percona-8.0.log"})
  void aStreamAndOneThreadReadAsTwoThreadsDo(String name) throws IOException {
    SlowReport two = digest(name);
    SlowReport one = SlowLogDigest.read(LogRange.whole(Resources.log("slow/" + name)),
        SlowLogDigest.Options.defaults(), 1);
    assertThat(one.toMap()).isEqualTo(two.toMap());
    try (InputStream in = Files.newInputStream(Resources.log("slow/" + name))) {
      assertThat(SlowLogDigest.read(in, SlowLogDigest.Options.defaults()).toMap()).isEqualTo(two.toMap());
    }
  }

  /** The sum of every "Query_time:" in the file, read plainly. */
  static double sumQueryTimes(String name) throws IOException {
    double sum = 0;
    for (String line : Files.readAllLines(Resources.log("slow/" + name))) {
      int at = line.indexOf("Query_time: ");
      if (line.startsWith("# ") && at >= 0) {
        sum += Double.parseDouble(line.substring(at + 12).trim().split("\\s+")[0]) * 1000;
      }
    }
    return sum;
  }
}
