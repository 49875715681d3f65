package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.boot.HostBootstrap;
import dev.isutools4j.internal.boot.HostPeer;
import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirement;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isutools4j host} beside a real, private MariaDB with its slow log on (long_query_time 0,
 * as a player sets it for a measured run): a hub's reset, a bounded set of real queries, the
 * hub's save, and the part the hub would gather; then the command jar as a user runs it.
 */
class HostIT {

  private static final String HOST_ADDRESS = "127.0.0.4";
  private static final String RUN = "20261201-120000-000";

  private static MariaDbServer server;

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeAll
  static void claimTheJvm() {
    // As the command does, before any JDBC use: loading a driver must not start the library's own.
    HostBootstrap.claimJvm();
  }

  @BeforeEach
  void privateMariaDbWithTheSlowLogOn() throws Exception {
    Requirement.require("MariaDB", MariaDbServer.findInstallation().isPresent(),
        MariaDbServer.whyMissing());
    if (server == null) {
      server = MariaDbServer.start();
      try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
        s.execute("SET GLOBAL long_query_time = 0");
        s.execute("SET GLOBAL slow_query_log = 1");
      }
    }
  }

  @AfterAll
  static void stopMariaDb() {
    if (server != null) {
      server.close();
    }
  }

  private MariaDbServer.Database shop() throws Exception {
    MariaDbServer.Database db = server.createUniqueDatabase("host");
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE items (id INT PRIMARY KEY AUTO_INCREMENT, category INT NOT NULL,"
          + " name VARCHAR(64) NOT NULL, price INT NOT NULL, KEY idx_category (category))");
      s.execute("CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, item_id INT NOT NULL,"
          + " qty INT NOT NULL, UNIQUE KEY uq_item_qty (item_id, qty))");
      StringBuilder items = new StringBuilder("INSERT INTO items (category, name, price) VALUES ");
      StringBuilder orders = new StringBuilder("INSERT INTO orders (item_id, qty) VALUES ");
      for (int i = 1; i <= 200; i++) {
        items.append(i > 1 ? "," : "").append("(").append(i % 7).append(",'item ").append(i)
            .append("',").append(100 + i).append(")");
        orders.append(i > 1 ? "," : "").append("(").append(i).append(",").append(i % 5 + 1).append(")");
      }
      s.execute(items.toString());
      s.execute(orders.toString());
    }
    return db;
  }

  /** The statements the run sends, by fingerprint, each list the texts in the order sent. */
  private static Map<String, List<String>> workload() {
    Map<String, List<String>> byFingerprint = new LinkedHashMap<>();
    List<String> all = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      all.add("SELECT id, name, price FROM items WHERE category = " + (i % 7));
    }
    for (int i = 0; i < 12; i++) {
      all.add("SELECT o.id, i.name FROM orders o JOIN items i ON i.id = o.item_id WHERE o.qty > " + (i % 5));
    }
    for (int i = 0; i < 10; i++) {
      all.add("UPDATE items SET price = price + 1 WHERE id = " + (i + 1));
    }
    for (int i = 0; i < 4; i++) {
      all.add("SELECT SLEEP(0.05), COUNT(*) FROM items WHERE price > " + (100 + i)); // slow
    }
    for (int i = 0; i < 2; i++) {
      all.add("SELECT BENCHMARK(3000000, MD5('isutools " + i + "'))"); // the server's CPU busy
    }
    for (String sql : all) {
      byFingerprint.computeIfAbsent(Fingerprint.of(sql), k -> new ArrayList<>()).add(sql);
    }
    return byFingerprint;
  }

  private HttpResponse<String> post(String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody())
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Waits until the slow log holds every statement sent (the server writes after it answers). */
  private static void slowLogHolds(Path log, long from, Map<String, List<String>> sent) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      SlowReport report = SlowLogDigest.read(new LogRange(log, from, Files.size(log)),
          SlowLogDigest.Options.defaults(), 1);
      Map<String, Long> counts = new LinkedHashMap<>();
      for (SlowRow row : report.rows()) {
        counts.put(row.fingerprint(), row.count());
      }
      boolean all = sent.entrySet().stream()
          .allMatch(e -> counts.getOrDefault(e.getKey(), 0L) >= e.getValue().size());
      if (all) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the slow log did not get every statement in 20 s: " + counts);
      }
      Thread.sleep(20);
    }
  }

  @Test
  void aHubsRunOnTheDatabaseHostHoldsItsDatabaseSlowLogAndMachine() throws Exception {
    MariaDbServer.Database db = shop();
    Path slowLog = server.slowLog();
    HostCommand command = new HostCommand();
    picocli.CommandLine line = new picocli.CommandLine(command);
    line.parseArgs("--addr", HOST_ADDRESS + ":0", "--dir", dir.resolve("history").toString(),
        "--db", db.jdbcUrl(), "--db-user", db.user(), "--db-password", db.password(),
        "--slow-log", slowLog.toString(), "--name", "db");
    try (HostPeer host = command.open(Map.of("isutools.machine.interval.ms", "100")::get, Map.of())) {
      assertThat(Bootstrap.adminAddress()).as("no second admin server in the host's JVM").isNull();
      assertThat(HostCommand.describe(host)).contains("isutools4j host db (database) on http://"
          + HOST_ADDRESS + ":" + host.address().getPort() + "/",
          "the database " + db.jdbcUrl(), "the slow log " + slowLog, "no access log")
          .doesNotContain(db.password() + "@").doesNotContain("password=" + db.password());
      String base = "http://" + HOST_ADDRESS + ":" + host.address().getPort();

      long sentAt = System.currentTimeMillis();
      HttpResponse<String> reset = post(base + "/reset?run=" + RUN + "&hub=test");
      long answeredAt = System.currentTimeMillis();
      assertThat(reset.statusCode()).as(reset.body()).isEqualTo(204);
      var headers = reset.headers();
      assertThat(headers.firstValue("X-Isutools-Run-Id")).hasValue(RUN);
      assertThat(headers.firstValue("X-Isutools-Host")).hasValue("db");
      assertThat(headers.firstValue("X-Isutools-Role")).hasValue(HostIdentity.DATABASE);
      assertThat(headers.firstValue("X-Isutools-Version")).hasValue(HostIdentity.version());
      assertThat(headers.firstValue("X-Isutools-Revision")).isPresent();
      double clock = Double.parseDouble(headers.firstValue("X-Isutools-Clock").orElseThrow());
      assertThat(clock).as("the peer's clock at open, epoch ms").isBetween((double) sentAt,
          (double) answeredAt + 1);
      assertThat(post(base + "/reset").statusCode()).as("the player's reset in a hub's run")
          .isEqualTo(409);

      long logFrom = Files.size(slowLog);
      Map<String, List<String>> sent = workload();
      long started = System.nanoTime();
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
      }
      long ranMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      slowLogHolds(slowLog, logFrom, sent);

      HttpResponse<String> save = post(base + "/save?run=" + RUN);
      assertThat(save.statusCode()).as(save.body()).isEqualTo(200);
      assertThat(save.body()).contains("\"" + RUN + "\"");
      HttpResponse<String> api = get(base + "/api/runs/" + RUN);
      assertThat(api.statusCode()).isEqualTo(200);
      assertThat(api.body()).doesNotContain("password=" + db.password());
      Snapshot part = SnapshotJson.read(api.body());

      assertThat(part.meta().id()).isEqualTo(RUN);
      assertThat(part.sql()).as("no app records here").isEmpty();
      assertThat(part.http()).isEmpty();
      assertThat(part.sections()).doesNotContainKey("profile");

      DatabaseSection database = part.section(DatabaseSection.class).orElseThrow();
      assertThat(database.supported()).as(database.reason()).isTrue();
      assertThat(database.error()).isNull();
      assertThat(database.schema()).isEqualTo(db.name());
      assertThat(database.url()).isEqualTo(db.jdbcUrl());
      assertThat(database.tables()).extracting(DatabaseSection.Table::name)
          .containsExactlyInAnyOrder("items", "orders");
      DatabaseSection.Table orders = database.tables().stream()
          .filter(t -> t.name().equals("orders")).findFirst().orElseThrow();
      assertThat(orders.indexes()).anySatisfy(i -> {
        assertThat(i.name()).isEqualTo("uq_item_qty");
        assertThat(i.columns()).containsExactly("item_id", "qty");
        assertThat(i.unique()).isTrue();
      });
      assertThat(database.variables()).containsEntry("slow_query_log", "ON")
          .containsEntry("long_query_time", "0.000000");

      SlowLogSection slow = part.section(SlowLogSection.class).orElseThrow();
      assertThat(slow.log().error()).isNull();
      Map<String, SlowLogSection.Row> rows = new LinkedHashMap<>();
      slow.rows().forEach(r -> rows.put(r.fingerprint(), r));
      for (Map.Entry<String, List<String>> e : sent.entrySet()) {
        assertThat(rows).as("slow log rows").containsKey(e.getKey());
        SlowLogSection.Row row = rows.get(e.getKey());
        assertThat(row.count()).as(e.getKey()).isEqualTo(e.getValue().size());
        assertThat(row.appCount()).as("no app here").isNull();
        assertThat(row.sampleSchema()).isEqualTo(db.name());
      }
      SlowLogSection.Row sleeps = rows.get(Fingerprint.of("SELECT SLEEP(0.05), COUNT(*) FROM items WHERE price > 1"));
      assertThat(sleeps.minMs()).as("slow enough to matter").isGreaterThanOrEqualTo(45);
      assertThat(sleeps.totalMs()).isGreaterThanOrEqualTo(4 * 45);
      assertThat(rows.get(Fingerprint.of("UPDATE items SET price = price + 1 WHERE id = 1"))
          .rowsAffected()).isEqualTo(10);

      MachineSection machine = part.section(MachineSection.class).orElseThrow();
      assertThat(machine.supported()).isTrue();
      assertThat(machine.summary().samples()).as("sampled every 100 ms for %d ms", ranMs).isGreaterThan(2);
      assertThat(machine.summary().processes()).filteredOn(p -> p.pid() == server.pid())
          .singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("mariadbd");
            assertThat(p.meanCpuPct()).as("BENCHMARK kept it busy").isPositive();
            assertThat(p.peakCpuPct()).isGreaterThanOrEqualTo(p.meanCpuPct());
            assertThat(p.peakRssBytes()).isPositive();
          });

      AdvisorSection advisor = part.section(AdvisorSection.class).orElseThrow();
      assertThat(advisor.rows()).extracting(AdvisorSection.Row::rule).isNotEmpty()
          .allSatisfy(rule -> assertThat(rule).matches("(os|db|nginx)-.*"))
          .contains("db-buffer-pool", "db-slow-log", "os-somaxconn");
      assertThat(advisor.rows()).filteredOn(r -> r.rule().equals("db-buffer-pool")).singleElement()
          .satisfies(r -> assertThat(r.status()).isNotEqualTo(AdvisorSection.Status.SKIP));
      assertThat(host.lifecycle().store().read(RUN)).as("kept in the host's own history").isPresent();
    }
  }

  private static int freePort(String address) throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(address))) {
      return socket.getLocalPort();
    }
  }

  private Process jar(Path log, String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-jar", Path.of("target/isutools4j.jar").toString()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  @Test
  void theCommandJarServesAMysqlUrlThroughMariaDbsDriverAndRefusesAMissingLog() throws Exception {
    MariaDbServer.Database db = shop();
    String mysqlUrl = "jdbc:mysql://" + server.host() + ":" + server.port() + "/" + db.name()
        + "?user=" + db.user() + "&password=" + db.password();

    Path refusedLog = dir.resolve("refused.log");
    Process refused = jar(refusedLog, "host", "--addr", HOST_ADDRESS + ":0", "--dir",
        dir.resolve("history").toString(), "--slow-log", dir.resolve("missing-slow.log").toString());
    assertThat(refused.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String said = Files.readString(refusedLog, StandardCharsets.UTF_8);
    assertThat(refused.exitValue()).as(said).isEqualTo(2);
    assertThat(said.strip()).isEqualTo("isutools4j host: --slow-log: no such file: "
        + dir.resolve("missing-slow.log"));

    int port = freePort(HOST_ADDRESS);
    Path log = dir.resolve("host.log");
    Process host = jar(log, "host", "--addr", HOST_ADDRESS + ":" + port, "--dir",
        dir.resolve("history").toString(), "--db", mysqlUrl, "--name", "db2", "--processes", "sleep");
    try {
      String base = "http://" + HOST_ADDRESS + ":" + port;
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!Files.readString(log).contains("Ctrl-C stops")) {
        assertThat(host.isAlive()).as(Files.readString(log)).isTrue();
        assertThat(System.nanoTime()).as("the host's line within 60 s").isLessThan(deadline);
        Thread.sleep(50);
      }
      String printed = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(printed).contains("isutools4j host db2 (database) on http://" + HOST_ADDRESS + ":" + port + "/",
          "the database jdbc:mysql://" + server.host() + ":" + server.port() + "/" + db.name()
              + "?user=" + db.user() + "&password=***&permitMysqlScheme", "sleep")
          .doesNotContain("password=" + db.password())
          .doesNotContain("does not answer")
          .as("the library's own admin server stays down").doesNotContain("admin server on");

      assertThat(post(base + "/reset").statusCode()).isEqualTo(204);
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        s.executeQuery("SELECT COUNT(*) FROM items").close();
      }
      HttpResponse<String> save = post(base + "/save?score=1");
      assertThat(save.statusCode()).as(save.body()).isEqualTo(200);
      String id = save.body().replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
      Snapshot part = SnapshotJson.read(get(base + "/api/runs/" + id).body());
      DatabaseSection database = part.section(DatabaseSection.class).orElseThrow();
      assertThat(database.supported()).as(database.reason()).isTrue();
      assertThat(database.error()).as("read through jdbc:mysql:").isNull();
      assertThat(database.url()).startsWith("jdbc:mysql://").endsWith("&permitMysqlScheme")
          .doesNotContain("password=" + db.password());
      assertThat(database.tables()).extracting(DatabaseSection.Table::name).contains("items", "orders");
      assertThat(part.meta().score()).isEqualTo(1L);
      assertThat(part.section(MachineSection.class).orElseThrow().summary().processes())
          .extracting(MachineSection.ProcessTotal::name).contains("mariadbd");
    } finally {
      host.destroy();
      assertThat(host.waitFor(30, TimeUnit.SECONDS)).as("Ctrl-C (SIGTERM) stops it").isTrue();
    }
  }
}
