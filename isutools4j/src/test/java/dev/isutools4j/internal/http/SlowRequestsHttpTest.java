package dev.isutools4j.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.testing.AnsweredAfterRecording;
import dev.isutools4j.testing.TestRuns;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
 * A real com.sun.net.httpserver server with {@code Isutools.httpServerFilter()} over H2 through
 * the {@code jdbc:isutools:} driver: each kept request carries its statements in the order they
 * ran, with the rows read from their result sets, its path with the query string (secrets masked),
 * its status and bytes.
 */
class SlowRequestsHttpTest {

  private static final String POSTS = "SELECT id FROM posts ORDER BY id";
  private static final String COMMENTS = "SELECT body FROM comments WHERE post_id = ?";
  private static final String LOG = "INSERT INTO log (what) VALUES ('page')";
  private static HttpServer server;
  private static Connection db;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    db = DriverManager.getConnection("jdbc:isutools:h2:mem:slowrequests;MODE=MySQL;DB_CLOSE_DELAY=-1");
    try (Statement s = db.createStatement()) {
      s.execute("CREATE TABLE posts (id INT PRIMARY KEY)");
      s.execute("CREATE TABLE comments (id INT PRIMARY KEY, post_id INT, body VARCHAR(100))");
      s.execute("CREATE TABLE log (what VARCHAR(10))");
      s.execute("INSERT INTO posts VALUES (1), (2), (3)");
      // Post i has i comments.
      s.execute("INSERT INTO comments VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 2, 'c'), (4, 3, 'd'), (5, 3, 'e'), (6, 3, 'f')");
    }
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/posts", SlowRequestsHttpTest::posts).getFilters().addAll(
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

  /** GET /posts: the posts, then each one's comments while the posts are read (N+1), then a log line. */
  private static synchronized void posts(HttpExchange exchange) throws IOException {
    try {
      int comments = 0;
      try (Statement s = db.createStatement(); ResultSet posts = s.executeQuery(POSTS)) {
        while (posts.next()) {
          try (PreparedStatement ps = db.prepareStatement(COMMENTS)) {
            ps.setInt(1, posts.getInt(1));
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                comments++;
              }
            }
          }
        }
      }
      try (Statement s = db.createStatement()) {
        s.executeUpdate(LOG);
      }
      send(exchange, 200, comments + " comments");
    } catch (SQLException e) {
      send(exchange, 500, e.toString());
    }
  }

  private static void send(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    AnsweredAfterRecording.answer(exchange, status, bytes);
  }

  private static void get(String pathAndQuery) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery);
    assertThat(CLIENT.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
        .statusCode()).isEqualTo(200);
  }

  @Test
  void aKeptRequestListsItsStatementsInOrderWithTheirRows() throws Exception {
    get("/posts?page=2&password=hunter2");
    Recorder recorder = Recording.recorder();
    TracesSection section = recorder.slowRequests().section(recorder.keys());

    assertThat(section.requests()).hasSize(1);
    Request r = section.requests().get(0);
    assertThat(r.method()).isEqualTo("GET");
    assertThat(r.route()).isEqualTo("/posts");
    assertThat(r.path()).isEqualTo("/posts?page=2&password=***");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.bytes()).isEqualTo("6 comments".length());
    assertThat(r.top()).isTrue();
    assertThat(r.statements()).isEqualTo(5);
    assertThat(r.dropped()).isZero();
    assertThat(r.timeline()).extracting(TracesSection.Statement::fingerprint, TracesSection.Statement::rows, TracesSection.Statement::sample).containsExactly(
        tuple(Fingerprint.of(POSTS), 3L, POSTS),
        tuple(Fingerprint.of(COMMENTS), 1L, "SELECT body FROM comments WHERE post_id = 1"),
        tuple(Fingerprint.of(COMMENTS), 2L, null),
        tuple(Fingerprint.of(COMMENTS), 3L, null),
        tuple(Fingerprint.of(LOG), 1L, LOG));
    // In order on the request's own clock, each within the request.
    for (int i = 1; i < r.timeline().size(); i++) {
      assertThat(r.timeline().get(i).startMs()).isGreaterThanOrEqualTo(r.timeline().get(i - 1).endMs());
    }
    assertThat(r.timeline().get(r.timeline().size() - 1).endMs()).isLessThanOrEqualTo(r.totalMs());
    assertThat(r.sqlMs()).isEqualTo(r.timeline().stream().mapToDouble(TracesSection.Statement::durationMs).sum(),
        org.assertj.core.data.Offset.offset(1e-9));
  }
}
