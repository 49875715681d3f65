package dev.isutools4j.internal.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hub and its peers in one JVM, each a real admin server on its own loopback address over its
 * own lifecycle and history: the run across hosts, and each way a peer can fail it.
 */
class HubTest {

  private static final int RESET_TIMEOUT_MS = 800;
  private static final int SAVE_TIMEOUT_MS = 1500;
  /** What a loaded two-core machine may add to a timeout before the hub answers. */
  private static final long MARGIN_MS = 1000;
  private static final AtomicInteger DATABASES = new AtomicInteger();

  @TempDir
  Path tmp;

  private final HttpClient client = HttpClient.newHttpClient();
  private final List<AutoCloseable> opened = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    Collections.reverse(opened);
    for (AutoCloseable c : opened) {
      c.close();
    }
  }

  private TestHost host(TestHost.Builder builder, String dir) throws IOException {
    TestHost host = builder.start(tmp.resolve(dir));
    opened.add(host);
    return host;
  }

  private Hub hub(String name, String peers, Map<String, String> more) {
    RunLifecycle local = new RunLifecycle(new RunStore(tmp.resolve(name)), List.of(), List.of(),
        () -> new GitRevision("c0ffee1", false, "setting"), 5, Clock.systemUTC(),
        new HostIdentity(name, HostIdentity.APP));
    Map<String, String> settings = new HashMap<>(Map.of("isutools.peers", peers,
        "isutools.peers.reset.timeout.ms", String.valueOf(RESET_TIMEOUT_MS),
        "isutools.peers.save.timeout.ms", String.valueOf(SAVE_TIMEOUT_MS)));
    settings.putAll(more);
    Hub hub = Hub.of(local, Settings.of(settings), true);
    opened.add(hub);
    return hub;
  }

  private String serve(Hub hub) throws IOException {
    AdminServer server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", hub.store().dir().toString())), hub);
    opened.add(server::stop);
    return "http://127.0.0.1:" + server.address().getPort();
  }

  private HttpResponse<String> post(String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static Map<String, HostInfo> hosts(RunMeta meta) {
    return meta.hosts().stream().collect(Collectors.toMap(HostInfo::name, h -> h));
  }

  /** Real SQL through the recording data source: lands in the run whose recorder is current. */
  private static int runQueries(int selects) throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:hub" + DATABASES.incrementAndGet() + ";MODE=MySQL;DB_CLOSE_DELAY=-1");
    DataSource recorded = Isutools.wrap(h2);
    try (Connection c = recorded.getConnection()) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE posts (id INT PRIMARY KEY, body VARCHAR(100))");
        s.execute("INSERT INTO posts VALUES (1, 'one'), (2, 'two')");
      }
      try (PreparedStatement p = c.prepareStatement("SELECT body FROM posts WHERE id = ?")) {
        for (int i = 0; i < selects; i++) {
          p.setInt(1, 1 + i % 2);
          try (ResultSet r = p.executeQuery()) {
            r.next();
          }
        }
      }
    }
    return selects + 2;
  }

  private static long sqlCount(Snapshot run) {
    return run.sql().stream().mapToLong(r -> r.time().count()).sum();
  }

  private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  @Test
  void oneRunAcrossThreeHostsHasEachPartTheClockOffsetsAndTheAppTablesMerged() throws Exception {
    TestHost a = host(TestHost.named("a").on("127.0.0.2"), "a");
    TestHost db = host(TestHost.named("db").on("127.0.0.4").role(HostIdentity.DATABASE)
        .clock(Clock.offset(Clock.systemUTC(), Duration.ofSeconds(5))), "db");
    Hub hub = hub("app1", a.peerEntry() + "," + db.peerEntry(), Map.of());

    String id = hub.reset(false).id();

    assertThat(a.lifecycle.currentMeta().id()).isEqualTo(id);
    assertThat(db.lifecycle.currentMeta().id()).isEqualTo(id);
    Map<String, HostInfo> atReset = hosts(hub.currentMeta());
    assertThat(hub.currentMeta().hosts()).extracting(HostInfo::name).containsExactly("app1", "a", "db");
    assertThat(atReset.values()).allSatisfy(h -> assertThat(h.status()).isEqualTo(HostInfo.OK));
    HostInfo dbAtReset = atReset.get("db");
    assertThat(Math.abs(dbAtReset.clockOffsetMs() - 5000)).as("db's clock is 5 s ahead, measured")
        .isLessThanOrEqualTo(dbAtReset.roundTripMs());
    assertThat(Math.abs(atReset.get("a").clockOffsetMs()))
        .isLessThanOrEqualTo(atReset.get("a").roundTripMs());
    assertThat(dbAtReset.role()).isEqualTo(HostIdentity.DATABASE);
    assertThat(dbAtReset.revision()).isEqualTo("c0ffee1");
    assertThat(dbAtReset.version()).isEqualTo(HostIdentity.version());
    assertThat(atReset.get("app1").address()).isEqualTo("local");

    int statements = runQueries(7);
    Isutools.count("hub-orders", 3);

    RunLifecycle.Saved saved = hub.save(1234L, true, "three hosts");

    assertThat(saved.id()).isEqualTo(id);
    assertThat(saved.file()).exists();
    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(run.meta().partial()).isFalse();
    assertThat(run.meta().score()).isEqualTo(1234L);
    assertThat(run.meta().hosts()).extracting(HostInfo::name).containsExactly("app1", "a", "db");
    assertThat(run.meta().hosts()).extracting(HostInfo::address)
        .containsExactly("local", a.url(), db.url());
    assertThat(run.parts()).containsOnlyKeys("app1", "a", "db");
    assertThat(run.sections()).isEmpty();
    for (TestHost peer : List.of(a, db)) {
      Snapshot own = peer.store().read(id).orElseThrow();
      assertThat(own.meta().score()).as(peer.name + " saved it with the score").isEqualTo(1234L);
      assertThat(own.meta().pass()).isTrue();
      assertThat(own.meta().note()).isEqualTo("three hosts");
      assertThat(run.parts().get(peer.name).meta().id()).isEqualTo(id);
    }
    // What the app did was recorded by the one run whose recorder was current: merged, it is all.
    long partsSql = run.parts().values().stream().mapToLong(HubTest::sqlCount).sum();
    assertThat(partsSql).isEqualTo(statements);
    assertThat(sqlCount(run)).isEqualTo(statements);
    assertThat(run.meta().queries()).isEqualTo(statements);
    for (SqlRow merged : run.sql()) {
      long sum = run.parts().values().stream().flatMap(p -> p.sql().stream())
          .filter(r -> r.fingerprint().equals(merged.fingerprint()))
          .mapToLong(r -> r.time().count()).sum();
      assertThat(merged.time().count()).as(merged.fingerprint()).isEqualTo(sum);
    }
    assertThat(run.counters()).filteredOn(c -> c.name().equals("hub-orders"))
        .extracting(CounterRow::count).containsExactly(3L);
  }

  @Test
  void aPeerDownOrSilentAtResetIsMissingAndTheRunOpensOnTheOthersWithinTheTimeout()
      throws Exception {
    TestHost a = host(TestHost.named("a").on("127.0.0.2"), "a");
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.4"))) {
      closedPort = socket.getLocalPort();
    }
    HoldingRelay silent = HoldingRelay.on("127.0.0.3", null);
    opened.add(silent);
    Hub hub = hub("app1", a.peerEntry() + ",down=http://127.0.0.4:" + closedPort + ",silent="
        + silent.url(), Map.of());

    long start = System.nanoTime();
    String id = hub.reset(false).id();
    long tookMs = Duration.ofNanos(System.nanoTime() - start).toMillis();

    assertThat(tookMs).isLessThan(RESET_TIMEOUT_MS + Fanout.SLACK_MS + MARGIN_MS);
    Map<String, HostInfo> hosts = hosts(hub.currentMeta());
    assertThat(hosts.get("a").status()).isEqualTo(HostInfo.OK);
    assertThat(hosts.get("down").status()).isEqualTo(HostInfo.MISSING);
    assertThat(hosts.get("down").reason()).isEqualTo("at reset: connection refused");
    assertThat(hosts.get("silent").status()).isEqualTo(HostInfo.MISSING);
    assertThat(hosts.get("silent").reason())
        .isEqualTo("at reset: timed out after " + RESET_TIMEOUT_MS + " ms");
    assertThat(hosts.get("silent").waitedMs())
        .isBetween((long) RESET_TIMEOUT_MS - 50, RESET_TIMEOUT_MS + Fanout.SLACK_MS + MARGIN_MS);
    assertThat(hub.currentMeta().partial()).isTrue();
    assertThat(a.lifecycle.currentMeta().id()).isEqualTo(id);

    RunLifecycle.Saved saved = hub.save(10L, null, null);

    assertThat(saved.missing()).as("the save's answer names them").extracting(HostInfo::name)
        .containsExactly("down", "silent");
    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(run.meta().partial()).isTrue();
    assertThat(run.parts()).containsOnlyKeys("app1", "a");
    assertThat(hosts(run.meta()).get("down").reason())
        .as("asked at save too, in case it joined late")
        .isEqualTo("at reset: connection refused; at save: connection refused");
    assertThat(hosts(run.meta()).get("silent").reason()).isEqualTo("at reset: timed out after "
        + RESET_TIMEOUT_MS + " ms; at save: timed out after " + SAVE_TIMEOUT_MS + " ms");
    assertThat(a.store().exists(id)).isTrue();
  }

  @Test
  void aPeerThatJoinedAfterTheResetTimeoutIsSavedWithTheOthersAndIsLate() throws Exception {
    TestHost a = host(TestHost.named("a").on("127.0.0.2"), "a");
    TestHost b = host(TestHost.named("b").on("127.0.0.3"), "b");
    HoldingRelay toB = HoldingRelay.on("127.0.0.3", b.server.address());
    opened.add(toB);
    Hub hub = hub("app1", a.peerEntry() + ",b=" + toB.url(), Map.of());

    toB.freeze();
    String id = hub.reset(false).id();
    assertThat(hosts(hub.currentMeta()).get("b").reason())
        .isEqualTo("at reset: timed out after " + RESET_TIMEOUT_MS + " ms");
    toB.thaw(); // b reads the reset it was sent and joins the run, after the hub gave up on it
    waitFor(() -> b.lifecycle.currentMeta() != null && b.lifecycle.currentMeta().id().equals(id),
        "b to join the run");

    hub.save(8L, true, "b was slow");

    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(run.parts()).containsOnlyKeys("app1", "a", "b");
    HostInfo late = hosts(run.meta()).get("b");
    assertThat(late.status()).isEqualTo(HostInfo.LATE);
    assertThat(late.reason()).isEqualTo("joined after the reset, its part came with the save;"
        + " at reset: timed out after " + RESET_TIMEOUT_MS + " ms");
    assertThat(late.revision()).as("from its part").isEqualTo("c0ffee1");
    assertThat(run.meta().partial()).isFalse();
    assertThat(b.store().read(id).orElseThrow().meta().score()).isEqualTo(8L);
  }

  @Test
  void aPeerThatHangsAtSaveIsMissingWithinTheSaveTimeoutAndItsPartAttachedLaterIsLate()
      throws Exception {
    TestHost a = host(TestHost.named("a").on("127.0.0.2"), "a");
    TestHost b = host(TestHost.named("b").on("127.0.0.3"), "b");
    HoldingRelay toB = HoldingRelay.on("127.0.0.3", b.server.address());
    opened.add(toB);
    Hub hub = hub("app1", a.peerEntry() + ",b=" + toB.url(), Map.of());
    String hubUrl = serve(hub);
    String id = hub.reset(false).id();
    assertThat(hosts(hub.currentMeta()).get("b").status()).isEqualTo(HostInfo.OK);
    int statements = runQueries(5);

    toB.freeze();
    long start = System.nanoTime();
    hub.save(77L, false, "b stopped");
    long tookMs = Duration.ofNanos(System.nanoTime() - start).toMillis();

    assertThat(tookMs).isLessThan(SAVE_TIMEOUT_MS + Fanout.SLACK_MS + MARGIN_MS);
    Snapshot saved = hub.store().read(id).orElseThrow();
    assertThat(saved.meta().partial()).isTrue();
    assertThat(saved.parts()).containsOnlyKeys("app1", "a");
    HostInfo missing = hosts(saved.meta()).get("b");
    assertThat(missing.status()).isEqualTo(HostInfo.MISSING);
    assertThat(missing.reason()).isEqualTo("at save: timed out after " + SAVE_TIMEOUT_MS + " ms");
    assertThat(missing.waitedMs()).isGreaterThanOrEqualTo(SAVE_TIMEOUT_MS - 50);
    assertThat(a.store().exists(id)).isTrue();
    assertThat(b.lifecycle.currentMeta().id()).as("b never got the save").isEqualTo(id);

    toB.thaw(); // SIGCONT: b reads the save it was sent and saves its part in its own history
    waitFor(() -> b.store().exists(id), "b to save its part");
    HttpResponse<String> attached = post(hubUrl + "/attach?run=" + id + "&host=b");

    assertThat(attached.statusCode()).as(attached.body()).isEqualTo(200);
    Snapshot run = hub.store().read(id).orElseThrow();
    HostInfo late = hosts(run.meta()).get("b");
    assertThat(late.status()).isEqualTo(HostInfo.LATE);
    assertThat(late.reason()).isEqualTo("attached after the run was saved; at save: timed out after "
        + SAVE_TIMEOUT_MS + " ms");
    assertThat(run.meta().partial()).as("a late host has its part").isFalse();
    assertThat(run.parts()).containsOnlyKeys("app1", "a", "b");
    assertThat(run.parts().get("b").meta().score()).isEqualTo(77L);
    assertThat(run.meta().queries()).as("merged again with b's part").isEqualTo(statements);
    assertThat(sqlCount(run)).isEqualTo(statements);
    assertThat(run.meta().score()).isEqualTo(77L);
    assertThat(run.meta().note()).isEqualTo("b stopped");
  }

  @Test
  void aPeerTheHubsSaveNeverReachedIsAskedToSaveByTheAttach() throws Exception {
    TestHost b = host(TestHost.named("b").on("127.0.0.3"), "b");
    HoldingRelay toB = HoldingRelay.on("127.0.0.3", b.server.address());
    opened.add(toB);
    Hub hub = hub("app1", "b=" + toB.url(), Map.of());
    String hubUrl = serve(hub);
    String id = hub.reset(false).id();
    assertThat(hosts(hub.currentMeta()).get("b").status()).isEqualTo(HostInfo.OK);
    int statements = runQueries(4);

    toB.freeze();
    hub.save(55L, true, "b's save was lost");
    toB.drop(); // the save never reaches b: it still holds the run open

    assertThat(hosts(hub.store().read(id).orElseThrow().meta()).get("b").status())
        .isEqualTo(HostInfo.MISSING);
    assertThat(b.store().exists(id)).isFalse();
    assertThat(b.lifecycle.currentMeta().id()).isEqualTo(id);
    HttpResponse<String> attached = post(hubUrl + "/attach?run=" + id + "&host=b");

    assertThat(attached.statusCode()).as(attached.body()).isEqualTo(200);
    assertThat(b.lifecycle.currentMeta()).as("b saved the run when asked").isNull();
    Snapshot own = b.store().read(id).orElseThrow();
    assertThat(own.meta().score()).as("with the run's score, verdict and note").isEqualTo(55L);
    assertThat(own.meta().pass()).isTrue();
    assertThat(own.meta().note()).isEqualTo("b's save was lost");
    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(hosts(run.meta()).get("b").status()).isEqualTo(HostInfo.LATE);
    assertThat(run.meta().partial()).isFalse();
    assertThat(run.parts()).containsOnlyKeys("app1", "b");
    assertThat(sqlCount(run)).isEqualTo(statements);
  }

  @Test
  void aPeerStillInTheHubsEarlierRunSavesItAtTheHubsNextResetForTheAttach() throws Exception {
    TestHost p = host(TestHost.named("p").on("127.0.0.2"), "p");
    Hub hub = hub("app1", p.peerEntry(), Map.of());
    String first = hub.reset(false).id();
    // A folder where p's run file should go: p's save fails, and p keeps the run open.
    Path blocked = Files.createDirectories(p.dir.resolve(first + ".json").resolve("blocked"));
    hub.save(3L, true, null);
    assertThat(hosts(hub.store().read(first).orElseThrow().meta()).get("p").reason())
        .startsWith("at save: 500: the run could not be written, and stays open");

    String second = hub.reset(false).id();

    HostInfo refused = hosts(hub.currentMeta()).get("p");
    assertThat(refused.status()).as("p can still not write the first run").isEqualTo(HostInfo.MISSING);
    assertThat(refused.reason()).startsWith("at reset: 409: run " + first
        + " of this hub is still open here and could not be saved (");
    assertThat(p.lifecycle.currentMeta().id()).as("kept open, not discarded").isEqualTo(first);
    hub.save(4L, null, null);
    assertThat(hosts(hub.store().read(second).orElseThrow().meta()).get("p").reason())
        .isEqualTo(refused.reason() + "; at save: 409: in run " + first + ", not " + second);

    Files.delete(blocked);
    Files.delete(blocked.getParent());
    String third = hub.reset(false).id();

    assertThat(hosts(hub.currentMeta()).get("p").status()).isEqualTo(HostInfo.OK);
    assertThat(p.lifecycle.currentMeta().id()).isEqualTo(third);
    assertThat(p.store().exists(first)).as("saved into p's history, not discarded").isTrue();
    hub.attach(first, "p");
    Snapshot run = hub.store().read(first).orElseThrow();
    assertThat(hosts(run.meta()).get("p").status()).isEqualTo(HostInfo.LATE);
    assertThat(run.parts()).containsOnlyKeys("app1", "p");
    assertThat(run.meta().partial()).isFalse();
    assertThat(run.meta().score()).isEqualTo(3L);
  }

  @Test
  void aPeerWhoseSaveAnswers409Or500IsMissingWithTheReasonAndCanBeAttachedOnceSaved()
      throws Exception {
    TestHost x = host(TestHost.named("x").on("127.0.0.2"), "x");
    TestHost y = host(TestHost.named("y").on("127.0.0.3"), "y");
    Hub hub = hub("app1", x.peerEntry() + "," + y.peerEntry(), Map.of());
    String id = hub.reset(false).id();

    HttpResponse<String> playersReset = post(x.url() + "/reset");
    assertThat(playersReset.statusCode()).isEqualTo(409);
    assertThat(playersReset.body()).contains("in run " + id + " of hub " + hub.hubId());
    assertThat(playersReset.headers().firstValue("X-Isutools-Run-Id")).hasValue(id);
    HttpResponse<String> forced = post(x.url() + "/reset?force=true");
    assertThat(forced.statusCode()).isEqualTo(204);
    assertThat(forced.headers().firstValue("X-Isutools-Discarded-Run-Id")).hasValue(id);
    String xRun = forced.headers().firstValue("X-Isutools-Run-Id").orElseThrow();
    // A folder where y's run file should go: the rename that commits it fails.
    Path blocked = Files.createDirectories(y.dir.resolve(id + ".json").resolve("blocked"));

    hub.save(5L, true, null);

    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(run.meta().partial()).isTrue();
    assertThat(run.parts()).containsOnlyKeys("app1");
    assertThat(hosts(run.meta()).get("x").reason())
        .isEqualTo("at save: 409: in run " + xRun + ", not " + id);
    assertThat(hosts(run.meta()).get("y").reason())
        .startsWith("at save: 500: the run could not be written, and stays open");

    assertThat(y.lifecycle.currentMeta().id()).as("y's run stays open").isEqualTo(id);
    assertThatThrownBy(() -> hub.attach(id, "y")).as("y still cannot write it")
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("y (" + y.url() + "): 500: the run could not be written");
    Files.delete(blocked);
    Files.delete(blocked.getParent());
    RunLifecycle.Saved attached = hub.attach(id, "y"); // y saves the run it holds, then sends it

    assertThat(attached.id()).isEqualTo(id);
    assertThat(y.store().read(id).orElseThrow().meta().score()).isEqualTo(5L);
    Snapshot withY = hub.store().read(id).orElseThrow();
    assertThat(hosts(withY.meta()).get("y").status()).isEqualTo(HostInfo.LATE);
    assertThat(withY.parts()).containsOnlyKeys("app1", "y");
    assertThat(withY.meta().partial()).as("x is still missing").isTrue();
    assertThatThrownBy(() -> hub.attach(id, "x")).isInstanceOf(IOException.class)
        .hasMessage("x (" + x.url() + "): 409: in run " + xRun + ", not " + id + "; and run " + id
            + " is not saved there");
    Files.createDirectories(x.dir);
    Files.writeString(x.dir.resolve(id + ".json"), "{ \"schema\": 1, \"meta\": ");
    assertThatThrownBy(() -> hub.attach(id, "x")).isInstanceOf(IOException.class)
        .hasMessageContaining("x (" + x.url() + "): unreadable part: ");
    assertThatThrownBy(() -> hub.attach(id, "zz")).isInstanceOf(RunConflict.class)
        .hasMessage("run " + id + " has no host zz (its hosts: app1, x, y)");
    assertThatThrownBy(() -> hub.attach("20000101-000000-000", "y"))
        .isInstanceOf(RunConflict.class)
        .hasMessage("no run 20000101-000000-000 is saved on this hub");
    assertThatThrownBy(() -> hub.attach(id, "app1")).isInstanceOf(RunConflict.class)
        .hasMessage("host app1 already has its part in run " + id);
  }

  @Test
  void aSecondHubOnAPeerFindsItMissingWithTheRunItIsIn() throws Exception {
    TestHost p = host(TestHost.named("p").on("127.0.0.2"), "p");
    Hub first = hub("hub1", p.peerEntry(), Map.of());
    Hub second = hub("hub2", p.peerEntry(), Map.of());
    String id = first.reset(false).id();

    second.reset(false);

    HostInfo refused = hosts(second.currentMeta()).get("p");
    assertThat(refused.status()).isEqualTo(HostInfo.MISSING);
    assertThat(refused.reason())
        .isEqualTo("at reset: 409: already in run " + id + " of hub " + first.hubId());
    assertThat(first.hubId()).startsWith("hub1-").isNotEqualTo(second.hubId());
    first.save(1L, null, null);
    assertThat(first.store().read(id).orElseThrow().parts()).containsKey("p");
  }

  @Test
  void theTokenIsSentToEachPeerAndAWrongOneIsRefused() throws Exception {
    TestHost p = host(TestHost.named("p").on("127.0.0.2").token("s3cret"), "p");
    TestHost q = host(TestHost.named("q").on("127.0.0.3").token("other"), "q");
    Hub hub = hub("app1", p.peerEntry() + "," + q.peerEntry(),
        Map.of("isutools.peer.p.token", "s3cret", "isutools.token", "wrong"));

    hub.reset(false);

    Map<String, HostInfo> hosts = hosts(hub.currentMeta());
    assertThat(hosts.get("p").status()).isEqualTo(HostInfo.OK);
    assertThat(hosts.get("q").status()).isEqualTo(HostInfo.MISSING);
    assertThat(hosts.get("q").reason()).isEqualTo(
        "at reset: 401: the token was refused (isutools.peer.q.token, else isutools.token)");
  }

  @Test
  void aHubIsNoPeerAndAPlayersResetThroughItFansOut() throws Exception {
    TestHost p = host(TestHost.named("p").on("127.0.0.2"), "p");
    Hub hub = hub("app1", p.peerEntry(), Map.of());
    String hubUrl = serve(hub);

    HttpResponse<String> asPeer = post(hubUrl + "/reset?run=20261201-000000-000&hub=other-1");
    assertThat(asPeer.statusCode()).isEqualTo(409);
    assertThat(asPeer.body()).contains("is a hub");
    HttpResponse<String> reset = post(hubUrl + "/reset");
    assertThat(reset.statusCode()).isEqualTo(204);
    String id = reset.headers().firstValue("X-Isutools-Run-Id").orElseThrow();
    assertThat(reset.headers().firstValue("X-Isutools-Host")).hasValue("app1");
    assertThat(p.lifecycle.currentMeta().id()).isEqualTo(id);
    HttpResponse<String> current = client.send(HttpRequest.newBuilder(
        URI.create(hubUrl + "/api/runs/current")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(current.body()).contains("\"hosts\"").contains("\"p\"");
    assertThat(post(hubUrl + "/save?run=" + id).statusCode()).as("a hub's save, sent to a hub")
        .isEqualTo(409);
    HttpResponse<String> save = post(hubUrl + "/save?score=9");
    assertThat(save.statusCode()).as(save.body()).isEqualTo(200);
    assertThat(hub.store().read(id).orElseThrow().parts()).containsOnlyKeys("app1", "p");
  }

  @Test
  void aFailedWriteKeepsTheGatheredRunAndTheNextSaveWritesIt() throws Exception {
    TestHost p = host(TestHost.named("p").on("127.0.0.2"), "p");
    Hub hub = hub("app1", p.peerEntry(), Map.of());
    String id = hub.reset(false).id();
    Path history = hub.store().dir();
    // As a full disk, as far as the hub can tell: the rename that commits the run fails.
    Path blocked = Files.createDirectories(history.resolve(id + ".json").resolve("blocked"));

    assertThatThrownBy(() -> hub.save(42L, true, "first try")).isInstanceOf(IOException.class);
    assertThat(p.store().exists(id)).as("the peer saved its part").isTrue();
    assertThatThrownBy(() -> hub.reset(false)).isInstanceOf(RunConflict.class)
        .hasMessageContaining("run " + id + " was gathered but could not be written");
    Files.delete(blocked);
    Files.delete(blocked.getParent());

    RunLifecycle.Saved saved = hub.save(null, null, null);

    assertThat(saved.id()).isEqualTo(id);
    Snapshot run = hub.store().read(id).orElseThrow();
    assertThat(run.parts()).containsOnlyKeys("app1", "p");
    assertThat(run.meta().score()).isEqualTo(42L);
    assertThat(run.meta().note()).isEqualTo("first try");
    assertThatThrownBy(() -> hub.save(1L, null, null)).isInstanceOf(RunConflict.class)
        .hasMessageContaining("no run is open");
  }

  @Test
  void aPeersSamplesAreMaskedByTheHubsSecretColumnsAsTheyArrive() throws Exception {
    TestHost a = host(TestHost.named("a").on("127.0.0.2"), "a");
    // Time enough for a first exchange on a cold JVM: this test needs the peer in the run.
    Hub hub = hub("app1", a.peerEntry(), Map.of("isutools.secret.columns", "body",
        "isutools.peers.reset.timeout.ms", "20000"));
    String id = hub.reset(false).id(); // the peer's reset comes last: its recorder is current
    assertThat(hosts(hub.currentMeta()).get("a").status()).isEqualTo(HostInfo.OK);
    runQueries(1);
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:hub" + DATABASES.get() + ";MODE=MySQL");
    try (Connection c = Isutools.wrap(h2).getConnection(); Statement s = c.createStatement()) {
      s.executeQuery("SELECT id FROM posts WHERE body = 'two'").close();
    }

    hub.save(1L, true, null);

    String sql = "select id from posts where body = ?";
    String peerSaved = a.store().read(id).orElseThrow().sql().stream()
        .filter(r -> r.fingerprint().equals(sql)).findFirst().orElseThrow().sample();
    assertThat(peerSaved).as("the peer's own list does not name body").contains("'two'");
    Snapshot run = hub.store().read(id).orElseThrow();
    for (List<SqlRow> table : List.of(run.parts().get("a").sql(), run.sql())) {
      assertThat(table).filteredOn(r -> r.fingerprint().equals(sql)).extracting(SqlRow::sample)
          .containsExactly("SELECT id FROM posts WHERE body = '***'");
    }
  }
}
