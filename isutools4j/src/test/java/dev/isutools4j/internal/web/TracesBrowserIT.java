package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.collect.traces.TracesCollector;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.AnsweredAfterRecording;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The run page's slowest requests in a real browser, recorded from an app on the JDK's HTTP server
 * with the library's filter over H2: a request opens on a click into its timeline, whose bars stand
 * on the request's time axis, one per statement, in the order the statements ran.
 */
class TracesBrowserIT {

  private static final int TAGS = 25;

  @TempDir
  Path dir;

  private HttpServer app;
  private Connection db;
  private AdminServer admin;
  private RunLifecycle lifecycle;
  private Chromium chromium;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    db = DriverManager.getConnection("jdbc:isutools:h2:mem:tracesbrowser;MODE=MySQL;DB_CLOSE_DELAY=-1");
    try (Statement s = db.createStatement()) {
      s.execute("CREATE TABLE items (id INT PRIMARY KEY)");
      s.execute("CREATE TABLE tags (item_id INT, tag VARCHAR(20))");
      for (int i = 1; i <= TAGS; i++) {
        s.execute("INSERT INTO items VALUES (" + i + ")");
        s.execute("INSERT INTO tags VALUES (" + i + ", 'tag" + i + "')");
      }
    }
    app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    app.createContext("/items", this::items).getFilters()
        .addAll(List.of(new AnsweredAfterRecording(), Isutools.httpServerFilter()));
    app.start();
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0", "isutools.dir", dir.toString()));
    lifecycle = new RunLifecycle(new RunStore(dir, RunPage::standalone), List.of(new TracesCollector()),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    admin = AdminServer.start(settings, lifecycle);
    chromium = Chromium.start(dir);
  }

  @AfterEach
  void stop() throws Exception {
    if (chromium != null) {
      chromium.close();
    }
    if (admin != null) {
      admin.stop();
    }
    if (app != null) {
      app.stop(0);
    }
    if (db != null) {
      db.close();
    }
  }

  /** GET /items?n=N: the first N items, then each one's tags (N+1 on purpose). */
  private synchronized void items(HttpExchange exchange) throws IOException {
    int n = Integer.parseInt(exchange.getRequestURI().getQuery().substring("n=".length()));
    int tags = 0;
    try (PreparedStatement items = db.prepareStatement("SELECT id FROM items ORDER BY id LIMIT ?")) {
      items.setInt(1, n);
      try (ResultSet rs = items.executeQuery()) {
        while (rs.next()) {
          try (PreparedStatement tag = db.prepareStatement("SELECT tag FROM tags WHERE item_id = ?")) {
            tag.setInt(1, rs.getInt(1));
            try (ResultSet t = tag.executeQuery()) {
              while (t.next()) {
                tags++;
              }
            }
          }
        }
      }
    } catch (SQLException e) {
      throw new IOException(e);
    }
    byte[] body = (tags + " tags").getBytes(StandardCharsets.UTF_8);
    AnsweredAfterRecording.answer(exchange, 200, body);
  }

  private void get(String path) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + app.getAddress().getPort() + path);
    assertThat(HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
        HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
  }

  @Test
  void aTraceOpensIntoItsTimelineBars() throws Exception {
    lifecycle.reset();
    get("/items?n=" + TAGS);
    for (int i = 0; i < 3; i++) {
      get("/items?n=1");
    }
    RunLifecycle.Saved saved = lifecycle.save(null, null, null, null);

    chromium.open("http://127.0.0.1:" + admin.address().getPort() + "/runs/" + saved.id(), "traces-closed");
    // The N+1 request is the slowest; closed, its timeline is not shown.
    WebElement trace = chromium.driver.findElement(By.cssSelector("#traces-top details.trace"));
    assertThat(trace.findElement(By.cssSelector("summary .trace-path")).getText()).isEqualTo("GET /items?n=" + TAGS);
    WebElement timeline = trace.findElement(By.cssSelector("table.timeline"));
    assertThat(timeline.isDisplayed()).isFalse();
    assertThat(trace.findElement(By.cssSelector("summary svg.tbar.overview")).isDisplayed())
        .as("the request at a glance, closed").isTrue();

    trace.findElement(By.tagName("summary")).click();
    assertThat(Chromium.eventually(timeline::isDisplayed)).as("the timeline opened").isTrue();
    chromium.script("arguments[0].scrollIntoView();", trace);
    chromium.screenshot("traces-open");
    assertThat(trace.getAttribute("open")).isNotNull();

    // The items query, then the tags queries in one line with their count.
    List<WebElement> lines = timeline.findElements(By.cssSelector("tbody tr.tline"));
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0).getText()).contains("select id from items order by id limit ?");
    assertThat(lines.get(1).getText()).contains("× " + TAGS, "select tag from tags where item_id = ?");
    // One bar per statement, each drawn with a width, in the order they ran along the axis.
    List<WebElement> bars = timeline.findElements(By.cssSelector("svg.tbar rect:not(.axis)"));
    assertThat(bars).hasSize(1 + TAGS);
    double previous = -1;
    for (WebElement bar : bars) {
      assertThat(bar.isDisplayed()).isTrue();
      // Drawn: a box of its own on the screen, however short the statement.
      assertThat(((Number) chromium.script("return arguments[0].getBoundingClientRect().width;", bar))
          .doubleValue()).isPositive();
      assertThat(bar.getRect().getHeight()).isPositive();
      double x = Double.parseDouble(bar.getAttribute("x"));
      assertThat(x).isGreaterThanOrEqualTo(previous);
      previous = x;
    }
    WebElement axis = lines.get(1).findElement(By.cssSelector("svg.tbar rect.axis"));
    WebElement lastBar = bars.get(bars.size() - 1);
    assertThat(lastBar.getRect().getX() + lastBar.getRect().getWidth())
        .as("on the request's axis").isLessThanOrEqualTo(axis.getRect().getX() + axis.getRect().getWidth() + 1);
    assertThat(chromium.consoleErrors()).as("console errors").isEmpty();
  }
}
