package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin server's surface over real HTTP, with the headers a browser, an attacker or curl would
 * send (raw sockets, so the Host header too): cross-origin requests that change state are refused,
 * a DNS-rebound name gets nothing, tools keep working, and the token is taken by header, by
 * parameter, then by cookie, and never shows up in a page or a log.
 */
class AdminSurfaceIT {

  private static final String TOKEN = "t0ken-Sh0uld-N3ver-Sh0w";
  private static final String EVIL = "http://evil.example";

  @TempDir
  Path dir;

  private AdminServer server;
  private LiveFails control;
  private RawHttp http;
  private int port;
  /** Every response the test read, to look for the token in all of them. */
  private final List<RawHttp.Response> seen = new ArrayList<>();

  private void start(String token) throws IOException {
    Map<String, String> given = new HashMap<>(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString()));
    if (token != null) {
      given.put("isutools.token", token);
    }
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    control = new LiveFails(lifecycle);
    server = AdminServer.start(Settings.of(given), control);
    port = server.address().getPort();
    http = new RawHttp(port);
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop();
    }
  }

  private RawHttp.Response send(String method, String target, String... headers) throws IOException {
    RawHttp.Response response = http.send(method, target, headers);
    seen.add(response);
    assertThat(response.headerNames()).as(method + " " + target + ": no CORS header, ever")
        .noneMatch(name -> name.startsWith("access-control-"));
    return response;
  }

  private String own() {
    return "http://127.0.0.1:" + port;
  }

  /** The open run's id, asked as curl asks. */
  private String openRun(String... credentials) throws IOException {
    RawHttp.Response current = send("GET", "/api/runs/current", credentials);
    return current.status() == 200 ? current.body().replaceAll("(?s).*?\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1")
        : null;
  }

  private long savedRuns() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".json")).count();
    }
  }

  @Test
  void theThreeCurlAttacksAreRefusedAndTheRunIsUnchanged() throws Exception {
    start(null);
    RawHttp.Response reset = send("POST", "/reset");
    assertThat(reset.status()).isEqualTo(204);
    String run = reset.header("X-Isutools-Run-Id");

    RawHttp.Response forgedReset = send("POST", "/reset", "Origin: " + EVIL);
    assertThat(forgedReset.status()).isEqualTo(403);
    assertThat(forgedReset.body()).contains("refused: POST /reset from the page at " + EVIL);
    assertThat(forgedReset.header("X-Isutools-Run-Id")).isNull();

    RawHttp.Response forgedSave = send("POST", "/save?score=1", "Origin: null");
    assertThat(forgedSave.status()).isEqualTo(403);
    assertThat(forgedSave.body()).contains("from the page at null");

    RawHttp.Response rebound = send("GET", "/api/runs", "Host: evil.example:" + port);
    assertThat(rebound.status()).isEqualTo(421);
    assertThat(rebound.body()).contains("not to Host evil.example:" + port)
        .contains("isutools.allowed.hosts").doesNotContain(run);

    assertThat(openRun()).as("the run is still open, the same").isEqualTo(run);
    assertThat(savedRuns()).as("nothing saved").isZero();
  }

  @Test
  void aReboundNameGetsNothingAnywhere() throws Exception {
    start(null);
    String run = send("POST", "/reset").header("X-Isutools-Run-Id");
    String rebound = "Host: evil.example:" + port;
    for (String path : List.of("/", "/runs/current", "/api/runs/current", "/api/runs/current/live",
        "/api/runs/" + run, "/diff", "/files/" + run + "/profile.collapsed")) {
      RawHttp.Response response = send("GET", path, rebound);
      assertThat(response.status()).as(path).isEqualTo(421);
      assertThat(response.header("Content-Type")).as(path).startsWith("text/plain");
      assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(response.body()).as(path).doesNotContain(run);
    }
    // Same-origin as the rebinding page sees it: its Origin matches the Host it sent.
    assertThat(send("POST", "/reset", rebound, "Origin: http://evil.example:" + port).status())
        .isEqualTo(421);
    assertThat(send("POST", "/save?score=1", rebound).status()).isEqualTo(421);
    assertThat(openRun()).isEqualTo(run);
    assertThat(savedRuns()).isZero();
  }

  @Test
  void curlTheCommandLineAndAHubSendNoOriginAndKeepWorking() throws Exception {
    start(null);
    RawHttp.Response reset = send("POST", "/reset");
    assertThat(reset.status()).isEqualTo(204);
    RawHttp.Response forwarded = send("GET", "/api/runs/current", "Host: localhost:" + port);
    assertThat(forwarded.status()).as("ssh -L with the same port").isEqualTo(200);
    assertThat(send("GET", "/api/runs", "Host: localhost:19192").status()).as("with another port")
        .isEqualTo(200);
    assertThat(send("GET", "/", "Host: [::1]:" + port).status()).isEqualTo(200);
    RawHttp.Response save = send("POST", "/save?score=5&note=by+curl");
    assertThat(save.status()).isEqualTo(200);
    assertThat(save.body()).contains(reset.header("X-Isutools-Run-Id"));
    RawHttp.Response hubReset = send("POST", "/reset?run=20261202-101010-123&hub=hub-1");
    assertThat(hubReset.status()).as("a hub's reset").isEqualTo(204);
    assertThat(send("POST", "/save?run=20261202-101010-123&score=6").status()).isEqualTo(200);
    assertThat(savedRuns()).isEqualTo(2);
  }

  @Test
  void theDashboardsOwnOriginChangesStateAndEveryOtherIsRefused() throws Exception {
    start(null);
    assertThat(send("POST", "/reset", "Origin: " + own()).status()).isEqualTo(204);
    assertThat(send("POST", "/reset", "Host: localhost:" + port, "Origin: http://localhost:" + port)
        .status()).as("through a forward").isEqualTo(204);
    assertThat(send("POST", "/reset", "Host: localhost:19192", "Origin: http://localhost:19192")
        .status()).as("through a forward to another local port").isEqualTo(204);
    assertThat(send("POST", "/reset", "Referer: " + own() + "/runs/current").status())
        .as("a Referer and no Origin").isEqualTo(204);
    String run = openRun();

    for (String[] foreign : new String[][] {
        {"Origin: http://127.0.0.1:" + (port == 65535 ? 1 : port + 1)}, // another port: another origin
        {"Origin: http://localhost:" + port}, // sent to 127.0.0.1: not the page's own server
        {"Referer: " + EVIL + "/attack.html"},
        {"Origin: " + EVIL, "Referer: " + own() + "/"},
        {"Origin: file://"}}) {
      RawHttp.Response refused = send("POST", "/save?score=1", foreign);
      assertThat(refused.status()).as(String.join(", ", foreign)).isEqualTo(403);
    }
    assertThat(send("POST", "/attach?run=" + run + "&host=db", "Origin: " + EVIL).status()).isEqualTo(403);
    RawHttp.Response preflight = send("OPTIONS", "/reset", "Origin: " + EVIL,
        "Access-Control-Request-Method: POST");
    assertThat(preflight.status()).isEqualTo(403);
    RawHttp.Response crossRead = send("GET", "/api/runs", "Origin: " + EVIL);
    assertThat(crossRead.status()).as("answered, but no CORS header lets the page read it")
        .isEqualTo(200);
    assertThat(openRun()).isEqualTo(run);
    assertThat(savedRuns()).isZero();
  }

  @Test
  void theTokenByHeaderByParameterThenByCookie() throws Exception {
    start(TOKEN);
    assertThat(send("GET", "/").status()).isEqualTo(401);
    assertThat(send("POST", "/reset").status()).isEqualTo(401);
    assertThat(send("GET", "/?token=wrong").status()).isEqualTo(401);

    String bearer = "Authorization: Bearer " + TOKEN;
    RawHttp.Response reset = send("POST", "/reset", bearer);
    assertThat(reset.status()).isEqualTo(204);
    assertThat(reset.header("Set-Cookie")).as("a tool's header sets no cookie").isNull();
    String run = reset.header("X-Isutools-Run-Id");

    RawHttp.Response visit = send("GET", "/?token=" + TOKEN);
    assertThat(visit.status()).isEqualTo(200);
    String setCookie = visit.header("Set-Cookie");
    assertThat(setCookie).startsWith("isutools-" + port + "=").contains("HttpOnly")
        .contains("SameSite=Strict").contains("Path=/").doesNotContain(TOKEN);
    String cookie = "Cookie: " + setCookie.substring(0, setCookie.indexOf(';'));

    for (String path : List.of("/", "/runs/current", "/api/runs", "/api/runs/current",
        "/api/runs/current/live?since=0")) {
      assertThat(send("GET", path, cookie).status()).as(path).isEqualTo(200);
    }
    assertThat(send("GET", "/", "Cookie: isutools-" + port + "=forged").status()).isEqualTo(401);

    RawHttp.Response noOrigin = send("POST", "/save?score=3", cookie);
    assertThat(noOrigin.status()).as("the cookie alone changes nothing").isEqualTo(403);
    assertThat(noOrigin.body()).contains("Authorization: Bearer");
    assertThat(send("POST", "/save?score=3", cookie, "Origin: " + EVIL).status()).isEqualTo(403);
    assertThat(send("POST", "/save?score=3", cookie, "Origin: http://127.0.0.1:" + (port + 1))
        .status()).as("a same-site page on another port carries the cookie too").isEqualTo(403);
    assertThat(openRun(bearer)).isEqualTo(run);
    assertThat(savedRuns()).isZero();

    RawHttp.Response save = send("POST", "/save?score=3", cookie, "Origin: " + own());
    assertThat(save.status()).as("the dashboard's own page with its cookie").isEqualTo(200);
    assertThat(save.body()).contains(run);
    assertThat(send("POST", "/reset?token=" + TOKEN).status()).as("a tool's parameter").isEqualTo(204);
  }

  @Test
  void theTokenNeverShowsInAPageOrALog() throws Exception {
    start(TOKEN);
    List<String> logged = new ArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        logged.add(record.getLoggerName() + " " + record.getMessage() + " "
            + java.util.Arrays.toString(record.getParameters()) + " " + record.getThrown());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    capture.setLevel(Level.ALL);
    Logger isutools = Logger.getLogger("isutools4j");
    Level before = isutools.getLevel();
    isutools.setLevel(Level.ALL);
    Logger.getLogger("").addHandler(capture);
    try {
      String query = "token=" + TOKEN;
      String id = send("POST", "/reset?" + query).header("X-Isutools-Run-Id");
      send("POST", "/save?score=10&" + query);
      send("POST", "/reset?" + query);
      String second = openRun("Authorization: Bearer " + TOKEN);
      send("POST", "/save?score=20&" + query);
      send("POST", "/reset?" + query);
      for (String path : List.of("/", "/runs/" + id, "/runs/" + second, "/runs/current", "/diff",
          "/diff?a=" + id + "&b=" + second, "/api/diff", "/api/runs", "/api/runs/" + id,
          "/api/runs/current", "/runs/" + id + "/hosts/db", "/files/" + id + "/none", "/nowhere",
          "/runs/no-such-run")) {
        RawHttp.Response page = send("GET", path + (path.contains("?") ? "&" : "?") + query);
        assertThat(page.status()).as(path).isNotEqualTo(401);
        if (page.header("Content-Type").startsWith("text/html")) {
          assertThat(page.body()).as(path + ": its links").doesNotContain("token=").contains("href=");
        }
      }
      send("POST", "/runs/current?" + query);
      send("POST", "/save?score=x&" + query);
      send("GET", "/?" + query, "Host: evil.example:" + port);
      send("POST", "/reset?" + query, "Origin: " + EVIL);

      long failures = Health.failures();
      control.failing = true;
      RawHttp.Response failed = send("GET", "/api/runs/current/live?since=0&" + query);
      assertThat(failed.status()).isEqualTo(500);
      assertThat(Health.failures()).as("the failure is counted").isGreaterThan(failures);
      Health.Failure last = Health.last();
      assertThat(last.message()).contains(LiveFails.FAILURE);
      assertThat(last.where() + " " + last.message() + " " + last.stack()).doesNotContain(TOKEN);
      RawHttp.Response history = send("GET", "/?" + query);
      assertThat(history.body()).as("the health line").contains(LiveFails.FAILURE);
    } finally {
      Logger.getLogger("").removeHandler(capture);
      isutools.setLevel(before);
    }
    assertThat(seen).isNotEmpty().allSatisfy(response -> {
      assertThat(response.body()).doesNotContain(TOKEN);
      response.headers().forEach((name, values) -> assertThat(values).as(name)
          .noneMatch(value -> value.contains(TOKEN)));
    });
    assertThat(logged).noneMatch(line -> line.contains(TOKEN));
  }

  /** The lifecycle, with a live view that fails when told: a failure inside the admin handler. */
  private static final class LiveFails implements RunControl {

    static final String FAILURE = "the live view failed on purpose";

    private final RunLifecycle runs;
    volatile boolean failing;

    LiveFails(RunLifecycle runs) {
      this.runs = runs;
    }

    @Override
    public RunStore store() {
      return runs.store();
    }

    @Override
    public boolean isReadOnly() {
      return runs.isReadOnly();
    }

    @Override
    public HostIdentity identity() {
      return runs.identity();
    }

    @Override
    public RunLifecycle.Reset reset(boolean force) throws RunConflict {
      return runs.reset(force);
    }

    @Override
    public RunLifecycle.Saved save(Long score, Boolean pass, String note, String label)
        throws RunConflict, IOException {
      return runs.save(score, pass, note, label);
    }

    @Override
    public RunLifecycle.Reset join(String id, String hub) throws RunConflict {
      return runs.join(id, hub);
    }

    @Override
    public RunLifecycle.Saved saveRun(String id, Long score, Boolean pass, String note,
        String label) throws RunConflict, IOException {
      return runs.saveRun(id, score, pass, note, label);
    }

    @Override
    public RunLifecycle.Saved attach(String id, String host) throws RunConflict, IOException {
      return runs.attach(id, host);
    }

    @Override
    public Snapshot current() {
      return runs.current();
    }

    @Override
    public RunMeta currentMeta() {
      return runs.currentMeta();
    }

    @Override
    public LiveRun live() {
      if (failing) {
        throw new IllegalStateException(FAILURE);
      }
      return runs.live();
    }
  }
}
