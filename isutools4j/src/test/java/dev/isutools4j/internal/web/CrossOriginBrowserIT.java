package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * The attacks of a page on another origin, in a real browser (Debian's headless Chromium): a page
 * served from another port of 127.0.0.1 (same site, so the dashboard's SameSite cookie goes along)
 * sends {@code fetch(..., {method: 'POST', mode: 'no-cors'})} to {@code /reset}, submits a form to
 * {@code /save?score=1} and, from a sandboxed frame ({@code Origin: null}), another; a DNS-rebound
 * name is tried too. The open run stays open and unchanged. Then, in the same browser, the
 * dashboard's links, its live updates and a POST from its own page keep working.
 */
class CrossOriginBrowserIT {

  private static final String TOKEN = "br0wser-t0ken";

  @TempDir
  Path dir;

  private AdminServer admin;
  private HttpServer elsewhere;
  private Chromium chromium;
  private final HttpClient client = HttpClient.newHttpClient();
  private String base;
  private String token;

  private void start(String token) throws Exception {
    Chromium.require();
    this.token = token;
    Map<String, String> settings = new HashMap<>(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString()));
    if (token != null) {
      settings.put("isutools.token", token);
    }
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    admin = AdminServer.start(Settings.of(settings), lifecycle);
    base = "http://127.0.0.1:" + admin.address().getPort();
    elsewhere = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    byte[] page = attackPage(base).getBytes(StandardCharsets.UTF_8);
    elsewhere.createContext("/", exchange -> {
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(200, page.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(page);
      }
    });
    elsewhere.start();
    chromium = Chromium.withNetworkLog(dir, "--host-resolver-rules=MAP evil.example 127.0.0.1");
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
    if (elsewhere != null) {
      elsewhere.stop(0);
    }
    if (admin != null) {
      admin.stop();
    }
  }

  /** What a page on another origin can do without reading an answer: three blind POSTs. */
  private static String attackPage(String admin) {
    return """
        <!doctype html><meta charset="utf-8"><title>elsewhere</title>
        <iframe name="sink" id="sink"></iframe>
        <form id="forged" method="POST" action="ADMIN/save?score=1" target="sink">
          <input type="hidden" name="note" value="forged"></form>
        <iframe id="sandboxed" sandbox="allow-forms allow-scripts" srcdoc="<form method=POST
          action='ADMIN/save?score=2'></form><script>document.forms[0].submit()</script>"></iframe>
        <script>
        window.attack = function (done) {
          var blind = function (credentials) {
            return fetch('ADMIN/reset', {method: 'POST', mode: 'no-cors', credentials: credentials})
                .then(function (r) { return r.type; }, function (e) { return 'failed: ' + e; });
          };
          Promise.all([blind('same-origin'), blind('include')]).then(function (results) {
            document.getElementById('forged').submit();
            done(results);
          });
        };
        </script>
        """.replace("ADMIN", admin);
  }

  private HttpResponse<String> api(String method, String path) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
        .timeout(Duration.ofSeconds(30))
        .method(method, HttpRequest.BodyPublishers.noBody());
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> openRun() throws Exception {
    HttpResponse<String> current = api("GET", "/api/runs/current");
    assertThat(current.statusCode()).as("a run is open").isEqualTo(200);
    Map<String, Object> meta = new HashMap<>((Map<String, Object>) JSON.std.mapFrom(current.body())
        .get("meta"));
    meta.remove("durationSeconds"); // the clock's, not the run's
    return meta;
  }

  private List<Object> savedRuns() throws Exception {
    return JSON.std.listFrom(api("GET", "/api/runs").body());
  }

  @Test
  void withNoTokenAPageElsewhereChangesNothingAndTheDashboardWorks() throws Exception {
    start(null);
    attackThenUseTheDashboard();
  }

  @Test
  void withATokenItsCookieGoesAlongAndStillAPageElsewhereChangesNothing() throws Exception {
    start(TOKEN);
    chromium.open(base + "/?token=" + TOKEN, "cross-origin-first-visit");
    assertThat(chromium.driver.findElement(By.tagName("h1")).getText()).isNotEmpty();
    assertThat(chromium.driver.manage().getCookieNamed("isutools-" + admin.address().getPort()))
        .as("the cookie is HttpOnly: the page cannot read it, the browser keeps it").isNotNull()
        .satisfies(c -> assertThat(c.isHttpOnly()).isTrue())
        .satisfies(c -> assertThat(c.getSameSite()).isEqualTo("Strict"));
    attackThenUseTheDashboard();
    String other = "http://127.0.0.1:" + elsewhere.getAddress().getPort();
    // Another port of 127.0.0.1 is the same site: SameSite=Strict lets the cookie go along with
    // the form and with the fetch that asks for credentials; only the origin check refused them.
    assertThat(attempts(other)).as("the page's POSTs that carried the dashboard's cookie")
        .filteredOn(e -> e.header("Cookie") != null && e.header("Cookie").contains("isutools-"))
        .extracting(NetworkLog.Exchange::url)
        .containsExactlyInAnyOrder(base + "/reset", base + "/save?score=1");
  }

  @SuppressWarnings("unchecked")
  private void attackThenUseTheDashboard() throws Exception {
    assertThat(api("POST", "/reset").statusCode()).isEqualTo(204);
    assertThat(api("POST", "/save?score=100&note=before").statusCode()).isEqualTo(200);
    String saved = (String) ((Map<String, Object>) savedRuns().get(0)).get("id");
    assertThat(api("POST", "/reset").statusCode()).isEqualTo(204);
    Map<String, Object> before = openRun();
    String run = (String) before.get("id");

    String other = "http://127.0.0.1:" + elsewhere.getAddress().getPort();
    chromium.open(other + "/", "cross-origin-attacker");
    Object results = chromium.driver.executeAsyncScript("window.attack(arguments[0]);");
    assertThat(results).as("the blind fetches went out").isEqualTo(List.of("opaque", "opaque"));
    assertThat(Chromium.eventually(() -> attempts(other).size() == 3))
        .as("three POSTs reached the admin server: %s", attempts(other)).isTrue();
    assertThat(attempts(other)).allSatisfy(e -> assertThat(e.status()).as(e.url()).isEqualTo(403));
    assertThat(attempts(other)).extracting(NetworkLog.Exchange::url)
        .containsExactlyInAnyOrder(base + "/reset", base + "/reset", base + "/save?score=1");
    assertThat(frameText("sink")).contains("refused: POST /save from the page at " + other);
    // The sandboxed frame runs in a process of its own, out of the network log: its page says.
    assertThat(frameText("sandboxed")).contains("refused: POST /save from the page at null");
    chromium.screenshot("cross-origin-attacked");

    chromium.open("http://evil.example:" + admin.address().getPort() + "/api/runs",
        "cross-origin-rebound");
    assertThat(chromium.driver.findElement(By.tagName("body")).getText())
        .contains("not to Host evil.example:" + admin.address().getPort()).doesNotContain(run);

    assertThat(openRun()).as("the run is open and unchanged").isEqualTo(before);
    assertThat(savedRuns()).as("nothing saved").hasSize(1);

    chromium.consoleErrors(); // the attacks' refusals are the attacker page's errors
    chromium.open(base + "/", "cross-origin-history");
    assertThat(chromium.driver.getPageSource()).contains("runs/" + saved).doesNotContain("token=");
    assertThat(Chromium.eventually(() -> chromium.driver.findElement(By.id("live-status")).getText()
        .startsWith("updated"))).as("the open run's line updates").isTrue();
    chromium.driver.findElement(By.cssSelector("a[href='runs/" + saved + "']")).click();
    assertThat(Chromium.eventually(() -> chromium.driver.getCurrentUrl().endsWith("/runs/" + saved)))
        .isTrue();
    assertThat(chromium.driver.getPageSource()).contains(saved).doesNotContain("token=");
    chromium.driver.findElement(By.partialLinkText("all runs")).click();
    assertThat(Chromium.eventually(() -> chromium.driver.getCurrentUrl().equals(base + "/"))).isTrue();
    chromium.driver.findElement(By.cssSelector("#current a")).click();
    assertThat(Chromium.eventually(() -> chromium.driver.getCurrentUrl().endsWith("/runs/current")))
        .isTrue();
    assertThat(chromium.driver.findElement(By.id("live")).getText()).contains("run in progress");
    Object status = chromium.driver.executeAsyncScript("var done = arguments[arguments.length - 1];"
        + "fetch('/save?score=7', {method: 'POST'}).then(function (r) { done(r.status); },"
        + " function (e) { done(String(e)); });");
    assertThat(((Number) status).intValue()).as("a POST from the dashboard's own page").isEqualTo(200);
    assertThat(savedRuns()).hasSize(2);
    Map<String, Object> newest = (Map<String, Object>) savedRuns().get(0);
    assertThat(newest).containsEntry("id", run).containsEntry("score", 7);
    assertThat(chromium.consoleErrors()).as("console errors on the dashboard").isEmpty();
  }

  /** The text of the page frame {@code id} of the current page shows, once it shows one. */
  private String frameText(String id) throws InterruptedException {
    chromium.driver.switchTo().frame(id);
    try {
      Chromium.eventually(() -> !chromium.driver.findElement(By.tagName("body")).getText().isEmpty());
      return chromium.driver.findElement(By.tagName("body")).getText();
    } finally {
      chromium.driver.switchTo().defaultContent();
    }
  }

  /** The POSTs the page elsewhere made the browser send to the admin server (from its own process). */
  private List<NetworkLog.Exchange> attempts(String other) {
    return chromium.network().stream()
        .filter(e -> e.method().equals("POST") && e.url().startsWith(base))
        .filter(e -> other.equals(e.header("Origin")))
        .toList();
  }
}
