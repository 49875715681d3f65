package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.analyze.DatabaseChanges;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.StatementDigests;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import dev.isutools4j.internal.snapshot.DatabaseSectionJson;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.LogMalformed;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import dev.isutools4j.testing.TestRuns;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The database section against a real, private MariaDB. */
class DatabaseCollectorIT {

  private static final String SELECT = "SELECT id, body FROM posts WHERE user_id = 7";

  private MariaDbServer.Database db;
  private DatabaseTarget target;
  @TempDir Path history;

  @BeforeEach
  void setUp() throws SQLException {
    db = Requirements.mariaDb().createUniqueDatabase("inspect");
    Properties p = new Properties();
    p.setProperty("user", db.user());
    p.setProperty("password", db.password());
    target = new DatabaseTarget(db.jdbcUrl(), p, null, null);
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE posts (id INT PRIMARY KEY AUTO_INCREMENT, user_id INT, body TEXT)");
      s.execute("INSERT INTO posts (user_id, body) SELECT seq % 500, 'x' FROM seq_1_to_3000");
      s.execute("ANALYZE TABLE posts");
    }
  }

  private void sql(String statement) throws SQLException {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  private static List<SqlRow> slowSelect() {
    return List.of(new SqlRow(Fingerprint.of(SELECT), SELECT,
        new LatencySummary(100, 500, 5, 5, 5, 5, 5, 9), 0, 600, 0));
  }

  private DatabaseCollector collector() {
    return new DatabaseCollector(() -> target, DatabaseCollectorIT::slowSelect, 10, 3000);
  }

  private static DatabaseSection section(DatabaseCollector collector) {
    collector.start(new RunContext("it", Path.of("unused")));
    return collector.stop(true);
  }

  private static Table table(DatabaseSection section, String name) {
    return section.tables().stream().filter(t -> name.equals(t.name())).findFirst().orElseThrow();
  }

  private static List<String> indexes(Table table) {
    return table.indexes().stream()
        .map(i -> i.name() + i.columns() + (i.unique() ? "!" : ""))
        .toList();
  }

  private static List<String> warnings(DatabaseSection section) {
    return section.plans().get(0).warnings().stream().map(Warning::id).toList();
  }

  private static DatabaseSection saved(RunStore store, String id) throws Exception {
    return store.read(id).orElseThrow().section(DatabaseSection.class).orElseThrow();
  }

  @Test
  void schemaFollowsCreateAndDropIndex() throws SQLException {
    DatabaseCollector collector = collector();
    DatabaseSection before = section(collector);
    assertThat(before.supported()).isTrue();
    assertThat(before.product()).isEqualTo("MariaDB");
    assertThat(before.url()).doesNotContain(db.password() + "@");
    Table posts = table(before, "posts");
    assertThat(posts.engine()).isEqualTo("InnoDB");
    assertThat(posts.dataBytes()).isPositive();
    assertThat(indexes(posts)).containsExactly("PRIMARY[id]!");

    sql("CREATE INDEX idx_user_body ON posts (user_id, body(10))");
    assertThat(indexes(table(section(collector), "posts")))
        .containsExactly("PRIMARY[id]!", "idx_user_body[user_id, body]");

    sql("DROP INDEX idx_user_body ON posts");
    assertThat(indexes(table(section(collector), "posts"))).containsExactly("PRIMARY[id]!");
  }

  @Test
  void explainWarnsOfAFullScanUntilThereIsAnIndex() throws SQLException {
    DatabaseCollector collector = collector();
    DatabaseSection before = section(collector);
    Plan plan = before.plans().get(0);
    assertThat(plan.fingerprint()).isEqualTo(Fingerprint.of(SELECT));
    assertThat(plan.rows().get(0).type()).isEqualTo("ALL");
    assertThat(warnings(before)).contains("full-scan", "no-key");

    sql("CREATE INDEX idx_user ON posts (user_id)");
    DatabaseSection after = section(collector);
    PlanRow row = after.plans().get(0).rows().get(0);
    assertThat(row.type()).isEqualTo("ref");
    assertThat(row.key()).isEqualTo("idx_user");
    assertThat(warnings(after)).isEmpty();
  }

  @Test
  void aPlanChangeBetweenTwoSavedRunsIsListed() throws Exception {
    RunStore store = new RunStore(history);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(collector()),
        List.of(new DatabaseChanges()), () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    lifecycle.reset();
    RunLifecycle.Saved first = lifecycle.save(1000L, true, "before");
    assertThat(saved(store, first.id()).changes()).isEqualTo(Changes.NONE);
    sql("CREATE INDEX idx_user ON posts (user_id)");
    lifecycle.reset();
    RunLifecycle.Saved second = lifecycle.save(2000L, true, "after");

    Changes changes = saved(store, second.id()).changes();
    assertThat(changes.previousRun()).isNotEqualTo(second.id()).isNotNull();
    assertThat(changes.schema()).singleElement()
        .satisfies(c -> assertThat(c.kind()).isEqualTo("index added"))
        .satisfies(c -> assertThat(c.index()).isEqualTo("idx_user"));
    PlanChange change = changes.plans().get(0);
    assertThat(change.fingerprint()).isEqualTo(Fingerprint.of(SELECT));
    assertThat(change.what()).contains("key", "type");
    assertThat(change.before().type()).isEqualTo("ALL");
    assertThat(change.after().key()).isEqualTo("idx_user");
  }

  @Test
  void variablesAndStatusAreRead() {
    DatabaseSection section = section(collector());
    Map<String, String> variables = section.variables();
    assertThat(variables.get("innodb_buffer_pool_size")).isEqualTo(String.valueOf(32 << 20));
    assertThat(section.status().get("Innodb_buffer_pool_read_requests").delta())
        .isNotNull().isNotNegative();
    StatementDigests digests = section.digests();
    if ("OFF".equalsIgnoreCase(variables.get("performance_schema"))) {
      assertThat(digests.skipped()).contains("performance_schema is OFF");
    } else {
      assertThat(digests.skipped()).isNull();
    }
  }

  @Test
  void theInspectorsOwnQueriesAreNotInTheAppsSqlTable() throws SQLException {
    String url = db.jdbcUrl().replace("jdbc:", "jdbc:isutools:");
    try (Connection app = DriverManager.getConnection(url, db.user(), db.password())) {
      assertThat(DatabaseTargets.latest().url()).isEqualTo(db.jdbcUrl());
      assertThat(DatabaseTargets.latest().driver()).isInstanceOf(org.mariadb.jdbc.Driver.class);
      TestRuns.fresh();
      try (Statement s = app.createStatement(); ResultSet rs = s.executeQuery(SELECT)) {
        assertThat(rs.next()).isTrue();
      }
      DatabaseCollector inspector = new DatabaseCollector(DatabaseTargets::latest,
          DatabaseCollectorIT::slowSelect, 10, 3000);
      DatabaseSection section = section(inspector);
      assertThat(section.plans()).isNotEmpty();
      assertThat(TestRuns.current().sql()).extracting(SqlRow::fingerprint)
          .containsExactly(Fingerprint.of(SELECT));
    }
  }

  @Test
  void aDatabaseDownAtSaveCostsTheSectionOnly() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    AtomicReference<DatabaseTarget> current = new AtomicReference<>(target);
    RunStore store = new RunStore(history);
    DatabaseCollector collector = new DatabaseCollector(current::get,
        DatabaseCollectorIT::slowSelect, 10, 3000);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(collector),
        List.of(new DatabaseChanges()), () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    lifecycle.reset();
    current.set(new DatabaseTarget("jdbc:mariadb://127.0.0.1:" + closedPort + "/x?password=secret",
        target.properties(), null, null));
    long failures = Health.failures();
    RunLifecycle.Saved saved = lifecycle.save(1L, true, null);

    DatabaseSection section = saved(store, saved.id());
    assertThat(section.error()).startsWith("at save: ").isNotBlank();
    assertThat(section.supported()).isTrue();
    assertThat(section.url()).doesNotContain("secret");
    assertThat(section.error()).doesNotContain("secret");
    assertThat(section.tables()).isNotEmpty(); // read at reset
    assertThat(section.tablesReadAt()).isEqualTo("reset");
    assertThat(section.changes()).isNull();
    assertThat(Health.failures()).isGreaterThan(failures);
  }

  /** A slow log row of the section as a host's slow log collector makes it. */
  private static SlowLogSection.Row slowRow(String sample, String schema, boolean admin, long count,
      double totalMs) {
    String fingerprint = admin ? sample : Fingerprint.of(sample);
    return new SlowLogSection.Row(fingerprint, admin, count, null, totalMs, totalMs / count, 0,
        totalMs, 0, 0, 0, 0, 0, count, 1, count * 10, 10, 0, count * 100, 10.0, sample,
        totalMs / count, schema);
  }

  @Test
  void aHostsPlansAreOfItsSlowLogsRowsEachExplainedInTheSchemaItRanIn() throws SQLException {
    MariaDbServer.Database other = Requirements.mariaDb().createUniqueDatabase("elsewhere");
    try (Connection c = other.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, qty INT)");
      s.execute("INSERT INTO orders (qty) SELECT seq % 9 FROM seq_1_to_2000");
      s.execute("ANALYZE TABLE orders");
    }
    String inOther = "SELECT id FROM orders WHERE qty = 3";
    String cut = "SELECT id FROM posts WHERE body = 'a long one\u2026";
    List<SlowLogSection.Row> rows = List.of(
        slowRow("UPDATE posts SET body = 'y' WHERE id = 1", db.name(), false, 9, 3000),
        slowRow("administrator command: Quit", null, true, 40, 2500),
        slowRow(inOther, other.name(), false, 20, 900),
        slowRow(cut, db.name(), false, 3, 800),
        slowRow(SELECT, db.name(), false, 50, 400));
    SlowLogSection slowLog = new SlowLogSection(LogRead.of(null, List.of()),
        new SlowLogSection.Digest(rows.size(), rows.size(), 0, 0, 0, LogMalformed.NONE,
            new SlowLogSection.Totals(rows.size(), 7600, 0, 0, 0, 0), rows));
    DatabaseCollector collector = new DatabaseCollector(() -> target,
        ExplainSource.slowLog(() -> slowLog), 10, 3000);

    DatabaseSection section = section(collector);
    assertThat(section.schema()).as("the inspector's own schema").isEqualTo(db.name());
    assertThat(section.explain().statementsFrom()).isEqualTo(DatabaseSection.Explain.FROM_SLOW_LOG);
    assertThat(section.plans()).extracting(Plan::fingerprint)
        .as("the SELECTs, most total time first").containsExactly(Fingerprint.of(inOther),
            Fingerprint.of(SELECT));
    Plan orders = section.plans().get(0);
    assertThat(orders.error()).as("explained in the schema it ran in").isNull();
    assertThat(orders.sample()).isEqualTo(inOther);
    assertThat(orders.count()).isEqualTo(20);
    assertThat(orders.totalMs()).isEqualTo(900);
    assertThat(orders.rows().get(0).table()).isEqualTo("orders");
    assertThat(orders.warnings()).extracting(Warning::id).contains("full-scan");
    assertThat(section.plans().get(1).rows().get(0).table()).isEqualTo("posts");
    assertThat(section.explain().skipped()).singleElement().satisfies(skip -> {
      assertThat(skip.fingerprint()).isEqualTo(Fingerprint.of(cut));
      assertThat(skip.reason()).contains("cut");
    });
    Map<String, Object> json = new DatabaseSectionJson().write(section);
    assertThat(json.get("explain")).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("statementsFrom", "slowLog");
  }

  @Test
  void anAppsPlansAreOfItsSqlTableAndTheDocumentSaysSoByNotSayingIt() {
    DatabaseSection section = section(collector());
    assertThat(section.explain().statementsFrom()).isEqualTo(DatabaseSection.Explain.FROM_SQL);
    Map<String, Object> json = new DatabaseSectionJson().write(section);
    assertThat(json.get("explain")).asInstanceOf(InstanceOfAssertFactories.MAP)
        .doesNotContainKey("statementsFrom").containsKeys("budgetMs", "spentMs", "top", "skipped");
    assertThat(new DatabaseSectionJson().read(Fields.of(json)).explain().statementsFrom())
        .isEqualTo(DatabaseSection.Explain.FROM_SQL);
  }

  @Test
  void h2IsNotInspected() {
    DatabaseTarget h2 = new DatabaseTarget("jdbc:h2:mem:inspect", new Properties(), null, null);
    DatabaseCollector collector = new DatabaseCollector(() -> h2, List::of, 10, 3000);
    DatabaseSection section = section(collector);
    assertThat(section.supported()).isEqualTo(false);
    assertThat(section.reason()).contains("H2");
  }
}
