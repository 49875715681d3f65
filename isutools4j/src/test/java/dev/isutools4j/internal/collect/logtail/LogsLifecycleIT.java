package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.RunPage;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.NginxServer;
import dev.isutools4j.testing.Requirements;
import java.io.OutputStream;
import java.net.InetSocketAddress;
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
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run saved through RunLifecycle with both log collectors on live files: a real nginx in front
 * of a backend that queries a real MariaDB. What happened before reset stays out of the sections.
 */
class LogsLifecycleIT {

  @TempDir Path dir;
  private MariaDbServer server;
  private MariaDbServer.Database db;
  private Connection backendDb;
  private HttpServer backend;
  private NginxServer nginx;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    Path binary = Requirements.nginx();
    server = Requirements.mariaDb();
    db = server.createUniqueDatabase("lifecycle");
    // MariaDB copies slow_query_log into each session when it connects: switch it on first.
    try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
      s.execute("SET GLOBAL slow_query_log = 1");
    }
    backendDb = db.connect();
    try (Statement s = backendDb.createStatement()) {
      s.execute("CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(32))");
      s.execute("INSERT INTO users SELECT seq, CONCAT('u', seq) FROM seq_1_to_100");
      s.execute("SET SESSION long_query_time = 0");
    }
    backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    backend.createContext("/api/users/", exchange -> {
      String id = exchange.getRequestURI().getPath().substring("/api/users/".length());
      String name = "";
      synchronized (backendDb) {
        try (Statement s = backendDb.createStatement();
            ResultSet rs = s.executeQuery("SELECT name FROM users WHERE id = " + Integer.parseInt(id))) {
          name = rs.next() ? rs.getString(1) : "";
        } catch (Exception e) {
          name = e.toString();
        }
      }
      byte[] body = name.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    backend.start();
    nginx = NginxServer.start(binary, Files.createDirectories(dir.resolve("nginx")), """
          log_format ltsv "method:$request_method\\turi:$request_uri\\tstatus:$status"
              "\\tsize:$body_bytes_sent\\treqtime:$request_time\\tapptime:$upstream_response_time";
          access_log {{DIR}}/access.log ltsv;
          server {
            listen 127.0.0.1:{{PORT}};
            location /api/ { proxy_pass http://127.0.0.1:%d; }
            location /static/ { return 200 "static"; }
          }
        """.formatted(backend.getAddress().getPort()));
  }

  @AfterEach
  void stop() throws Exception {
    if (nginx != null) {
      nginx.close();
    }
    if (backend != null) {
      backend.stop(0);
    }
    if (server != null) {
      try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
        s.execute("SET GLOBAL slow_query_log = 0");
      }
    }
    if (backendDb != null) {
      backendDb.close();
    }
  }

  private void get(String path) throws Exception {
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + nginx.port() + path)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
  }

  private static void awaitLines(Path file, long n) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while ((Files.exists(file) ? Files.readAllLines(file).size() : 0) < n && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  /**
   * MariaDB answers the client before it writes the statement's slow log entry, so an answered
   * query may reach the log a moment later: wait until it holds {@code n} entries with this text.
   */
  private static void awaitEntries(Path slow, String text, long n) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (entries(slow, text) < n && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private static long entries(Path slow, String text) throws Exception {
    if (!Files.exists(slow)) {
      return 0;
    }
    String log = Files.readString(slow, StandardCharsets.ISO_8859_1);
    return log.split(java.util.regex.Pattern.quote(text), -1).length - 1;
  }

  @Test
  void theSavedRunHoldsOnlyWhatItsRunAppended() throws Exception {
    Path access = nginx.dir().resolve("access.log");
    String query = "SELECT name FROM users WHERE id = ";
    long earlier = entries(server.slowLog(), query); // the server's log is shared with other tests
    for (int i = 1; i <= 3; i++) {
      get("/api/users/" + i); // before reset: left out
    }
    awaitLines(access, 3);
    awaitEntries(server.slowLog(), query, earlier + 3);
    Settings settings = Settings.of(Map.of("isutools.access.log", access.toString(),
        "isutools.slow.log", server.slowLog().toString()));
    RunStore store = new RunStore(dir.resolve("history"), RunPage::standalone);
    RunLifecycle lifecycle = new RunLifecycle(store,
        List.of(new AccessLogCollector(settings), new SlowLogCollector(settings)),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    String id = lifecycle.reset().id();
    for (int i = 10; i < 20; i++) {
      get("/api/users/" + i);
    }
    get("/static/app.css");
    get("/static/app.css");
    awaitLines(access, 3 + 12);
    awaitEntries(server.slowLog(), query, earlier + 13);
    lifecycle.save(1000L, true, "logs");

    Snapshot saved = store.read(id).orElseThrow();
    Fields accessLog = AccessLogCollectorTest.json(saved.section(AccessLogSection.class).orElseThrow());
    assertThat(accessLog.longValue("requests")).isEqualTo(12);
    Map<String, Long> routes = new HashMap<>();
    accessLog.fieldsList("rows").forEach(r -> routes.put(r.string("method") + " " + r.string("route"),
        r.longValue("count")));
    assertThat(routes).isEqualTo(Map.of("GET /api/users/{id}", 10L, "GET /static/app.css", 2L));
    assertThat(accessLog.raw("notes")).isEqualTo(List.of());

    Fields slowLog = SlowLogCollectorTest.json(saved.section(SlowLogSection.class).orElseThrow());
    Map<String, Long> fingerprints = new HashMap<>();
    slowLog.fieldsList("rows").forEach(r -> fingerprints.put(r.string("fingerprint"), r.longValue("count")));
    assertThat(fingerprints).containsEntry(Fingerprint.of("SELECT name FROM users WHERE id = 1"), 10L);
    assertThat(slowLog.longValue("entries")).isEqualTo(10);

    String page = Files.readString(store.page(id).orElseThrow());
    assertThat(page).contains("<h2 id=\"h-access-log\">", "<h2 id=\"h-slow-log\">",
        "select name from users where id = ?");
  }
}
