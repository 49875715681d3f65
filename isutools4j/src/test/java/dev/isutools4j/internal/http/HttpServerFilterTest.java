package dev.isutools4j.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.testing.AnsweredAfterRecording;
import dev.isutools4j.testing.TestRuns;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real com.sun.net.httpserver server with {@code Isutools.httpServerFilter()}: routes collapse,
 * statuses and bytes are counted, and each request's SQL is attributed to its route.
 */
class HttpServerFilterTest {

  private static final String COMMENTS = "SELECT body FROM comments WHERE post_id = ?";
  private static final String POST = "SELECT id, body FROM posts WHERE id = ?";
  private static HttpServer server;
  private static Connection db;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    db = DriverManager.getConnection("jdbc:isutools:h2:mem:httpfilter;MODE=MySQL;DB_CLOSE_DELAY=-1");
    try (Statement s = db.createStatement()) {
      s.execute("CREATE TABLE posts (id INT PRIMARY KEY, body VARCHAR(100))");
      s.execute("CREATE TABLE comments (id INT PRIMARY KEY, post_id INT, body VARCHAR(100))");
      s.execute("INSERT INTO posts VALUES (1, 'one'), (2, 'two')");
    }
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/posts/", HttpServerFilterTest::post).getFilters().addAll(
        List.of(new AnsweredAfterRecording(), Isutools.httpServerFilter()));
    server.start();
  }

  @AfterAll
  static void stop() throws SQLException {
    server.stop(0);
    db.close();
  }

  @BeforeEach
  void freshRun() {
    TestRuns.fresh();
  }

  /** GET /posts/{id}: one query for the post, then one per "comment" (N+1 on purpose). */
  private static synchronized void post(HttpExchange exchange) throws IOException {
    try {
      String id = exchange.getRequestURI().getPath().substring("/posts/".length());
      if (!id.matches("\\d+")) {
        send(exchange, 404, "no such post");
        return;
      }
      String body = null;
      try (PreparedStatement ps = db.prepareStatement(POST)) {
        ps.setInt(1, Integer.parseInt(id));
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            body = rs.getString(2);
          }
        }
      }
      if (body == null) {
        send(exchange, 404, "no such post");
        return;
      }
      for (int i = 0; i < 6; i++) {
        try (PreparedStatement ps = db.prepareStatement(COMMENTS)) {
          ps.setInt(1, i);
          ps.executeQuery().close();
        }
      }
      send(exchange, 200, "post " + body + " ✓");
    } catch (SQLException e) {
      send(exchange, 500, e.toString());
    }
  }

  private static void send(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    AnsweredAfterRecording.answer(exchange, status, bytes);
  }

  private static int get(String path, String... headers) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri);
    if (headers.length > 0) {
      request.headers(headers);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** The advisor's sign that a reverse proxy fronts the app: noted once per run, as by servlets. */
  @Test
  void aProxyHeaderOnAnExchangeIsNotedForTheRun() throws Exception {
    get("/posts/1");
    assertThat(Recording.recorder().proxyHeader()).as("no proxy in front").isNull();
    get("/posts/1", "X-Forwarded-For", "203.0.113.7");
    assertThat(Recording.recorder().proxyHeader()).isEqualTo("X-Forwarded-For");
    get("/posts/2", "X-Real-IP", "203.0.113.7");
    assertThat(Recording.recorder().proxyHeader()).as("the first one seen is kept")
        .isEqualTo("X-Forwarded-For");
    TestRuns.fresh();
    get("/posts/99", "X-Real-IP", "203.0.113.8");
    assertThat(Recording.recorder().proxyHeader()).as("a new run, and a 404 too")
        .isEqualTo("X-Real-IP");
  }

  @Test
  void routesCollapseAndStatusesAreCounted() throws Exception {
    assertThat(get("/posts/1")).isEqualTo(200);
    assertThat(get("/posts/2?utm=x")).isEqualTo(200);
    assertThat(get("/posts/99")).isEqualTo(404);

    HttpRow row = TestRuns.http("GET", "/posts/{id}").orElseThrow();
    assertThat(row.time().count()).isEqualTo(3);
    assertThat(row.status(2)).isEqualTo(2);
    assertThat(row.status(4)).isEqualTo(1);
    assertThat(row.bytes()).isEqualTo(2 * "post one ✓".getBytes(java.nio.charset.StandardCharsets.UTF_8).length
        + "no such post".length());
    assertThat(TestRuns.current().http()).extracting(HttpRow::route).doesNotContain("/posts/2?utm=x");
  }

  @Test
  void eachRequestsQueriesGoToItsRouteAndNPlusOneIsFlagged() throws Exception {
    get("/posts/1");
    get("/posts/2");
    get("/posts/77"); // one query, no comments

    HttpRow row = TestRuns.http("GET", "/posts/{id}").orElseThrow();
    assertThat(row.queriesPerRequest()).isEqualTo((7 + 7 + 1) / 3.0);
    assertThat(row.maxQueriesPerRequest()).isEqualTo(7);
    assertThat(row.nPlusOne()).isTrue();
    RouteQuery comments = row.queries().stream()
        .filter(q -> q.fingerprint().equals(Fingerprint.of(COMMENTS))).findFirst().orElseThrow();
    assertThat(comments.count()).isEqualTo(12);
    assertThat(comments.requests()).isEqualTo(2);
    assertThat(comments.maxPerRequest()).isEqualTo(6);
    assertThat(comments.nPlusOne()).isTrue();
    RouteQuery post = row.queries().stream()
        .filter(q -> q.fingerprint().equals(Fingerprint.of(POST))).findFirst().orElseThrow();
    assertThat(post.count()).isEqualTo(3);
    assertThat(post.maxPerRequest()).isEqualTo(1);
    assertThat(post.nPlusOne()).isFalse();
  }
}
