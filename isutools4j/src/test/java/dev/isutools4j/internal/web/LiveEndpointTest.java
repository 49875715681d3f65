package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;
import dev.isutools4j.internal.store.RunStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /api/runs/current/live} over a real admin server. */
class LiveEndpointTest {

  private static final long T0 = 1_800_000_000_000L;

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();
  private final CountDownLatch saving = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean holdSave;
  private AdminServer server;
  private RunLifecycle lifecycle;

  /** A collector with three samples so far, which can hold a save open. */
  private final Collector machine = new Collector() {
    @Override
    public String name() {
      return "machine";
    }

    @Override
    public void start(RunContext run) {}

    @Override
    public Section live() {
      List<MachineSection.Sample> series = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        double[] values = MachineSection.Sample.noValues();
        values[MachineMetric.CPU_BUSY.ordinal()] = 10 * (i + 1);
        series.add(new MachineSection.Sample(T0 + 1000L * i, values, Map.of(), Map.of(), List.of()));
      }
      return new MachineSection(true, null, null, new MachineSection.Summary(3, 1000, 1, Map.of(),
          Map.of(), Map.of(), List.of()), series, List.of(), MachineSection.Limits.UNKNOWN);
    }

    @Override
    public Section stop(boolean save) {
      if (holdSave) {
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

  /** A collector whose section comes at save only. */
  private final Collector later = new Collector() {
    @Override
    public String name() {
      return "slowLog";
    }

    @Override
    public void start(RunContext run) {}

    @Override
    public Section stop(boolean save) {
      return null;
    }
  };

  private String start() throws Exception {
    lifecycle = new RunLifecycle(new RunStore(dir), List.of(machine, later),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
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

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object json) {
    return (Map<String, Object>) json;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object json) {
    return (List<Object>) json;
  }

  private static void record(int requests) {
    Recorder recorder = Recording.recorder();
    int route = Recording.keys().routes().id("GET", "/live-test/{id}");
    int sql = Recording.keys().sql().id("SELECT * FROM live_test WHERE id = ?");
    for (int i = 0; i < requests; i++) {
      recorder.sql(sql).executed(3_000_000, 1, false);
      recorder.http(route).record(5_000_000, 200, 100, RequestScope.current(), 0);
    }
  }

  @Test
  void theOpenRunsRequestsTopRowsAndTheSamplesAfterSince() throws Exception {
    String base = start();
    assertThat(send("GET", base + "/api/runs/current/live").statusCode())
        .as("no run open").isEqualTo(404);
    send("POST", base + "/reset");
    record(7);

    HttpResponse<String> all = send("GET", base + "/api/runs/current/live");
    assertThat(all.statusCode()).isEqualTo(200);
    assertThat(all.headers().firstValue("Cache-Control")).hasValue("no-store");
    Map<String, Object> live = JSON.std.mapFrom(all.body());
    assertThat(live.get("requests")).isEqualTo(7);
    assertThat(live.get("queries")).isEqualTo(7);
    assertThat(((Number) live.get("requestsPerSec")).doubleValue()).isPositive();
    assertThat(list(live.get("sql"))).singleElement().satisfies(row -> assertThat(map(row))
        .containsEntry("fingerprint", "SELECT * FROM live_test WHERE id = ?")
        .containsEntry("count", 7)
        .containsKey("p95Ms"));
    assertThat(list(live.get("http"))).singleElement().satisfies(row -> assertThat(map(row))
        .containsEntry("route", "/live-test/{id}").containsEntry("count", 7));
    assertThat(lifecycle.live().sql()).as("a poll every second encodes no histogram")
        .allSatisfy(row -> assertThat(row.time().histogram()).isNull());
    assertThat(lifecycle.live().http()).allSatisfy(row -> assertThat(row.time().histogram()).isNull());
    assertThat(list(live.get("atSave"))).containsExactly("slowLog");
    Map<?, ?> samples = map(live.get("machine"));
    assertThat(list(samples.get("t"))).containsExactly(T0, T0 + 1000, T0 + 2000);
    assertThat(list(map(samples.get("v")).get("cpuBusyPct")))
        .containsExactly(10.0, 20.0, 30.0);

    Map<String, Object> after = JSON.std.mapFrom(
        send("GET", base + "/api/runs/current/live?since=" + (T0 + 1000)).body());
    Map<?, ?> newer = map(after.get("machine"));
    assertThat(list(newer.get("t"))).as("only the samples after since").containsExactly(T0 + 2000);
    assertThat(list(map(newer.get("v")).get("cpuBusyPct"))).containsExactly(30.0);

    record(3);
    Map<String, Object> more = JSON.std.mapFrom(send("GET", base + "/api/runs/current/live").body());
    assertThat(more.get("requests")).isEqualTo(10);
    assertThat(send("GET", base + "/api/runs/current/live?since=soon").statusCode()).isEqualTo(400);
    assertThat(send("POST", base + "/api/runs/current/live").statusCode()).isEqualTo(405);
  }

  @Test
  void aPollIsAnsweredAtOnceWhileASaveHoldsTheOtherThread() throws Exception {
    String base = start();
    send("POST", base + "/reset");
    record(2);
    holdSave = true;
    CompletableFuture<HttpResponse<String>> save = client.sendAsync(HttpRequest.newBuilder(
        URI.create(base + "/save?score=1")).POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(saving.await(10, TimeUnit.SECONDS)).as("the save is in progress").isTrue();
    for (int i = 0; i < 5; i++) {
      HttpResponse<String> poll = client.sendAsync(HttpRequest.newBuilder(
          URI.create(base + "/api/runs/current/live")).build(), HttpResponse.BodyHandlers.ofString())
          .get(5, TimeUnit.SECONDS);
      assertThat(poll.statusCode()).as("poll %d during the save", i).isEqualTo(200);
      assertThat(JSON.std.mapFrom(poll.body()).get("requests")).isEqualTo(2);
    }
    release.countDown();
    assertThat(save.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(send("GET", base + "/api/runs/current/live").statusCode())
        .as("saved: no run open").isEqualTo(404);
  }
}
