package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.boot.HostBootstrap;
import dev.isutools4j.internal.boot.HostPeer;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.collect.database.DatabaseCollector;
import dev.isutools4j.internal.collect.database.ExplainSource;
import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.InspectorMark;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirement;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plans of {@code isutools4j host}'s database section, beside a real, private MariaDB with its
 * slow log on (long_query_time 0): they are of the SELECTs the run's slow log holds, what the
 * clients ran, and of none of the statements of isutools4j's database inspector, neither the
 * host's own nor those of an app host's inspector reading the same database during the run (as
 * in a hub's run).
 */
class HostExplainIT {

  private static final String HOST_ADDRESS = "127.0.0.4";
  private static final String RUN = "20261202-090000-000";
  private static final int ITEMS = 3000;
  private static final String JOIN =
      "SELECT o.id, i.name FROM orders o JOIN items i ON i.id = o.item_id WHERE o.qty = ";
  private static final String BY_ID = "SELECT name FROM items WHERE id = ?";
  private static final int BY_ID_TIMES = 20;
  private static final int INSPECTORS_SELECTS = 5;

  private static MariaDbServer server;

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeAll
  static void privateMariaDbWithTheSlowLogOn() throws Exception {
    HostBootstrap.claimJvm(); // as the command does, before any JDBC use
    Requirement.require("MariaDB", MariaDbServer.findInstallation().isPresent(),
        MariaDbServer.whyMissing());
    server = MariaDbServer.start();
    try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
      s.execute("SET GLOBAL long_query_time = 0");
      s.execute("SET GLOBAL slow_query_log = 1");
    }
  }

  @AfterAll
  static void stopMariaDb() {
    if (server != null) {
      server.close();
    }
  }

  /** Items enough for a scan of them to be a plan's warning, an index on category, none on price. */
  private static MariaDbServer.Database shop() throws Exception {
    MariaDbServer.Database db = server.createUniqueDatabase("explain");
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE items (id INT PRIMARY KEY AUTO_INCREMENT, category INT NOT NULL,"
          + " name VARCHAR(64) NOT NULL, price INT NOT NULL, KEY idx_category (category))");
      s.execute("CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, item_id INT NOT NULL,"
          + " qty INT NOT NULL, KEY idx_item (item_id))");
      s.execute("INSERT INTO items (category, name, price) SELECT seq % 50, CONCAT('item ', seq),"
          + " 100 + seq % 700 FROM seq_1_to_" + ITEMS);
      s.execute("INSERT INTO orders (item_id, qty) SELECT seq, seq % 5 + 1 FROM seq_1_to_600");
      s.execute("ANALYZE TABLE items, orders");
    }
    return db;
  }

  /** The statements sent as they are, by fingerprint; the last is sent as a prepared statement. */
  private static Map<String, List<String>> workload() {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      all.add("SELECT id, name FROM items WHERE price = " + (150 + i)); // a full scan
    }
    for (int i = 0; i < 40; i++) {
      all.add("SELECT id, name, price FROM items WHERE category = " + (i % 50));
    }
    for (int i = 0; i < 12; i++) {
      all.add(JOIN + (i % 5 + 1));
    }
    for (int i = 0; i < 10; i++) {
      all.add("UPDATE items SET price = price + 1 WHERE id = " + (i + 1));
    }
    Map<String, List<String>> byFingerprint = new LinkedHashMap<>();
    for (String sql : all) {
      byFingerprint.computeIfAbsent(Fingerprint.of(sql), k -> new ArrayList<>()).add(sql);
    }
    return byFingerprint;
  }

  private void send(MariaDbServer.Database db, Map<String, List<String>> sent) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      for (List<String> texts : sent.values()) {
        for (String sql : texts) {
          if (s.execute(sql)) {
            try (ResultSet rs = s.getResultSet()) {
              while (rs.next()) {
                rs.getObject(1);
              }
            }
          }
        }
      }
      try (PreparedStatement byId = c.prepareStatement(BY_ID)) {
        for (int i = 1; i <= BY_ID_TIMES; i++) {
          byId.setInt(1, i);
          try (ResultSet rs = byId.executeQuery()) {
            assertThat(rs.next()).isTrue();
          }
        }
      }
    }
  }

  private HttpResponse<String> post(String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody())
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Waits until the slow log from {@code from} holds every statement sent and at least
   * {@code inspectorAtLeast} of the inspector's (the server writes after it answers); returns how
   * many of the inspector's it holds.
   */
  private static long slowLogHolds(Path log, long from, Map<String, Integer> sent, int inspectorAtLeast)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      AtomicLong marked = new AtomicLong();
      SlowReport report = SlowLogDigest.read(new LogRange(log, from, Files.size(log)),
          SlowLogDigest.Options.defaults().withFilter(s -> {
            if (InspectorMark.opens(s.statement())) {
              marked.incrementAndGet();
            }
            return true;
          }), 1);
      Map<String, Long> counts = new LinkedHashMap<>();
      for (SlowRow row : report.rows()) {
        counts.put(row.fingerprint(), row.count());
      }
      boolean all = sent.entrySet().stream()
          .allMatch(e -> counts.getOrDefault(e.getKey(), 0L) >= e.getValue());
      if (all && marked.get() >= inspectorAtLeast) {
        return marked.get();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the slow log did not get every statement in 20 s: " + counts
            + ", the inspector's: " + marked.get());
      }
      Thread.sleep(20);
    }
  }

  @Test
  void theHostsPlansAreOfTheSlowLogsSelectsAndNoneOfTheInspectors() throws Exception {
    MariaDbServer.Database db = shop();
    Path slowLog = server.slowLog();
    HostCommand command = new HostCommand();
    new picocli.CommandLine(command).parseArgs("--addr", HOST_ADDRESS + ":0", "--dir",
        dir.resolve("history").toString(), "--db", db.jdbcUrl(), "--db-user", db.user(),
        "--db-password", db.password(), "--slow-log", slowLog.toString(), "--name", "db");
    try (HostPeer host = command.open(key -> null, Map.of())) {
      String base = "http://" + HOST_ADDRESS + ":" + host.address().getPort();
      HttpResponse<String> reset = post(base + "/reset?run=" + RUN + "&hub=test");
      assertThat(reset.statusCode()).as(reset.body()).isEqualTo(204);

      long logFrom = Files.size(slowLog);
      // An app host's inspector reads the same database during the run, and explains a SELECT
      // of its own app's SQL table: its statements are in this host's slow log too.
      String appsSelect = "SELECT id FROM items WHERE name = 'item 7'";
      DatabaseCollector appsInspector = new DatabaseCollector(Settings.of(Map.of()),
          ExplainSource.sqlTable(() -> List.of(new SqlRow(Fingerprint.of(appsSelect), appsSelect,
              new LatencySummary(3, 30, 10, 10, 10, 10, 10, 10), 0, 3, 0))));
      appsInspector.start(new RunContext("app-run", dir.resolve("app-run")));
      Map<String, List<String>> sent = workload();
      send(db, sent);
      // Through MariaDB's driver the inspector's statements carry their timeout (SET STATEMENT
      // max_statement_time=N FOR ...); through MySQL's they are sent as they are, SELECTs as
      // SELECTs, which this stands for.
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        for (int i = 0; i < INSPECTORS_SELECTS; i++) {
          s.executeQuery(InspectorMark.marked("SELECT TABLE_NAME, ENGINE, TABLE_ROWS FROM"
              + " information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()")).close();
        }
      }
      DatabaseSection appsSection = appsInspector.stop(true);
      assertThat(appsSection.plans()).as("the app host's inspector explained its app's SELECT")
          .extracting(Plan::fingerprint).containsExactly(Fingerprint.of(appsSelect));

      Map<String, Integer> counts = new LinkedHashMap<>();
      sent.forEach((fingerprint, texts) -> counts.put(fingerprint, texts.size()));
      counts.put(Fingerprint.of(BY_ID), BY_ID_TIMES);
      // at reset SHOW VARIABLES, SHOW GLOBAL STATUS and two information_schema SELECTs; the same
      // at save, and an EXPLAIN
      long inspectors = slowLogHolds(slowLog, logFrom, counts, 9 + INSPECTORS_SELECTS);

      HttpResponse<String> save = post(base + "/save?run=" + RUN);
      assertThat(save.statusCode()).as(save.body()).isEqualTo(200);
      HttpResponse<String> api = client.send(HttpRequest.newBuilder(
          URI.create(base + "/api/runs/" + RUN)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(api.statusCode()).isEqualTo(200);
      Snapshot part = SnapshotJson.read(api.body());

      SlowLogSection slow = part.section(SlowLogSection.class).orElseThrow();
      assertThat(slow.digest().inspectorStatements()).as("the inspectors' statements left out")
          .isGreaterThanOrEqualTo(inspectors);
      assertThat(slow.rows()).as("no row of the inspectors'").noneSatisfy(r -> {
        assertThat(r.sample()).contains(InspectorMark.COMMENT);
      });
      assertThat(slow.rows()).extracting(SlowLogSection.Row::fingerprint)
          .noneMatch(f -> f.contains("information_schema") || f.contains("show variables")
              || f.contains("show global status") || f.contains("explain"));
      Map<String, SlowLogSection.Row> rows = new LinkedHashMap<>();
      slow.rows().forEach(r -> rows.put(r.fingerprint(), r));
      counts.forEach((fingerprint, n) ->
          assertThat(rows.get(fingerprint)).as(fingerprint).isNotNull()
              .satisfies(r -> assertThat(r.count()).isEqualTo((long) n)));

      DatabaseSection database = part.section(DatabaseSection.class).orElseThrow();
      assertThat(database.error()).isNull();
      assertThat(database.explain().statementsFrom()).isEqualTo(DatabaseSection.Explain.FROM_SLOW_LOG);
      List<String> selects = slow.rows().stream().map(SlowLogSection.Row::fingerprint)
          .filter(f -> f.startsWith("select")).toList();
      assertThat(selects).as("the test's SELECTs, and nothing else's")
          .containsExactlyInAnyOrder(Fingerprint.of("SELECT id, name FROM items WHERE price = 1"),
              Fingerprint.of("SELECT id, name, price FROM items WHERE category = 1"),
              Fingerprint.of(JOIN + 1),
              Fingerprint.of(BY_ID));
      assertThat(database.plans()).extracting(Plan::fingerprint)
          .as("every SELECT of the slow log, most total time first").containsExactlyElementsOf(selects)
          .noneMatch(f -> f.contains("information_schema"));
      for (Plan plan : database.plans()) {
        SlowLogSection.Row row = rows.get(plan.fingerprint());
        assertThat(plan.error()).as(plan.fingerprint()).isNull();
        assertThat(plan.count()).isEqualTo(row.count());
        assertThat(plan.totalMs()).isEqualTo(row.totalMs());
        assertThat(plan.sample()).as("the slow log's sample, values and all").isEqualTo(row.sample())
            .doesNotContain("?").doesNotContain(InspectorMark.COMMENT);
      }

      Plan scan = plan(database, "SELECT id, name FROM items WHERE price = 1");
      assertThat(scan.rows()).singleElement().satisfies(r -> {
        assertThat(r.table()).isEqualTo("items");
        assertThat(r.type()).isEqualTo("ALL");
        assertThat(r.rows()).isGreaterThanOrEqualTo(ITEMS / 2);
      });
      assertThat(scan.warnings()).extracting(DatabaseSection.Warning::id).contains("full-scan", "no-key");
      assertThat(plan(database, "SELECT id, name, price FROM items WHERE category = 1").rows())
          .singleElement().satisfies(r -> assertThat(r.key()).isEqualTo("idx_category"));
      assertThat(plan(database, BY_ID).rows()).singleElement()
          .satisfies(r -> assertThat(r.type()).isEqualTo("const"));

      AdvisorSection advisor = part.section(AdvisorSection.class).orElseThrow();
      assertThat(advisor.rows()).filteredOn(r -> r.rule().equals("db-plan")).anySatisfy(r -> {
        assertThat(r.title()).isEqualTo("plan: " + scan.fingerprint());
        assertThat(r.status()).isEqualTo(AdvisorSection.Status.WARN);
        assertThat(r.fix()).contains("items").contains("price");
      });
    }
  }

  private static Plan plan(DatabaseSection database, String sql) {
    String fingerprint = Fingerprint.of(sql);
    return database.plans().stream().filter(p -> p.fingerprint().equals(fingerprint)).findFirst()
        .orElseThrow(() -> new AssertionError("no plan for " + fingerprint));
  }
}
