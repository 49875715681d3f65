package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.stats.Recording;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Apps with no isutools4j code, each in a JVM started with the agent. */
class AgentIT {

  private static final Class<?> H2 = org.h2.Driver.class;
  private static final Class<?> HIKARI = com.zaxxer.hikari.HikariDataSource.class;
  private static final Class<?> SLF4J = org.slf4j.LoggerFactory.class;
  private static final Class<?> TOMCAT = org.apache.catalina.startup.Tomcat.class;
  private static final Class<?> TOMCAT_ANNOTATIONS = jakarta.annotation.Resource.class;

  private static final String BY_ID = "SELECT id, name FROM items WHERE id = ?";
  private static final String ALL = "SELECT id, name FROM items ORDER BY id";
  private static final String INSERT = "INSERT INTO items (id, name) VALUES (?, ?)";

  private static Path history(String name) throws Exception {
    Path dir = Path.of(System.getProperty("isutools.it.dir", "target/it")).resolve(name);
    Files.createDirectories(dir);
    return Files.createTempDirectory(dir, "run");
  }

  private static String agentArgs(String name) throws Exception {
    return "addr=127.0.0.1:0,dir=" + history(name);
  }

  private static String fingerprint(String sql) {
    return Fingerprint.of(sql);
  }

  private static SqlRow sql(Snapshot run, String text) {
    String fingerprint = fingerprint(text);
    return run.sql().stream().filter(r -> r.fingerprint().equals(fingerprint)).findFirst()
        .orElseThrow(() -> new AssertionError(fingerprint + " not in " + run.sql()));
  }

  private static HttpRow http(Snapshot run, String method, String route) {
    return run.http().stream().filter(r -> r.method().equals(method) && r.route().equals(route))
        .findFirst().orElseThrow(() -> new AssertionError(method + " " + route + " not in " + run.http()));
  }

  /** Resets, sends the fixed request sequence, saves, and returns the run. */
  private static Snapshot workload(AgentJvm app) throws Exception {
    HttpResponse<String> reset = app.admin("POST", "/reset");
    assertThat(reset.statusCode()).isEqualTo(204);
    // What a hub is told: the agent jar's manifest names its version.
    assertThat(reset.headers().firstValue("X-Isutools-Version"))
        .hasValue(System.getProperty("isutools.test.version"));
    for (int i = 1; i <= 5; i++) {
      assertThat(app.app("GET", "/items/" + i).body()).isEqualTo("item" + i);
    }
    for (int i = 0; i < 3; i++) {
      assertThat(app.app("GET", "/items").body()).isEqualTo("rows 10");
    }
    for (int i = 0; i < 2; i++) {
      assertThat(app.app("POST", "/items").statusCode()).isEqualTo(201);
    }
    assertThat(app.app("GET", "/tx").body()).isEqualTo("read 3");
    return app.save();
  }

  private static void assertWorkload(Snapshot run) {
    SqlRow byId = sql(run, BY_ID);
    assertThat(byId.time().count()).isEqualTo(5);
    assertThat(byId.rows()).isEqualTo(5);
    assertThat(byId.errors()).isZero();
    SqlRow all = sql(run, ALL);
    assertThat(all.time().count()).isEqualTo(3);
    assertThat(all.rows()).isEqualTo(30);
    assertThat(all.sample()).isEqualTo(ALL);
    SqlRow insert = sql(run, INSERT);
    assertThat(insert.time().count()).isEqualTo(2);
    assertThat(insert.rows()).isEqualTo(2);
    // Prepared statements' samples carry the values of their first execution in the run.
    assertThat(byId.sample()).isEqualTo("SELECT id, name FROM items WHERE id = 1");
    assertThat(insert.sample()).matches("INSERT INTO items \\(id, name\\) VALUES \\(\\d+, 'new'\\)");

    // A plain statement's batch: each text counted, with its own rows; then execute() + getResultSet().
    SqlRow rename = sql(run, "UPDATE items SET name = 'a' WHERE id = 1");
    assertThat(rename.time().count()).isEqualTo(2);
    assertThat(rename.rows()).isEqualTo(2);
    assertThat(rename.batches()).isEqualTo(1);
    assertThat(rename.sample()).isEqualTo("UPDATE items SET name = 'a' WHERE id = 1");
    SqlRow delete = sql(run, "DELETE FROM items WHERE id = 0");
    assertThat(delete.time().count()).isEqualTo(1);
    assertThat(delete.rows()).isZero();
    SqlRow fetched = sql(run, "SELECT id FROM items WHERE id < 4");
    assertThat(fetched.time().count()).isEqualTo(1);
    assertThat(fetched.rows()).isEqualTo(3);
    assertThat(sql(run, "UPDATE items SET id = id WHERE id = 3").rows()).isEqualTo(1);
    assertThat(sql(run, "COMMIT").time().count()).isEqualTo(1);
    assertThat(sql(run, "ROLLBACK").time().count()).isEqualTo(1);
    // The start-up's CREATE TABLE and batch ran before the reset.
    assertThat(run.sql()).hasSize(9);

    HttpRow item = http(run, "GET", "/items/{id}");
    assertThat(item.time().count()).isEqualTo(5);
    assertThat(item.status(2)).isEqualTo(5);
    assertThat(item.bytes()).isEqualTo(5 * "itemN".length());
    assertThat(item.queries()).singleElement()
        .satisfies(q -> assertThat(q.fingerprint()).isEqualTo(fingerprint(BY_ID)));
    assertThat(http(run, "GET", "/items").time().count()).isEqualTo(3);
    assertThat(http(run, "POST", "/items").status(2)).isEqualTo(2);
    assertThat(http(run, "GET", "/tx").queries()).hasSize(6);
    // The admin server's own exchanges are not the app's traffic.
    assertThat(run.http()).hasSize(4);

    assertTraces(run);

    // The inspector connected through the app's own driver: it names H2 and leaves it alone.
    DatabaseSection database = run.section(DatabaseSection.class).orElseThrow();
    assertThat(database.supported()).isFalse();
    assertThat(database.reason()).startsWith("H2 is not inspected");
  }

  /** A statement of a timeline as the tests compare it: fingerprint, rows, items. */
  private static String step(TracesSection.Statement s) {
    return s.fingerprint() + " rows " + s.rows() + (s.items() > 1 ? " items " + s.items() : "");
  }

  private static String step(String sql, long rows) {
    return fingerprint(sql) + " rows " + rows;
  }

  /**
   * Every request of the workload is kept (each route has at most 5), each with the statements it
   * ran in order, their rows read or affected, and a batch's items.
   */
  private static void assertTraces(Snapshot run) {
    TracesSection traces = run.section(TracesSection.class).orElseThrow();
    assertThat(traces.requests()).hasSize(11).allSatisfy(r -> assertThat(r.dropped()).isZero());
    for (int i = 1; i <= 5; i++) {
      String path = "/items/" + i;
      assertThat(traces.requests()).filteredOn(r -> r.path().equals(path)).singleElement().satisfies(r -> {
        assertThat(r.route()).isEqualTo("/items/{id}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.timeline()).extracting(AgentIT::step).containsExactly(step(BY_ID, 1));
      });
    }
    assertThat(traces.requests()).filteredOn(r -> r.method().equals("GET") && r.path().equals("/items"))
        .hasSize(3).allSatisfy(r ->
            assertThat(r.timeline()).extracting(AgentIT::step).containsExactly(step(ALL, 10)));
    assertThat(traces.requests()).filteredOn(r -> r.method().equals("POST")).hasSize(2).allSatisfy(r ->
        assertThat(r.timeline()).extracting(AgentIT::step).containsExactly(step(INSERT, 1)));
    TracesSection.Request tx = traces.requests().stream().filter(r -> r.path().equals("/tx")).findFirst()
        .orElseThrow();
    assertThat(tx.timeline()).extracting(AgentIT::step).containsExactly(
        step("UPDATE items SET name = 'a' WHERE id = 1", 2) + " items 2",
        step("DELETE FROM items WHERE id = 0", 0),
        step("SELECT id FROM items WHERE id < 4", 3),
        step("COMMIT", 0),
        step("UPDATE items SET id = id WHERE id = 3", 1),
        step("ROLLBACK", 0));
    assertThat(tx.statements()).isEqualTo(6);
  }

  @ParameterizedTest
  @MethodSource("dev.isutools4j.agent.AgentJvm#javas")
  void aPlainAppOnTheJdkHttpServerIsRecorded(String java) throws Exception {
    try (AgentJvm app = AgentJvm.start(java, agentArgs("plain"), Map.of(),
        AgentJvm.classpath(H2), "testapp.HttpServerApp", true, "plain")) {
      assertWorkload(workload(app));
      // JDK 25 warned of Byte Buddy's sun.misc.Unsafe probe, and both of class data sharing
      // switched off by a bootstrap class path the agent appended to.
      assertThat(app.output()).as("the app's output under the agent").doesNotContainIgnoringCase("warning");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.isutools4j.agent.AgentJvm#javas")
  void theProfilerLoadsWithNothingOnTheAppsOutput(String java) throws Exception {
    try (AgentJvm app = AgentJvm.startProfiled(java, agentArgs("profiled"), AgentJvm.classpath(H2),
        "testapp.HttpServerApp", "plain")) {
      Snapshot run = workload(app);
      ProfileSection profile = run.section(ProfileSection.class).orElseThrow();
      assertThat(profile.engine()).isEqualTo("async-profiler");
      assertThat(profile.error()).as("the profile's error").isNull();
      // JDK 24 and later warn of a native library loaded from an unnamed module (the profiler's).
      assertThat(app.output()).as("the app's output under the agent, profiled")
          .doesNotContainIgnoringCase("warning");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.isutools4j.agent.AgentJvm#javas")
  void hikariInFrontOfTheDriverCountsOnce(String java) throws Exception {
    try (AgentJvm app = AgentJvm.start(java, agentArgs("hikari"), Map.of(),
        AgentJvm.classpath(H2, HIKARI, SLF4J), "testapp.HttpServerApp", true,
        "hikari")) {
      assertWorkload(workload(app));
    }
  }

  @Test
  void theUrlPrefixWithTheAgentCountsOnce() throws Exception {
    // The jdbc:isutools: driver comes from the agent jar itself: the app's class path lacks the library.
    try (AgentJvm app = AgentJvm.start(AgentJvm.defaultJava(), agentArgs("url"), Map.of(),
        AgentJvm.classpath(H2, HIKARI, SLF4J), "testapp.HttpServerApp", true,
        "hikari-isutools-url")) {
      assertWorkload(workload(app));
    }
    try (AgentJvm app = AgentJvm.start(AgentJvm.defaultJava(), agentArgs("url"), Map.of(),
        AgentJvm.classpath(H2), "testapp.HttpServerApp", true, "isutools-url")) {
      assertWorkload(workload(app));
    }
  }

  @Test
  void anAppWithItsOwnByteBuddyRunsUnharmed() throws Exception {
    try (AgentJvm app = AgentJvm.start(AgentJvm.defaultJava(), agentArgs("bytebuddy"), Map.of(),
        AgentJvm.classpath(H2, AgentJvm.appByteBuddy()), "testapp.ByteBuddyApp", true, "plain")) {
      assertThat(app.output()).contains("BYTEBUDDY byte-buddy-1.14.12.jar made by the app");
      assertWorkload(workload(app));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.isutools4j.agent.AgentJvm#javas")
  void aServletAppGetsItsRouteTemplatesStatusAndBytes(String java) throws Exception {
    assertServletApp(java, "testapp.ServletApp", AgentJvm.classpath(H2, TOMCAT, TOMCAT_ANNOTATIONS));
  }

  @ParameterizedTest
  @MethodSource("dev.isutools4j.agent.AgentJvm#javas")
  void aJavaxServletAppOnTomcat9IsRecordedTheSame(String java) throws Exception {
    assertServletApp(java, "testapp.JavaxServletApp", AgentJvm.classpath(AgentJvm.appTomcat9(H2)));
  }

  /**
   * Tomcat's own error report (the apps have no error page) is written after the filter chain
   * returned: the bytes recorded are still the body bytes the client received.
   */
  private static void assertServletApp(String java, String mainClass, String classpath) throws Exception {
    Path base = history("tomcat");
    try (AgentJvm app = AgentJvm.start(java, agentArgs("servlet"), Map.of(), classpath, mainClass,
        true, base.toString())) {
      assertThat(app.admin("POST", "/reset").statusCode()).isEqualTo(204);
      long received = 0;
      // One browser's session, by the container's session cookie, for the user flow.
      String session = "theme=dark; JSESSIONID=7FA3B767C460B54A2BE4D49030B349C7";
      for (int i = 1; i <= 4; i++) {
        HttpResponse<String> response = app.appWithCookie("/items/" + i
            + (i == 2 ? "?token=abc&x=1" : ""), session);
        assertThat(response.body()).isEqualTo("item" + i);
        received += bodyBytes(response);
      }
      HttpResponse<String> failed = app.appWithCookie("/items/x", session);
      assertThat(failed.statusCode()).isEqualTo(500);
      assertThat(failed.body()).contains("NumberFormatException");
      received += bodyBytes(failed);
      long unmatched = 0;
      for (String path : new String[] {"/no/such/12", "/no/such/345"}) {
        HttpResponse<String> response = app.app("GET", path);
        assertThat(response.statusCode()).isEqualTo(404);
        unmatched += bodyBytes(response);
      }
      Snapshot run = app.save();
      HttpRow item = http(run, "GET", "/items/{id}");
      assertThat(item.time().count()).isEqualTo(5);
      assertThat(item.status(2)).isEqualTo(4);
      assertThat(item.status(5)).isEqualTo(1);
      assertThat(item.bytes()).isEqualTo(received);
      assertThat(item.queries()).singleElement()
          .satisfies(q -> assertThat(q.count()).isEqualTo(4));
      assertThat(sql(run, BY_ID).time().count()).isEqualTo(4);
      // A catch-all pattern is no route: the path is named by its shape, as in an access log.
      HttpRow none = http(run, "GET", "/no/such/{id}");
      assertThat(none.time().count()).isEqualTo(2);
      assertThat(none.status(4)).isEqualTo(2);
      assertThat(unmatched).isPositive();
      assertThat(none.bytes()).isEqualTo(unmatched);
      assertThat(run.http()).hasSize(2);
      // Each request kept with its timeline; the query string read from Tomcat's own request at
      // the exchange's end, its secret masked.
      TracesSection traces = run.section(TracesSection.class).orElseThrow();
      assertThat(traces.requests()).extracting(TracesSection.Request::path).containsExactlyInAnyOrder(
          "/items/1", "/items/2?token=***&x=1", "/items/3", "/items/4", "/items/x", "/no/such/12",
          "/no/such/345");
      assertThat(traces.requests()).filteredOn(r -> r.status() == 200).hasSize(4).allSatisfy(r ->
          assertThat(r.timeline()).extracting(AgentIT::step).containsExactly(step(BY_ID, 1)));
      assertThat(traces.requests()).filteredOn(r -> r.status() >= 400).hasSize(3)
          .allSatisfy(r -> assertThat(r.timeline()).isEmpty());
      FlowSection flow = run.section(FlowSection.class).orElseThrow();
      assertThat(flow.sessions()).isEqualTo(1);
      assertThat(flow.withoutSession()).as("the unmatched paths, sent without the cookie").isEqualTo(2);
      assertThat(flow.transitions()).extracting(t -> t.from() + " → " + t.to() + " " + t.status() + " ×" + t.count())
          .containsExactly("GET /items/{id} → GET /items/{id} 200 ×3", "GET /items/{id} → GET /items/{id} 500 ×1");
      assertThat(app.output()).doesNotContain("could not instrument");
    }
  }

  /** The body's length on the wire: Content-Length when sent, else the body in its charset. */
  private static long bodyBytes(HttpResponse<String> response) {
    return response.headers().firstValueAsLong("Content-Length")
        .orElse(response.body().getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void offLeavesTheAppAlone() throws Exception {
    for (var off : new Object[][] {{"off", Map.<String, String>of()},
        {agentArgs("off"), Map.of("ISUTOOLS", "off")}}) {
      @SuppressWarnings("unchecked")
      Map<String, String> env = (Map<String, String>) off[1];
      try (AgentJvm app = AgentJvm.start(AgentJvm.defaultJava(), (String) off[0], env,
          AgentJvm.classpath(H2), "testapp.HttpServerApp", false, "plain")) {
        assertThat(app.app("GET", "/items/1").body()).isEqualTo("item1");
        Thread.sleep(500);
        assertThat(app.output()).contains("isutools4j agent: off").doesNotContain("admin server on");
      }
    }
  }
}
