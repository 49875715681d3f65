package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.digest.slow.SlowWorkload;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The slow log of a real, private MariaDB (slow_query_log on, long_query_time 0 for the test's
 * own session only) after a varied workload: one row per class of statements, with the count that
 * ran and the rows the client read.
 *
 * <p>The committed src/test/resources/logs/slow/mariadb-workload.log was written by this test:
 * {@code -Disutools.slowlog.statements=700 -Disutools.golden.slowlog=<file>} copies what the run
 * appended to the server's slow log.
 */
class SlowLogMariaDbIT {

  private MariaDbServer server;
  private MariaDbServer.Database db;

  @BeforeEach
  void setUp() throws Exception {
    server = Requirements.mariaDb();
    db = server.createUniqueDatabase("slowlog");
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      for (String ddl : SlowWorkload.SCHEMA) {
        s.execute(ddl);
      }
    }
  }

  /** Runs the workload with slow logging on and returns what each label ran and read. */
  static Map<String, long[]> run(MariaDbServer server, MariaDbServer.Database db,
      List<SlowWorkload.Statement> statements, Map<String, String> labelOfText) throws Exception {
    Map<String, long[]> ran = new HashMap<>(); // count, rows read
    try (Connection root = server.rootConnection(); Statement admin = root.createStatement()) {
      admin.execute("SET GLOBAL slow_query_log = 1");
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        s.execute("SET SESSION long_query_time = 0");
        for (SlowWorkload.Statement st : statements) {
          long rows = 0;
          if (s.execute(st.sql())) {
            try (ResultSet rs = s.getResultSet()) {
              while (rs.next()) {
                rows++;
              }
            }
          }
          long[] r = ran.computeIfAbsent(st.label(), k -> new long[2]);
          r[0]++;
          r[1] += rows;
          labelOfText.put(st.sql(), st.label());
        }
      } finally {
        admin.execute("SET GLOBAL slow_query_log = 0");
      }
    }
    return ran;
  }

  /** Digests the log from {@code from} until it holds {@code expected} entries (the server writes after it answers). */
  static SlowReport await(Path log, long from, long expected) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    SlowReport report;
    do {
      report = SlowLogDigest.read(new LogRange(log, from, Files.size(log)), SlowLogDigest.Options.defaults(), 2);
      if (report.entries() >= expected) {
        return report;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    return report;
  }

  @Test
  void eachClassOfTheWorkloadIsOneRowWithTheCountThatRan() throws Exception {
    int n = Integer.getInteger("isutools.slowlog.statements", 3000);
    List<SlowWorkload.Statement> statements = SlowWorkload.statements(n, 20261201);
    Path log = server.slowLog();
    long from = Files.exists(log) ? Files.size(log) : 0;
    Map<String, String> labelOfText = new HashMap<>();
    Map<String, long[]> ran = run(server, db, statements, labelOfText);
    SlowReport report = await(log, from, n);

    Map<String, SlowRow> byLabel = new HashMap<>();
    Set<String> others = new HashSet<>();
    for (SlowRow row : report.rows()) {
      String label = labelOfText.get(row.sample());
      if (label == null) {
        others.add(row.fingerprint());
        continue;
      }
      assertThat(byLabel.put(label, row)).as("two rows for " + label + ": " + row.fingerprint()).isNull();
    }
    assertThat(byLabel.keySet()).containsExactlyInAnyOrderElementsOf(SlowWorkload.labels());
    for (Map.Entry<String, long[]> e : ran.entrySet()) {
      SlowRow row = byLabel.get(e.getKey());
      assertThat(row.count()).as(e.getKey() + ": " + row.fingerprint()).isEqualTo(e.getValue()[0]);
      assertThat(row.rowsSent()).as(e.getKey() + " rows sent").isEqualTo(e.getValue()[1]);
      assertThat(row.sampleSchema()).isEqualTo(db.name());
      assertThat(row.totalMs()).isPositive();
    }
    assertThat(byLabel.get("timeline").sample()).contains("\n  JOIN users u ON u.id = p.user_id\n");
    assertThat(byLabel.get("posts-in").rowsExamined()).isPositive();
    assertThat(byLabel.get("user-rename").rowsAffected()).isPositive();
    assertThat(others).as("statements the session ran besides the workload")
        .isSubsetOf(Set.of("set session long_query_time = ?"));
    assertThat(report.malformed().count()).as(report.malformed().examples().toString()).isZero();
    assertThat(report.banners()).as("slow logging switched on: the server writes its banner").isEqualTo(1);

    String golden = System.getProperty("isutools.golden.slowlog");
    if (golden != null) {
      try (var in = Files.newByteChannel(log)) {
        byte[] bytes = Files.readAllBytes(log);
        Files.write(Path.of(golden), java.util.Arrays.copyOfRange(bytes, (int) from, bytes.length),
            StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
      }
    }
  }
}
