package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin API end to end, over real HTTP. */
class AdminServerTest {

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();
  private AdminServer server;
  private final CountDownLatch saving = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean blockSave;

  /** A collector that can hold a save open, to provoke overlapping requests. */
  private final Collector gate = new Collector() {
    @Override
    public String name() {
      return "gate";
    }

    @Override
    public void start(RunContext run) {}

    @Override
    public Section stop(boolean save) {
      if (blockSave) {
        saving.countDown();
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return null;
    }
  };

  private String start(String token) throws Exception {
    return startWith(token == null ? Map.of() : Map.of("isutools.token", token));
  }

  private String startWith(Map<String, String> more) throws Exception {
    Map<String, String> given = new java.util.HashMap<>(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString()));
    given.putAll(more);
    Settings settings = Settings.of(given);
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(gate),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    server = AdminServer.start(settings, lifecycle);
    return "http://127.0.0.1:" + server.address().getPort();
  }

  @AfterEach
  void stop() {
    release.countDown();
    if (server != null) {
      server.stop();
    }
  }

  private HttpResponse<String> send(String method, String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void answersGoOutWithoutWaitingForTheClientsAckUnlessTheAppChoseOtherwise() throws Exception {
    String before = System.getProperty("sun.net.httpserver.nodelay");
    try {
      System.setProperty("sun.net.httpserver.nodelay", "false");
      start(null);
      assertThat(System.getProperty("sun.net.httpserver.nodelay")).as("the app's choice")
          .isEqualTo("false");
      server.stop();
      System.clearProperty("sun.net.httpserver.nodelay");
      start(null);
      assertThat(System.getProperty("sun.net.httpserver.nodelay")).isEqualTo("true");
    } finally {
      if (before == null) {
        System.clearProperty("sun.net.httpserver.nodelay");
      } else {
        System.setProperty("sun.net.httpserver.nodelay", before);
      }
    }
  }

  @Test
  void aHistoryFileThatIsNoRunIsSaidSoAndNotCountedAsAFailure() throws Exception {
    String base = start(null);
    Files.write(dir.resolve("20261202-010203-004.json"), new byte[] {'{', (byte) 0xC3, '}'});
    long failures = Health.failures();

    HttpResponse<String> json = send("GET", base + "/api/runs/20261202-010203-004");
    assertThat(json.statusCode()).isEqualTo(500);
    assertThat(json.body())
        .isEqualTo("run 20261202-010203-004 is not a readable run: not UTF-8 text\n");
    HttpResponse<String> page = send("GET", base + "/runs/20261202-010203-004");
    assertThat(page.statusCode()).isEqualTo(500);
    assertThat(page.body()).contains("not a readable run: not UTF-8 text");
    assertThat(Health.failures()).as("a bad file is no failure of the server").isEqualTo(failures);
  }

  @Test
  void aRunsFolderFilesAreServedAndNothingOutsideIt() throws Exception {
    String base = start(null);
    send("POST", base + "/reset");
    String id = (String) JSON.std.mapFrom(send("POST", base + "/save?score=1").body()).get("id");
    Path folder = Files.createDirectories(dir.resolve(id));
    Files.writeString(folder.resolve("profile.collapsed"), "a.B.c 3\n");
    Files.writeString(dir.resolve("secret.txt"), "not for the web");
    Files.createSymbolicLink(folder.resolve("link.txt"), dir.resolve("secret.txt"));

    HttpResponse<String> file = send("GET", base + "/files/" + id + "/profile.collapsed");
    assertThat(file.statusCode()).isEqualTo(200);
    assertThat(file.body()).isEqualTo("a.B.c 3\n");
    assertThat(file.headers().firstValue("Content-Disposition")).hasValueSatisfying(
        v -> assertThat(v).contains("profile.collapsed"));
    assertThat(send("GET", base + "/files/" + id + "/missing.jfr").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/files/" + id + "/link.txt").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/files/" + id + "/..%2Fsecret.txt").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/files/" + id + "/../secret.txt").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/files/" + id).statusCode()).isEqualTo(404);
    assertThat(send("POST", base + "/files/" + id + "/profile.collapsed").statusCode()).isEqualTo(405);
  }

  @Test
  void resetSaveAndReadBack() throws Exception {
    String base = start(null);
    HttpResponse<String> reset = send("POST", base + "/reset");
    assertThat(reset.statusCode()).isEqualTo(204);
    String id = reset.headers().firstValue("X-Isutools-Run-Id").orElseThrow();

    HttpResponse<String> again = send("POST", base + "/reset");
    assertThat(again.headers().firstValue("X-Isutools-Discarded-Run-Id")).hasValue(id);
    String runId = again.headers().firstValue("X-Isutools-Run-Id").orElseThrow();

    Isutools.hit("user-cache", true);
    assertThat(send("GET", base + "/api/runs/current").body()).contains("user-cache");
    assertThat(send("GET", base + "/runs/current").body()).contains("user-cache");

    HttpResponse<String> save = send("POST", base + "/save?score=12345&pass=true&note=first%20try");
    assertThat(save.statusCode()).isEqualTo(200);
    Map<String, Object> saved = JSON.std.mapFrom(save.body());
    assertThat(saved).containsEntry("id", runId);
    Path file = Path.of((String) saved.get("file"));
    assertThat(file).exists().hasParent(dir.toAbsolutePath());

    HttpResponse<String> json = send("GET", base + "/api/runs/" + runId);
    assertThat(json.statusCode()).isEqualTo(200);
    assertThat(json.body()).isEqualTo(Files.readString(file));
    Map<String, Object> meta = (Map<String, Object>) JSON.std.mapFrom(json.body()).get("meta");
    assertThat(meta).containsEntry("score", 12345).containsEntry("pass", true)
        .containsEntry("note", "first try").containsEntry("revision", "feedbeef");

    List<Object> runs = JSON.std.listFrom(send("GET", base + "/api/runs").body());
    assertThat(runs).hasSize(1);
    assertThat((Map<String, Object>) runs.get(0)).containsKeys("id", "startedAt", "endedAt", "score",
        "pass", "revision", "dirty", "note");

    HttpResponse<String> history = send("GET", base + "/");
    assertThat(history.statusCode()).isEqualTo(200);
    assertThat(history.body()).contains("runs/" + runId).contains("first try");
    assertThat(send("GET", base + "/runs/" + runId).body()).contains("user-cache");
  }

  @Test
  void aSavesLabelIsRecordedAndTheSettingLabelsASaveThatGivesNone() throws Exception {
    String base = startWith(Map.of("isutools.label", "from-setting"));
    send("POST", base + "/reset");
    String given = (String) JSON.std.mapFrom(
        send("POST", base + "/save?score=1&label=level-2").body()).get("id");
    send("POST", base + "/reset");
    String defaulted = (String) JSON.std.mapFrom(send("POST", base + "/save?score=2").body())
        .get("id");
    RunStore store = new RunStore(dir);
    assertThat(store.read(given).orElseThrow().meta().label()).isEqualTo("level-2");
    assertThat(store.read(defaulted).orElseThrow().meta().label()).isEqualTo("from-setting");
    assertThat(send("GET", base + "/").body())
        .contains("<span class=\"label\">level-2</span>")
        .contains("<span class=\"label\">from-setting</span>");
  }

  @Test
  void conflictsAndBadRequests() throws Exception {
    String base = start(null);
    HttpResponse<String> noRun = send("POST", base + "/save?score=1");
    assertThat(noRun.statusCode()).isEqualTo(409);
    assertThat(noRun.body()).contains("no run is open");

    assertThat(send("GET", base + "/reset").statusCode()).isEqualTo(405);
    assertThat(send("GET", base + "/nope").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/runs/20990101-000000-000").statusCode()).isEqualTo(404);
    assertThat(send("GET", base + "/runs/current").statusCode()).isEqualTo(404);
    HttpResponse<String> badForce = send("POST", base + "/reset?force=maybe");
    assertThat(badForce.statusCode()).isEqualTo(400);
    assertThat(badForce.body()).contains("force must be true or false, got maybe");
    assertThat(send("GET", base + "/runs/current").statusCode()).as("no run opened").isEqualTo(404);

    send("POST", base + "/reset");
    assertThat(send("POST", base + "/save?score=lots").statusCode()).isEqualTo(400);
    assertThat(send("POST", base + "/save?pass=maybe").statusCode()).isEqualTo(400);
  }

  @Test
  void aResetOrSaveDuringASaveIsAConflict() throws Exception {
    String base = start(null);
    send("POST", base + "/reset");
    blockSave = true;
    CompletableFuture<HttpResponse<String>> slowSave = client.sendAsync(
        HttpRequest.newBuilder(URI.create(base + "/save?score=7"))
            .POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(saving.await(30, TimeUnit.SECONDS)).isTrue();

    HttpResponse<String> reset = send("POST", base + "/reset");
    assertThat(reset.statusCode()).isEqualTo(409);
    assertThat(reset.body()).contains("in progress");
    assertThat(send("POST", base + "/save?score=8").statusCode()).isEqualTo(409);

    release.countDown();
    assertThat(slowSave.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(new RunStore(dir).list()).hasSize(1);
  }

  @Test
  void aCorruptFileShowsAsUnreadableAndBreaksNothing() throws Exception {
    String base = start(null);
    send("POST", base + "/reset");
    String id = JSON.std.mapFrom(send("POST", base + "/save?score=5").body()).get("id").toString();
    Files.writeString(dir.resolve("broken.json"), "{\"meta\": {\"id\": \"broken\", \"start");

    HttpResponse<String> history = send("GET", base + "/");
    assertThat(history.statusCode()).isEqualTo(200);
    assertThat(history.body()).contains("broken.json").contains("runs/" + id);

    List<Object> runs = JSON.std.listFrom(send("GET", base + "/api/runs").body());
    assertThat(runs).hasSize(2);
    assertThat((Map<String, Object>) runs.get(1)).containsEntry("id", "broken").containsKey("problem");
    HttpResponse<String> page = send("GET", base + "/runs/broken");
    assertThat(page.statusCode()).isEqualTo(500);
    assertThat(page.body()).contains("not a readable run");
    assertThat(send("GET", base + "/runs/" + id).statusCode()).isEqualTo(200);
  }

  @Test
  void aTokenIsRequiredWhenSet() throws Exception {
    String base = start("s3cret");
    assertThat(send("GET", base + "/").statusCode()).isEqualTo(401);
    assertThat(send("GET", base + "/?token=wrong").statusCode()).isEqualTo(401);
    assertThat(send("GET", base + "/?token=s3cret").statusCode()).isEqualTo(200);
    HttpResponse<String> bearer = client.send(HttpRequest.newBuilder(URI.create(base + "/api/runs"))
        .header("Authorization", "Bearer s3cret").build(), HttpResponse.BodyHandlers.ofString());
    assertThat(bearer.statusCode()).isEqualTo(200);
  }

  @Test
  void anyAddressButLoopbackNeedsAToken() {
    Settings open = Settings.of(Map.of("isutools.addr", "0.0.0.0:0", "isutools.dir", dir.toString()));
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    assertThatThrownBy(() -> AdminServer.start(open, lifecycle))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("isutools.token");
  }

  @Test
  void anInternalFailureIsCountedNotThrownAndShownOnTheHealthLine() throws Exception {
    String base = start(null);
    long before = Health.failures();
    Isutools.count(null); // a null name fails inside isutools4j
    Isutools.hit(null, true);
    assertThat(Health.failures()).isEqualTo(before + 2);
    assertThat(Health.last().where()).contains("hit");
    String page = send("GET", base + "/").body();
    assertThat(page).contains("internal failure");
  }

  @Test
  void aFailureInsideAHandlerIsAnswered500AndCounted() throws Exception {
    RunLifecycle served = RunLifecycle.readOnly(new RunStore(dir));
    RunControl broken = new RunControl() { // the open run cannot be read: a failure no input causes
      @Override
      public Snapshot current() {
        throw new IllegalStateException("the open run is broken");
      }

      @Override
      public RunStore store() {
        return served.store();
      }

      @Override
      public boolean isReadOnly() {
        return served.isReadOnly();
      }

      @Override
      public HostIdentity identity() {
        return served.identity();
      }

      @Override
      public RunLifecycle.Reset reset(boolean force) throws RunConflict {
        return served.reset(force);
      }

      @Override
      public RunLifecycle.Saved save(Long score, Boolean pass, String note, String label)
          throws RunConflict, IOException {
        return served.save(score, pass, note, label);
      }

      @Override
      public RunLifecycle.Reset join(String id, String hub) throws RunConflict {
        return served.join(id, hub);
      }

      @Override
      public RunLifecycle.Saved saveRun(String id, Long score, Boolean pass, String note,
          String label) throws RunConflict, IOException {
        return served.saveRun(id, score, pass, note, label);
      }

      @Override
      public RunLifecycle.Saved attach(String id, String host) throws RunConflict {
        return served.attach(id, host);
      }

      @Override
      public RunMeta currentMeta() {
        return served.currentMeta();
      }

      @Override
      public LiveRun live() {
        return served.live();
      }
    };
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), broken);
    long before = Health.failures();
    HttpResponse<String> answer = send("GET", "http://127.0.0.1:" + server.address().getPort()
        + "/runs/current");
    assertThat(answer.statusCode()).isEqualTo(500);
    assertThat(answer.body()).contains("the open run is broken");
    assertThat(Health.failures()).isEqualTo(before + 1);
  }
}
