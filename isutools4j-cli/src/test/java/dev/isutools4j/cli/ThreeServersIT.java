package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirement;
import dev.isutools4j.testing.Requirements;
import java.io.RandomAccessFile;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * One benchmark run across an ISUCON team's three servers, every part real and each on a loopback
 * address of its own ({@link ThreeServers}): the hub's run holds the three hosts' parts, its merged
 * tables agree with the parts and with nginx, and a peer that dies or hangs leaves a partial run
 * within the hub's save timeout, a hung one attachable later. The fault cases come last: the
 * killed app does not come back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ThreeServersIT {

  private static ThreeServers layout;
  private static Throwable failedToStart;

  @BeforeEach
  void startOnce() throws Throwable {
    Path nginx = Requirements.nginx();
    Requirement.require("MariaDB", MariaDbServer.findInstallation().isPresent(), MariaDbServer.whyMissing());
    if (failedToStart != null) {
      throw new AssertionError("the three servers did not start", failedToStart);
    }
    if (layout == null) {
      try {
        Path work = Files.createDirectories(Path.of("target", "three-servers-it").toAbsolutePath());
        layout = ThreeServers.start(Files.createTempDirectory(work, "run"), nginx);
      } catch (Exception | Error e) {
        failedToStart = e;
        throw e;
      }
    }
  }

  @AfterAll
  static void stop() {
    if (layout != null) {
      layout.close();
    }
  }

  @Test
  @Order(1)
  void oneBenchmarkRunAcrossTheThreeServers() throws Exception {
    HttpResponse<String> reset = ThreeServers.post(layout.hubUrl("/reset"));
    assertThat(reset.statusCode()).as(reset.body()).isEqualTo(204);
    String id = reset.headers().firstValue("X-Isutools-Run-Id").orElseThrow();
    long from = Files.size(layout.accessLog());
    Map<String, Object> bench = layout.bench(5, 2);
    assertThat(bench).as("isugram's benchmark through nginx").containsEntry("pass", true);
    long to = Files.size(layout.accessLog());
    Snapshot run = save(id, ((Number) bench.get("score")).longValue());

    assertThat(run.meta().partial()).as("partial: %s", run.meta().hosts()).isFalse();
    assertThat(run.meta().hosts()).extracting(HostInfo::name).containsExactlyInAnyOrder("app1", "app2", "db");
    for (HostInfo host : run.meta().hosts()) {
      assertThat(host.status()).as(host.name()).isEqualTo(HostInfo.OK);
      assertThat(host.roundTripMs()).as(host.name()).isBetween(0.0, 2000.0);
      // One machine, one clock: the offset is the measurement's own error, at most half the
      // round trip (the peer read its clock somewhere between the request's send and receive).
      assertThat(Math.abs(host.clockOffsetMs())).as(host.name() + " clock offset")
          .isLessThanOrEqualTo(host.roundTripMs() / 2 + 5);
    }
    assertThat(role(run, "app1")).isEqualTo("app");
    assertThat(role(run, "app2")).isEqualTo("app");
    assertThat(role(run, "db")).isEqualTo("database");
    assertThat(run.parts()).containsKeys("app1", "app2", "db");
    Snapshot app1 = run.parts().get("app1");
    Snapshot app2 = run.parts().get("app2");
    Snapshot db = run.parts().get("db");
    assertThat(app1.http()).as("nginx sent app1 requests").isNotEmpty();
    assertThat(app2.http()).as("nginx sent app2 requests").isNotEmpty();

    assertSqlIsTheSumOfTheApps(run, app1, app2);
    assertHttpIsTheSumOfTheAppsWithExactPercentiles(run, app1, app2);
    assertHttpCountsAreNginxs(run, slice(layout.accessLog(), from, to));
    assertTheDatabaseHost(run, db, to - from);
  }

  /**
   * What a hub's save of three hosts costs: the save's round trip (the hub answers after its file
   * is written), and each part's bytes on the wire as the hub fetches it, plain and gzipped. The
   * numbers of docs/PERFORMANCE.md.
   */
  @Test
  @Order(2)
  void whatASaveOfThreeHostsCosts() throws Exception {
    int saves = 5;
    List<Long> millis = new ArrayList<>();
    Map<String, List<Long>> plain = new TreeMap<>();
    Map<String, List<Long>> gzip = new TreeMap<>();
    List<Long> files = new ArrayList<>();
    List<Long> toFile = new ArrayList<>();
    for (int i = 0; i < saves; i++) {
      String id = ThreeServers.post(layout.hubUrl("/reset")).headers().firstValue("X-Isutools-Run-Id").orElseThrow();
      layout.traffic(100);
      java.time.Instant asked = java.time.Instant.now();
      long start = System.nanoTime();
      HttpResponse<String> saved = ThreeServers.post(layout.hubUrl("/save?score=" + i));
      millis.add((System.nanoTime() - start) / 1_000_000);
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      Path written = file(saved.body());
      files.add(Files.size(written));
      toFile.add(Duration.between(asked, Files.getLastModifiedTime(written).toInstant()).toMillis());
      for (String peer : ThreeServers.PEERS) {
        plain.computeIfAbsent(peer, k -> new ArrayList<>()).add(layout.partBytes(peer, id, false));
        gzip.computeIfAbsent(peer, k -> new ArrayList<>()).add(layout.partBytes(peer, id, true));
      }
    }
    System.out.printf("[three servers] save of three hosts, %d saves: answered in %s ms (median %d, min %d,"
        + " max %d); file written %s ms after the request (median %d); saved file %s bytes%n", saves,
        millis, median(millis), min(millis), max(millis), toFile, median(toFile), files);
    for (String peer : ThreeServers.PEERS) {
      System.out.printf("[three servers] part %-4s on the wire: plain median %d bytes (%d..%d),"
          + " gzip median %d bytes (%d..%d)%n", peer, median(plain.get(peer)), min(plain.get(peer)),
          max(plain.get(peer)), median(gzip.get(peer)), min(gzip.get(peer)), max(gzip.get(peer)));
    }
    assertThat(max(millis)).as("every save well within the save timeout")
        .isLessThan(ThreeServers.SAVE_TIMEOUT_MS);
  }

  @Test
  @Order(3)
  void aHungDatabaseHostLeavesAPartialRunItsPartAttachedLater() throws Exception {
    String id = ThreeServers.post(layout.hubUrl("/reset")).headers().firstValue("X-Isutools-Run-Id").orElseThrow();
    layout.traffic(30);
    Child db = layout.peer("db");
    Snapshot run;
    db.signal("STOP");
    try {
      long start = System.nanoTime();
      HttpResponse<String> saved = ThreeServers.post(layout.hubUrl("/save?score=7"));
      long elapsed = (System.nanoTime() - start) / 1_000_000;
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      assertThat(elapsed).as("the save waits the save timeout for db, then answers")
          .isBetween((long) ThreeServers.SAVE_TIMEOUT_MS, ThreeServers.SAVE_TIMEOUT_MS + 3000L);
      run = SnapshotJson.read(Files.readString(file(saved.body())));
    } finally {
      db.signal("CONT");
    }
    assertThat(run.meta().id()).isEqualTo(id);
    assertThat(run.meta().partial()).isTrue();
    HostInfo missing = host(run, "db");
    assertThat(missing.status()).isEqualTo(HostInfo.MISSING);
    assertThat(missing.reason()).as("why db is missing").startsWith("at save: ").contains("timed out");
    assertThat(missing.waitedMs()).isBetween((long) ThreeServers.SAVE_TIMEOUT_MS - 500, ThreeServers.SAVE_TIMEOUT_MS + 3000L);
    assertThat(run.parts()).containsKeys("app1", "app2").doesNotContainKey("db");
    assertThat(host(run, "app1").status()).isEqualTo(HostInfo.OK);

    Child attach = Child.start("attach", List.of(Child.java(), "-jar", ThreeServers.cliJar().toString(),
        "hub", "attach", id, "db", "--hub", "http://" + layout.hubAddr), Map.of(),
        layout.work.resolve("attach.log"));
    assertThat(attach.waitFor(Duration.ofSeconds(60))).as(attach.output()).isZero();
    Snapshot attached = SnapshotJson.read(Files.readString(layout.hubDir().resolve(id + ".json")));
    assertThat(host(attached, "db").status()).isEqualTo(HostInfo.LATE);
    assertThat(attached.parts()).containsKey("db");
    assertThat(attached.parts().get("db").section(MachineSection.class)).isPresent();
    assertThat(attached.meta().partial()).as("every part is there now").isFalse();
  }

  @Test
  @Order(4)
  void anAppPeerKilledMidRunLeavesAPartialRunNamingIt() throws Exception {
    String id = ThreeServers.post(layout.hubUrl("/reset")).headers().firstValue("X-Isutools-Run-Id").orElseThrow();
    layout.traffic(30);
    layout.peer("app2").kill9();
    layout.traffic(10); // nginx passes app2's share to app1
    long start = System.nanoTime();
    HttpResponse<String> saved = ThreeServers.post(layout.hubUrl("/save?score=3"));
    long elapsed = (System.nanoTime() - start) / 1_000_000;
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
    assertThat(elapsed).as("a dead peer refuses at once: the save answers within the save timeout")
        .isLessThan(ThreeServers.SAVE_TIMEOUT_MS);
    Snapshot run = SnapshotJson.read(Files.readString(file(saved.body())));
    assertThat(run.meta().id()).isEqualTo(id);
    assertThat(run.meta().partial()).isTrue();
    HostInfo app2 = host(run, "app2");
    assertThat(app2.status()).isEqualTo(HostInfo.MISSING);
    assertThat(app2.reason()).as("why app2 is missing").startsWith("at save: connection");
    assertThat(run.parts()).containsKeys("app1", "db").doesNotContainKey("app2");
    assertThat(run.http()).as("the merged tables are app1's alone").isNotEmpty();
    assertThat(run.http().stream().mapToLong(r -> r.time().count()).sum())
        .isEqualTo(run.parts().get("app1").http().stream().mapToLong(r -> r.time().count()).sum());
  }

  private static HostInfo host(Snapshot run, String name) {
    return run.meta().hosts().stream().filter(h -> h.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in " + run.meta().hosts()));
  }

  private static long median(List<Long> values) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  private static long min(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).min().orElse(0);
  }

  private static long max(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).max().orElse(0);
  }

  private static void assertSqlIsTheSumOfTheApps(Snapshot run, Snapshot app1, Snapshot app2) {
    Map<String, Long> sum = new TreeMap<>();
    for (Snapshot part : List.of(app1, app2)) {
      part.sql().forEach(r -> sum.merge(r.fingerprint(), r.time().count(), Long::sum));
    }
    Map<String, Long> merged = run.sql().stream()
        .collect(Collectors.toMap(SqlRow::fingerprint, r -> r.time().count(), Long::sum, TreeMap::new));
    assertThat(merged).isNotEmpty().isEqualTo(sum);
    assertThat(app1.sql()).as("app1 (library) ran SQL").isNotEmpty();
    assertThat(app2.sql()).as("app2 (agent) ran SQL").isNotEmpty();
  }

  private static void assertHttpIsTheSumOfTheAppsWithExactPercentiles(Snapshot run, Snapshot app1,
      Snapshot app2) {
    Map<String, HttpRow> one = byRoute(app1.http());
    Map<String, HttpRow> two = byRoute(app2.http());
    Map<String, HttpRow> merged = byRoute(run.http());
    assertThat(merged.keySet()).containsExactlyInAnyOrderElementsOf(union(one.keySet(), two.keySet()));
    int inBoth = 0;
    for (Map.Entry<String, HttpRow> e : merged.entrySet()) {
      String route = e.getKey();
      List<HttpRow> parts = new ArrayList<>();
      if (one.containsKey(route)) {
        parts.add(one.get(route));
      }
      if (two.containsKey(route)) {
        parts.add(two.get(route));
      }
      long count = parts.stream().mapToLong(r -> r.time().count()).sum();
      assertThat(e.getValue().time().count()).as(route).isEqualTo(count);
      double p99 = UnionPercentile.p99Ms(parts.stream().map(HttpRow::time).toList());
      assertThat(e.getValue().time().p99Ms()).as(route + " p99 of the union of the parts' histograms")
          .isEqualTo(p99);
      if (parts.size() == 2) {
        inBoth++;
        double low = Math.min(parts.get(0).time().p99Ms(), parts.get(1).time().p99Ms());
        double high = Math.max(parts.get(0).time().p99Ms(), parts.get(1).time().p99Ms());
        // Within the parts' range, to the histogram's resolution (two significant digits: a
        // percentile is its bucket's upper edge, clamped to the largest duration).
        assertThat(e.getValue().time().p99Ms()).as(route + " between the parts' p99")
            .isBetween(low, high * 1.01);
      }
    }
    assertThat(inBoth).as("routes both apps served").isPositive();
  }

  /** nginx's log of the run's requests, named by the merged run's routes ({@code alp --routes-from}). */
  private static void assertHttpCountsAreNginxs(Snapshot run, Path accessLog) throws Exception {
    Path saved = Files.writeString(accessLog.resolveSibling("merged-run.json"), SnapshotJson.write(run));
    Path out = accessLog.resolveSibling("alp.json");
    Child alp = Child.start("alp", List.of(Child.java(), "-jar", ThreeServers.cliJar().toString(),
        "alp", "ltsv", "--routes-from", saved.toString(), "--format", "json", accessLog.toString()),
        Map.of(), out);
    assertThat(alp.waitFor(Duration.ofSeconds(60))).as(alp.output()).isZero();
    String text = alp.output();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rows = (List<Map<String, Object>>) JSON.std.mapFrom(
        text.substring(text.indexOf('{'))).get("rows");
    Map<String, Long> nginx = new TreeMap<>();
    for (Map<String, Object> row : rows) {
      nginx.put(row.get("method") + " " + row.get("route"), ((Number) row.get("count")).longValue());
    }
    Map<String, Long> app = new TreeMap<>();
    run.http().forEach(r -> app.put(r.method() + " " + r.route(), r.time().count()));
    assertThat(nginx).as("nginx's requests per route, the merged run's routes").isEqualTo(app);
  }

  private static void assertTheDatabaseHost(Snapshot run, Snapshot db, long accessLogBytes)
      throws Exception {
    MachineSection machine = db.section(MachineSection.class).orElseThrow();
    assertThat(machine.supported()).as(machine.reason()).isTrue();
    List<MachineSection.ProcessTotal> processes = machine.summary().processes();
    MachineSection.ProcessTotal mariadbd = processes.stream().filter(p -> p.pid() == layout.mariadb.pid())
        .findFirst().orElseThrow(() -> new AssertionError("no mariadbd in " + processes));
    assertThat(mariadbd.name()).isEqualTo("mariadbd");
    assertThat(mariadbd.meanCpuPct()).as("mariadbd's CPU during the run").isPositive();
    List<Long> nginxPids = layout.nginxPids();
    assertThat(processes).as("nginx's processes, watched by name")
        .anyMatch(p -> nginxPids.contains(p.pid()));
    // On the team's servers the database box runs mariadbd alone; here the three servers share one
    // machine, so the layout's own JVMs (the apps under load, the hub, the host, the benchmark,
    // this test) run beside it, and so may other work on the machine that is no part of the
    // layout (not in this test's process tree). Leaving those two out, mariadbd leads every
    // process the db host saw, nginx included.
    java.util.Set<Long> jvms = layout.jvmPids();
    java.util.Set<Long> ours = ProcessHandle.current().descendants().map(ProcessHandle::pid)
        .collect(Collectors.toSet());
    assertThat(ours).as("mariadbd and nginx are this test's").contains(mariadbd.pid())
        .containsAll(nginxPids);
    List<MachineSection.ProcessTotal> rest = processes.stream()
        .filter(p -> !jvms.contains(p.pid()) && ours.contains(p.pid())).toList();
    assertThat(rest).as("the layout's processes but its JVMs").contains(mariadbd)
        .allSatisfy(p -> assertThat(p.meanCpuPct()).as("%s against mariadbd's", p)
            .isLessThanOrEqualTo(mariadbd.meanCpuPct()));
    System.out.println("[three servers] db host's processes by CPU: " + processes.stream()
        .map(p -> p.name() + " " + Math.round(p.meanCpuPct()) + "%" + (jvms.contains(p.pid())
            ? " (the layout's JVM)" : ours.contains(p.pid()) ? "" : " (not the layout's)"))
        .collect(Collectors.joining(", ")));

    SlowLogSection slow = db.section(SlowLogSection.class).orElseThrow();
    assertThat(slow.digest()).as("the slow log digested").isNotNull();
    assertThat(slow.digest().entries()).isPositive();
    List<String> fingerprints = run.sql().stream().map(SqlRow::fingerprint).toList();
    assertThat(slow.rows()).extracting(SlowLogSection.Row::fingerprint).containsAnyElementsOf(fingerprints);

    AccessLogSection access = db.section(AccessLogSection.class).orElseThrow();
    assertThat(access.digest()).as("nginx's access log digested on the db host").isNotNull();
    assertThat(access.log().source().bytes()).as("the bytes nginx wrote during the run")
        .isEqualTo(accessLogBytes);
    long total = run.http().stream().mapToLong(r -> r.time().count()).sum();
    assertThat(access.digest().requests()).as("nginx's requests, the apps' requests").isEqualTo(total);
  }

  private static String role(Snapshot run, String name) {
    return host(run, name).role();
  }

  /** Saves the hub's run and reads the file it wrote. */
  private static Snapshot save(String id, long score) throws Exception {
    long start = System.nanoTime();
    HttpResponse<String> saved = ThreeServers.post(layout.hubUrl("/save?score=" + score));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
    Path file = file(saved.body());
    Snapshot run = SnapshotJson.read(Files.readString(file));
    assertThat(run.meta().id()).isEqualTo(id);
    StringBuilder parts = new StringBuilder();
    for (String peer : ThreeServers.PEERS) {
      parts.append(String.format(" %s %d/%d bytes plain/gzip;", peer, layout.partBytes(peer, id, false),
          layout.partBytes(peer, id, true)));
    }
    System.out.printf("[three servers] the benchmark run's save: answered in %d ms, file %d bytes;%s%n",
        millis, Files.size(file), parts);
    return run;
  }

  static Path file(String saveAnswer) {
    Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saveAnswer);
    assertThat(file.find()).as(saveAnswer).isTrue();
    return Path.of(file.group(1));
  }

  private static Path slice(Path log, long from, long to) throws Exception {
    byte[] bytes = new byte[Math.toIntExact(to - from)];
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      file.seek(from);
      file.readFully(bytes);
    }
    return Files.write(log.resolveSibling("run-access.log"), bytes);
  }

  private static Map<String, HttpRow> byRoute(List<HttpRow> rows) {
    Map<String, HttpRow> out = new TreeMap<>();
    rows.forEach(r -> out.put(r.method() + " " + r.route(), r));
    return out;
  }

  private static List<String> union(java.util.Set<String> a, java.util.Set<String> b) {
    java.util.Set<String> all = new java.util.TreeSet<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
