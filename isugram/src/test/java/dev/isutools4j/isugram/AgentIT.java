package dev.isutools4j.isugram;

import static dev.isutools4j.isugram.IsugramJvm.freePort;
import static dev.isutools4j.isugram.IsugramJvm.jar;
import static dev.isutools4j.isugram.IsugramJvm.java;
import static dev.isutools4j.isugram.IsugramJvm.links;
import static dev.isutools4j.isugram.IsugramJvm.send;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.snapshot.TracesSection;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * isugram measured two ways for the same request sequence: with the library (its {@code
 * jdbc:isutools:} URL and servlet filter) and plain under {@code -javaagent}, on this JDK and on
 * JDK 25 where it is installed. The two runs must have the same fingerprints, routes, counts and
 * bytes, the same slowest requests with the same statements in order, the same user flow, and
 * the bytes of error responses (Spring Boot's {@code /error} page) must be what the client
 * received.
 */
class AgentIT {

  private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER).build();

  private static Path work;
  private static Path data;

  @BeforeAll
  static void load() throws Exception {
    work = Files.createDirectories(Path.of("target", "agent-it"));
    data = Files.createTempDirectory(work, "data");
    Process load = new ProcessBuilder(java(), "-jar", jar("isugram.jar").toString(), "load",
        "--data-dir", data.toString(), "--scale", "0.01")
        .redirectErrorStream(true).redirectOutput(work.resolve("load.log").toFile()).start();
    assertThat(load.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(load.exitValue()).as("isugram load, see " + work.resolve("load.log")).isZero();
  }

  /** A saved run, and the body bytes the client received for each error route of the sequence. */
  private record Run(Snapshot snapshot, Map<String, Long> errorBytes) {}

  @Test
  void theAgentRecordsWhatTheLibraryRecords() throws Exception {
    Run libraryRun = run(java(), false);
    assertErrorResponses(libraryRun);
    Map<String, String> library = summary(libraryRun.snapshot());
    assertThat(library.keySet()).anyMatch(k -> k.startsWith("sql ")).anyMatch(k -> k.startsWith("http GET /posts/{id}"))
        .anyMatch(k -> k.contains(" query "))
        .anyMatch(k -> k.equals("trace GET /posts?max_created_at=yesterday"))
        .anyMatch(k -> k.equals("trace GET /"));
    assertThat(library).containsEntry("flow POST /login → GET /login 200", "count 1")
        .hasEntrySatisfying("flow", line -> assertThat(line).startsWith("sessions 2, requests 3,"));
    Run agentRun = run(java(), true);
    assertErrorResponses(agentRun);
    assertThat(summary(agentRun.snapshot())).isEqualTo(library);
    if (Files.isExecutable(JDK25)) {
      Run jdk25 = run(JDK25.toString(), true);
      assertErrorResponses(jdk25);
      assertThat(summary(jdk25.snapshot())).isEqualTo(library);
    } else {
      System.out.println("AgentIT: no JDK 25 at " + JDK25 + "; the agent ran on this JDK only");
    }
  }

  /**
   * Error responses carry the bytes the client received (the body Spring Boot's error page wrote
   * after the request's dispatch), and a path outside the app's routes is named by its shape, not
   * by the resource handler's catch-all {@code /**}.
   */
  private static void assertErrorResponses(Run run) {
    assertThat(run.errorBytes()).containsOnlyKeys("GET /no/such/{id}", "GET /posts")
        .allSatisfy((route, bytes) -> assertThat(bytes).as(route).isPositive());
    run.errorBytes().forEach((route, bytes) -> {
      HttpRow row = run.snapshot().http().stream().filter(r -> (r.method() + " " + r.route()).equals(route))
          .findFirst().orElseThrow(() -> new AssertionError(route + " not in " + run.snapshot().http()));
      assertThat(row.bytes()).as(route + ": the bytes the client received").isEqualTo(bytes);
      assertThat(row.status(4)).as(route).isEqualTo(row.time().count());
    });
    assertThat(run.snapshot().http()).extracting(HttpRow::route)
        .contains("/no-such-page").doesNotContain("/**").noneMatch(r -> r.startsWith("/error"));
  }

  /** Serves isugram, sends the fixed sequence between reset and save, and returns the run. */
  private static Run run(String java, boolean agent) throws Exception {
    int port = freePort();
    String admin = "127.0.0.1:" + freePort();
    List<String> command = new ArrayList<>(List.of(java));
    if (agent) {
      command.add("-javaagent:" + jar("isutools4j-agent.jar"));
    }
    command.addAll(List.of("-jar", jar("isugram.jar").toString(), "serve", "--data-dir", data.toString(),
        "--port", String.valueOf(port), "--tuning", "0"));
    if (agent) {
      command.addAll(List.of("--integration", "none"));
    }
    Path log = Files.createTempFile(work, agent ? "agent" : "library", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(Map.of("ISUTOOLS_ADDR", admin, "ISUTOOLS_PROFILE", "off",
        "ISUTOOLS_DIR", Files.createTempDirectory(work, "history").toString()));
    Process app = builder.start();
    try {
      IsugramJvm.awaitUp(app, log, "http://127.0.0.1:" + port);
      String base = "http://127.0.0.1:" + port;
      assertThat(send("POST", "http://" + admin + "/reset").statusCode()).isEqualTo(204);
      Map<String, Long> errorBytes = sequence(base);
      HttpResponse<String> saved = send("POST", "http://" + admin + "/save?score=1");
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
      assertThat(file.find()).isTrue();
      assertThat(Files.readString(log)).doesNotContain("could not instrument");
      return new Run(SnapshotJson.read(Files.readString(Path.of(file.group(1)))), errorBytes);
    } finally {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
    }
  }

  /**
   * The same requests whatever the integration: the data are the same, so are the links. Returns
   * the body bytes received per route of the error responses: paths no route matches (404) and a
   * malformed query parameter (400), each answered by Spring Boot's error page.
   */
  private static Map<String, Long> sequence(String base) throws Exception {
    String index = send("GET", base + "/").body();
    List<String> posts = links(index, "href=\"(/posts/\\d+)\"", 5);
    List<String> users = links(index, "href=\"(/@[A-Za-z0-9_]+)\"", 3);
    List<String> images = links(index, "src=\"(/image/\\d+\\.[a-z]+)\"", 3);
    assertThat(posts).hasSize(5);
    assertThat(users).isNotEmpty();
    assertThat(images).isNotEmpty();
    for (String path : concat(posts, users, images, List.of("/login", "/", "/no-such-page"))) {
      send("GET", base + path);
    }
    HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/login"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString("account_name=nobody&password=wrong")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(login.statusCode()).isEqualTo(302);
    // A browser's session: its failed login is given the session cookie (for the flash), which the
    // login page it is sent back to then reads.
    HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
        .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build();
    HttpResponse<String> failed = browser.send(HttpRequest.newBuilder(URI.create(base + "/login"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString("account_name=nobody&password=wrong")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(failed.statusCode()).isEqualTo(302);
    HttpResponse<String> again = browser.send(HttpRequest.newBuilder(URI.create(base + "/login")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(again.body()).contains("notice-message");
    Map<String, Long> errorBytes = new TreeMap<>();
    for (String[] error : new String[][] {{"/no/such/123", "GET /no/such/{id}", "404"},
        {"/no/such/4567", "GET /no/such/{id}", "404"}, {"/posts?max_created_at=yesterday", "GET /posts", "400"}}) {
      HttpResponse<byte[]> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + error[0])).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      assertThat(response.statusCode()).as(error[0]).isEqualTo(Integer.parseInt(error[2]));
      errorBytes.merge(error[1], (long) response.body().length, Long::sum);
    }
    return errorBytes;
  }

  /** What both integrations must agree on, one line per key. */
  private static Map<String, String> summary(Snapshot run) {
    Map<String, String> out = new TreeMap<>();
    FlowSection flow = run.section(FlowSection.class).orElseThrow(() -> new AssertionError("no flow section"));
    out.put("flow", "sessions " + flow.sessions() + ", requests " + flow.requests() + ", without a session "
        + flow.withoutSession() + ", entries " + flow.entries() + ", exits " + flow.exits());
    for (FlowSection.Transition t : flow.transitions()) {
      out.put("flow " + t.from() + " → " + t.to() + " " + t.status(), "count " + t.count());
    }
    for (SqlRow r : run.sql()) {
      out.put("sql " + r.fingerprint(), "count " + r.time().count() + ", rows " + r.rows()
          + ", errors " + r.errors() + ", batches " + r.batches());
    }
    for (HttpRow r : run.http()) {
      String route = "http " + r.method() + " " + r.route();
      out.put(route, "count " + r.time().count() + ", status " + Arrays.toString(r.status())
          + ", bytes " + r.bytes() + ", max queries per request " + r.maxQueriesPerRequest()
          + ", N+1 " + r.nPlusOne());
      for (RouteQuery q : r.queries()) {
        out.put(route + " query " + q.fingerprint(), "count " + q.count() + ", requests " + q.requests()
            + ", max per request " + q.maxPerRequest());
      }
    }
    // Every request of the sequence is kept (fewer than the run's 100 slowest), with its path, query
    // string included, its status and its statements in order with their rows.
    Map<String, List<String>> traces = new TreeMap<>();
    for (TracesSection.Request r : run.section(TracesSection.class).orElseThrow().requests()) {
      StringBuilder timeline = new StringBuilder("status " + r.status() + ", route " + r.route() + ":");
      for (TracesSection.Statement st : r.timeline()) {
        timeline.append(" ").append(st.fingerprint()).append(" (rows ").append(st.rows()).append(");");
      }
      traces.computeIfAbsent("trace " + r.method() + " " + r.path(), k -> new ArrayList<>()).add(timeline.toString());
    }
    traces.forEach((request, timelines) -> out.put(request, String.join("\n", timelines.stream().sorted().toList())));
    return out;
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    List<String> all = new ArrayList<>();
    for (List<String> l : lists) {
      all.addAll(l);
    }
    return all;
  }

}
