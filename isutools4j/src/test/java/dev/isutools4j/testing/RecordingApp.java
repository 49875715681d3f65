package dev.isutools4j.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.boot.Bootstrap;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;

/**
 * A small app the library records, run in a JVM of its own ({@link AppProcess}): the JDK's HTTP
 * server with the library's filter, an H2 database behind the {@code jdbc:isutools:} driver, and
 * the library's admin server. Prints {@code ready admin=PORT app=PORT} once both listen.
 *
 * <ul>
 *   <li>{@code GET /q?who=NAME&n=K}: runs {@code SELECT v AS who_NAME FROM marker WHERE id = ?}
 *       K times (one fingerprint per NAME), answers {@code K}</li>
 *   <li>{@code GET /spread?kinds=N}: runs N statements of N distinct fingerprints, which makes the
 *       run's JSON big</li>
 *   <li>{@code GET /spin?ms=N}: keeps a CPU busy for N ms, for the profile</li>
 * </ul>
 */
public final class RecordingApp {

  private static final Pattern NAME = Pattern.compile("[a-z0-9_]{1,32}");
  private static final String URL = "jdbc:isutools:h2:mem:app;DB_CLOSE_DELAY=-1;MODE=MySQL";

  private static final ThreadLocal<Connection> CONNECTION = ThreadLocal.withInitial(() -> {
    try {
      return DriverManager.getConnection(URL);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  });

  private RecordingApp() {}

  public static void main(String[] args) throws Exception {
    try (Connection setup = DriverManager.getConnection(URL); Statement s = setup.createStatement()) {
      s.execute("CREATE TABLE marker (id INT PRIMARY KEY, v VARCHAR(16))");
      for (int i = 0; i < 16; i++) {
        s.execute("INSERT INTO marker VALUES (" + i + ", 'v" + i + "')");
      }
    }
    HttpServer app = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
        256);
    ExecutorService threads = Executors.newFixedThreadPool(16);
    app.setExecutor(threads);
    // The answer completes once the request is recorded: a saver that has it finds it in the run.
    app.createContext("/", RecordingApp::handle).getFilters()
        .addAll(List.of(new AnsweredAfterRecording(), Isutools.httpServerFilter()));
    app.start();
    InetSocketAddress admin = Bootstrap.adminAddress();
    System.out.println("ready admin=" + admin.getPort() + " app=" + app.getAddress().getPort());
    System.out.flush();
    Thread.currentThread().join(); // serves until killed
  }

  /** Answers; the exchange is closed by {@link AnsweredAfterRecording}, after the recording. */
  private static void handle(HttpExchange exchange) throws IOException {
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    String answer;
    try {
      answer = switch (exchange.getRequestURI().getPath()) {
        case "/q" -> String.valueOf(marker(query.get("who"), Integer.parseInt(query.get("n"))));
        case "/spread" -> String.valueOf(spread(Integer.parseInt(query.get("kinds"))));
        case "/spin" -> String.valueOf(spin(Long.parseLong(query.get("ms"))));
        default -> null;
      };
    } catch (RuntimeException | SQLException e) {
      reply(exchange, 500, e.toString());
      return;
    }
    if (answer == null) {
      reply(exchange, 404, "no such page");
    } else {
      reply(exchange, 200, answer);
    }
  }

  private static int marker(String who, int n) throws SQLException {
    if (who == null || !NAME.matcher(who).matches()) {
      throw new IllegalArgumentException("who must match " + NAME);
    }
    try (PreparedStatement ps = CONNECTION.get().prepareStatement(
        "SELECT v AS who_" + who + " FROM marker WHERE id = ?")) {
      for (int i = 0; i < n; i++) {
        ps.setInt(1, i % 16);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
        }
      }
    }
    return n;
  }

  private static int spread(int kinds) throws SQLException {
    try (Statement s = CONNECTION.get().createStatement()) {
      for (int i = 0; i < kinds; i++) {
        try (ResultSet rs = s.executeQuery("SELECT v AS kind_" + i + " FROM marker WHERE id = 1")) {
          rs.next();
        }
      }
    }
    return kinds;
  }

  private static long spin(long ms) {
    long end = System.nanoTime() + ms * 1_000_000;
    long sum = 0;
    while (System.nanoTime() < end) {
      sum += Long.numberOfTrailingZeros(sum + end);
    }
    return sum;
  }

  private static void reply(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = (body + "\n").getBytes(StandardCharsets.UTF_8);
    AnsweredAfterRecording.answer(exchange, status, bytes);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> params = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
    }
    return params;
  }
}
