package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.Snapshot;
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
    target = new DatabaseTarget(db.jdbcUrl(), p, null);
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

  private DatabaseCollector collector(RunStore store) {
    return new DatabaseCollector(() -> target, DatabaseCollectorIT::slowSelect, store, 10, 3000);
  }

  private static Fields section(DatabaseCollector collector) {
    collector.start(new RunContext("it", Path.of("unused")));
    return Fields.of(collector.stop(true));
  }

  private static Fields table(Fields section, String name) {
    return section.fieldsList("tables").stream().filter(t -> name.equals(t.string("name")))
        .findFirst().orElseThrow();
  }

  private static List<String> indexes(Fields table) {
    return table.fieldsList("indexes").stream()
        .map(i -> i.string("name") + i.raw("columns") + (Boolean.TRUE.equals(i.boolOrNull("unique")) ? "!" : ""))
        .toList();
  }

  private static List<String> warnings(Fields section) {
    return section.fieldsList("plans").get(0).fieldsList("warnings").stream()
        .map(w -> w.string("id")).toList();
  }

  @Test
  void schemaFollowsCreateAndDropIndex() throws SQLException {
    DatabaseCollector collector = collector(null);
    Fields before = section(collector);
    assertThat(before.boolOrNull("supported")).isTrue();
    assertThat(before.string("product")).isEqualTo("MariaDB");
    assertThat(before.string("url")).doesNotContain(db.password() + "@");
    Fields posts = table(before, "posts");
    assertThat(posts.string("engine")).isEqualTo("InnoDB");
    assertThat(posts.longValue("dataBytes")).isPositive();
    assertThat(indexes(posts)).containsExactly("PRIMARY[id]!");

    sql("CREATE INDEX idx_user_body ON posts (user_id, body(10))");
    assertThat(indexes(table(section(collector), "posts")))
        .containsExactly("PRIMARY[id]!", "idx_user_body[user_id, body]");

    sql("DROP INDEX idx_user_body ON posts");
    assertThat(indexes(table(section(collector), "posts"))).containsExactly("PRIMARY[id]!");
  }

  @Test
  void explainWarnsOfAFullScanUntilThereIsAnIndex() throws SQLException {
    DatabaseCollector collector = collector(null);
    Fields before = section(collector);
    Fields plan = before.fieldsList("plans").get(0);
    assertThat(plan.string("fingerprint")).isEqualTo(Fingerprint.of(SELECT));
    assertThat(plan.fieldsList("rows").get(0).string("type")).isEqualTo("ALL");
    assertThat(warnings(before)).contains("full-scan", "no-key");

    sql("CREATE INDEX idx_user ON posts (user_id)");
    Fields after = section(collector);
    Fields row = after.fieldsList("plans").get(0).fieldsList("rows").get(0);
    assertThat(row.string("type")).isEqualTo("ref");
    assertThat(row.string("key")).isEqualTo("idx_user");
    assertThat(warnings(after)).isEmpty();
  }

  @Test
  void aPlanChangeBetweenTwoSavedRunsIsListed() throws Exception {
    RunStore store = new RunStore(history);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(collector(store)),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    lifecycle.reset();
    lifecycle.save(1000L, true, "before");
    sql("CREATE INDEX idx_user ON posts (user_id)");
    lifecycle.reset();
    RunLifecycle.Saved second = lifecycle.save(2000L, true, "after");

    Snapshot saved = store.read(second.id()).orElseThrow();
    Fields changes = Fields.of(Fields.of(saved.sections().get("database")).raw("changes"));
    assertThat(changes.string("previousRun")).isNotEqualTo(second.id()).isNotNull();
    assertThat(changes.fieldsList("schema")).singleElement()
        .satisfies(c -> assertThat(c.string("kind")).isEqualTo("index added"))
        .satisfies(c -> assertThat(c.string("index")).isEqualTo("idx_user"));
    Fields change = changes.fieldsList("plans").get(0);
    assertThat(change.string("fingerprint")).isEqualTo(Fingerprint.of(SELECT));
    assertThat(change.string("what")).contains("key", "type");
    assertThat(Fields.of(change.raw("before")).string("type")).isEqualTo("ALL");
    assertThat(Fields.of(change.raw("after")).string("key")).isEqualTo("idx_user");
  }

  @Test
  void variablesAndStatusAreRead() {
    Fields section = section(collector(null));
    Fields variables = Fields.of(section.raw("variables"));
    assertThat(variables.string("innodb_buffer_pool_size")).isEqualTo(String.valueOf(32 << 20));
    Fields status = Fields.of(section.raw("status"));
    assertThat(Fields.of(status.raw("Innodb_buffer_pool_read_requests")).longOrNull("delta"))
        .isNotNull().isNotNegative();
    Object digests = section.raw("digests");
    if ("OFF".equalsIgnoreCase(variables.string("performance_schema"))) {
      assertThat(Fields.of(digests).string("skipped")).contains("performance_schema is OFF");
    } else {
      assertThat(digests).isInstanceOf(List.class);
    }
  }

  @Test
  void theInspectorsOwnQueriesAreNotInTheAppsSqlTable() throws SQLException {
    String url = db.jdbcUrl().replace("jdbc:", "jdbc:isutools:");
    try (Connection app = DriverManager.getConnection(url, db.user(), db.password())) {
      assertThat(DatabaseTargets.latest().url()).isEqualTo(db.jdbcUrl());
      TestRuns.fresh();
      try (Statement s = app.createStatement(); ResultSet rs = s.executeQuery(SELECT)) {
        assertThat(rs.next()).isTrue();
      }
      DatabaseCollector inspector = new DatabaseCollector(DatabaseTargets::latest,
          DatabaseCollectorIT::slowSelect, null, 10, 3000);
      Fields section = section(inspector);
      assertThat(section.fieldsList("plans")).isNotEmpty();
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
        DatabaseCollectorIT::slowSelect, store, 10, 3000);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(collector),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    lifecycle.reset();
    current.set(new DatabaseTarget("jdbc:mariadb://127.0.0.1:" + closedPort + "/x?password=secret",
        target.properties(), null));
    long failures = Health.failures();
    RunLifecycle.Saved saved = lifecycle.save(1L, true, null);

    Fields section = Fields.of(store.read(saved.id()).orElseThrow().sections().get("database"));
    assertThat(section.string("error")).startsWith("at save: ").isNotBlank();
    assertThat(section.boolOrNull("supported")).isTrue();
    assertThat(section.string("url")).doesNotContain("secret");
    assertThat(section.fieldsList("tables")).isNotEmpty(); // read at reset
    assertThat(Health.failures()).isGreaterThan(failures);
  }

  @Test
  void h2IsNotInspected() {
    DatabaseTarget h2 = new DatabaseTarget("jdbc:h2:mem:inspect", new Properties(), null);
    DatabaseCollector collector = new DatabaseCollector(() -> h2, List::of, null, 10, 3000);
    Map<?, ?> section = (Map<?, ?>) sectionOf(collector);
    assertThat(section.get("supported")).isEqualTo(false);
    assertThat(section.get("reason").toString()).contains("H2");
  }

  private static Object sectionOf(DatabaseCollector collector) {
    collector.start(new RunContext("it", Path.of("unused")));
    return collector.stop(true);
  }
}
