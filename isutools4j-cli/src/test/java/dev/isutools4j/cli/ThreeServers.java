package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.NginxServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An ISUCON team's three servers on one machine, each process on a loopback address of its own:
 * nginx on 127.0.0.1 balancing between isugram with the library ({@code jdbc:isutools:} and the
 * servlet filter) on 127.0.0.2 and isugram plain under {@code -javaagent} on 127.0.0.3, both on
 * one private MariaDB listening on 127.0.0.4 with its slow log on, {@code isutools4j host} on
 * 127.0.0.4 (the database by URL, the slow log, nginx's access log), and a standalone
 * {@code isutools4j hub} on 127.0.0.1 with peers app1, app2 and db. Every peer asks for its own
 * token; the hub's save waits {@link #SAVE_TIMEOUT_MS} for a part.
 */
final class ThreeServers implements AutoCloseable {

  static final String WEB = "127.0.0.1";
  static final String APP1 = "127.0.0.2";
  static final String APP2 = "127.0.0.3";
  static final String DB = "127.0.0.4";
  static final int SAVE_TIMEOUT_MS = 5000;
  static final int RESET_TIMEOUT_MS = 10_000;
  static final double SCALE = 0.01;
  static final List<String> PEERS = List.of("app1", "app2", "db");

  private static final Duration START = Duration.ofSeconds(150);
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build();

  final Path work;
  private final List<AutoCloseable> started = new ArrayList<>();
  private final Map<String, String> admin = new LinkedHashMap<>();
  private final Map<String, String> tokens = new LinkedHashMap<>();
  private final Map<String, Child> peers = new LinkedHashMap<>();
  private final List<Long> benchPids = new java.util.concurrent.CopyOnWriteArrayList<>();
  MariaDbServer mariadb;
  String dbUrl;
  NginxServer nginx;
  Child hub;
  String hubAddr;

  private ThreeServers(Path work) {
    this.work = work;
  }

  static Path cliJar() {
    return existing(Path.of("target/isutools4j.jar"));
  }

  static Path isugramJar() {
    return existing(Path.of("../isugram/target/isugram.jar"));
  }

  static Path agentJar() {
    return existing(Path.of("../isutools4j-agent/target/isutools4j-agent.jar"));
  }

  private static Path existing(Path jar) {
    assertThat(jar).as("the packaged jar (mvn package builds it)").exists();
    return jar.toAbsolutePath();
  }

  /** Starts the whole layout; on a failure, stops what it started. */
  static ThreeServers start(Path work, Path nginxBinary) throws Exception {
    ThreeServers layout = new ThreeServers(work);
    try {
      layout.boot(nginxBinary);
      return layout;
    } catch (Exception | Error e) {
      layout.close();
      throw e;
    }
  }

  private void boot(Path nginxBinary) throws Exception {
    long begin = System.nanoTime();
    for (String peer : PEERS) {
      tokens.put(peer, "token-of-" + peer + "-" + Long.toHexString(System.nanoTime()));
    }
    int app1Port = freePort(APP1);
    int app2Port = freePort(APP2);
    admin.put("app1", APP1 + ":" + freePort(APP1));
    admin.put("app2", APP2 + ":" + freePort(APP2));
    admin.put("db", DB + ":" + freePort(DB));
    hubAddr = WEB + ":" + freePort(WEB);

    Path nginxDir = Files.createDirectories(work.resolve("nginx"));
    nginx = NginxServer.start(nginxBinary, nginxDir, NginxBalancer.httpBlock(WEB + ":{{PORT}}",
        List.of(APP1 + ":" + app1Port, APP2 + ":" + app2Port), "{{DIR}}/access.log"));
    track(nginx);

    ExecutorService starting = Executors.newFixedThreadPool(4);
    try {
      // The hub needs nothing of the others until the first reset: it starts while the database does.
      Future<Child> hubUp = starting.submit(this::startHub);
      startDatabase();
      List<Future<Child>> children = new ArrayList<>(List.of(hubUp));
      children.add(starting.submit(app("app1", APP1, app1Port, false)));
      children.add(starting.submit(app("app2", APP2, app2Port, true)));
      children.add(starting.submit(this::host));
      for (Future<Child> child : children) {
        child.get(START.toSeconds() + 10, TimeUnit.SECONDS);
      }
    } finally {
      starting.shutdownNow();
    }
    warmUp();
    System.out.printf("[three servers] up in %d ms: nginx %s, app1 %s, app2 %s, db %s (MariaDB %s), hub %s%n",
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin), webUrl(), admin.get("app1"),
        admin.get("app2"), admin.get("db"), mariadb.version(), hubAddr);
  }

  /** MariaDB on 127.0.0.4 with its slow log on (every statement), isugram's data loaded. */
  private void startDatabase() throws Exception {
    mariadb = track(MariaDbServer.start(DB));
    mariadb.createDatabase("isugram");
    try (Connection root = mariadb.rootConnection(); Statement s = root.createStatement()) {
      s.execute("SET GLOBAL long_query_time = 0");
      s.execute("SET GLOBAL slow_query_log = 1");
    }
    dbUrl = mariadb.jdbcUrl("isugram") + "?user=" + mariadb.user() + "&password=" + mariadb.password();
    Child load = Child.start("load", List.of(Child.java(), "-jar", isugramJar().toString(), "load",
        "--db", dbUrl, "--scale", String.valueOf(SCALE)), Map.of(), work.resolve("load.log"));
    assertThat(load.waitFor(Duration.ofSeconds(120))).as(load.output()).isZero();
  }

  /**
   * A first run, as a player's setup would have: the JVMs' first reset and save (loading the
   * inspector's, the digests' and the advisor's classes, the database's first schema read) take
   * seconds on a loaded two-core machine, and the runs the tests look at should not.
   */
  private void warmUp() throws Exception {
    HttpResponse<String> reset = post(hubUrl("/reset"));
    assertThat(reset.statusCode()).as(reset.body()).isEqualTo(204);
    traffic(10);
    HttpResponse<String> saved = post(hubUrl("/save?note=warm-up"));
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
  }

  private Callable<Child> app(String name, String address, int port, boolean agent) {
    return () -> {
      List<String> command = new ArrayList<>(List.of(Child.java()));
      if (agent) {
        command.add("-javaagent:" + agentJar());
      }
      command.addAll(List.of("-Dserver.address=" + address, "-jar", isugramJar().toString(), "serve",
          "--db", dbUrl, "--port", String.valueOf(port), "--tuning", "1"));
      if (agent) {
        command.addAll(List.of("--integration", "none"));
      }
      Child child = track(Child.start(name, command, peerEnv(name), work.resolve(name + ".log")));
      peers.put(name, child);
      return child.awaitOk("http://" + address + ":" + port + "/login", START);
    };
  }

  private Child host() throws Exception {
    List<String> command = List.of(Child.java(), "-jar", cliJar().toString(), "host",
        "--addr", admin.get("db"), "--dir", work.resolve("history-db").toString(), "--name", "db",
        "--db", dbUrl, "--slow-log", mariadb.slowLog().toString(),
        "--access-log", accessLog().toString(), "--processes", "mariadbd,nginx");
    Map<String, String> env = new java.util.HashMap<>(peerEnv("db"));
    // It reads nginx's log only because the three servers share one machine here: still the
    // database box, not "mixed".
    env.put("ISUTOOLS_HOST_ROLE", "database");
    Child child = track(Child.start("db", command, env, work.resolve("db.log")));
    peers.put("db", child);
    return child.awaitOk(authorized("http://" + admin.get("db") + "/api/runs", "db"), START);
  }

  private Child startHub() throws Exception {
    List<String> command = new ArrayList<>(List.of(Child.java(),
        "-Disutools.peers.save.timeout.ms=" + SAVE_TIMEOUT_MS,
        "-Disutools.peers.reset.timeout.ms=" + RESET_TIMEOUT_MS));
    StringBuilder peerList = new StringBuilder();
    for (String peer : PEERS) {
      command.add("-Disutools.peer." + peer + ".token=" + tokens.get(peer));
      peerList.append(peerList.isEmpty() ? "" : ",").append(peer).append("=http://").append(admin.get(peer));
    }
    command.addAll(List.of("-jar", cliJar().toString(), "hub", "--peers", peerList.toString(),
        "--addr", hubAddr, "--dir", hubDir().toString()));
    hub = track(Child.start("hub", command, Map.of("ISUTOOLS_PROFILE", "off"), work.resolve("hub.log")));
    return hub.awaitOk(hubUrl("/api/runs"), START);
  }

  /** A peer's settings; the apps keep the default CPU profile, whose flame tree is part of their parts. */
  private Map<String, String> peerEnv(String name) throws IOException {
    return Map.of("ISUTOOLS_ADDR", admin.get(name), "ISUTOOLS_TOKEN", tokens.get(name),
        "ISUTOOLS_HOST_NAME", name,
        "ISUTOOLS_DIR", Files.createDirectories(work.resolve("history-" + name)).toString());
  }

  private <T extends AutoCloseable> T track(T part) {
    synchronized (started) {
      started.add(part);
    }
    return part;
  }

  // ------------------------------------------------------------------ what tests use

  Child peer(String name) {
    return peers.get(name);
  }

  String webUrl() {
    return "http://" + WEB + ":" + nginx.port();
  }

  /**
   * The JVMs of this layout, which share the machine with the database here as they would not on
   * the team's servers: the apps, the db host's {@code isutools4j host}, the hub, each benchmark
   * run so far, and the test's own JVM (which sends the traffic of {@link #traffic}).
   */
  java.util.Set<Long> jvmPids() {
    java.util.Set<Long> pids = new java.util.TreeSet<>(benchPids);
    peers.values().forEach(child -> pids.add(child.pid()));
    pids.add(hub.pid());
    pids.add(ProcessHandle.current().pid());
    return pids;
  }

  /** nginx's master process and its workers. */
  List<Long> nginxPids() throws IOException {
    long master = Long.parseLong(Files.readString(nginx.dir().resolve("nginx.pid")).trim());
    List<Long> pids = new ArrayList<>(List.of(master));
    Path children = Path.of("/proc", Long.toString(master), "task", Long.toString(master), "children");
    for (String child : Files.readString(children).trim().split("\\s+")) {
      if (!child.isEmpty()) {
        pids.add(Long.parseLong(child));
      }
    }
    return pids;
  }

  Path accessLog() {
    return nginx.dir().resolve("access.log");
  }

  Path hubDir() {
    return work.resolve("history-hub");
  }

  String hubUrl(String pathAndQuery) {
    return "http://" + hubAddr + pathAndQuery;
  }

  String peerUrl(String name, String pathAndQuery) {
    return "http://" + admin.get(name) + pathAndQuery;
  }

  String token(String name) {
    return tokens.get(name);
  }

  /** A peer's URL with its token as the query parameter (for waiting on it without headers). */
  private String authorized(String url, String name) {
    return url + (url.contains("?") ? "&" : "?") + "token=" + tokens.get(name);
  }

  /** POST to the hub, no token (it is on loopback and asks for none). */
  static HttpResponse<String> post(String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** GET with a bearer token (null for none). */
  static HttpResponse<String> get(String url, String token) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * isugram's own load generator against nginx for {@code seconds}; its JSON verdict. Bounded: it
   * stops at its deadline, and is killed if it overruns it by a minute.
   */
  Map<String, Object> bench(int seconds, int concurrency) throws Exception {
    Path out = Files.createTempFile(work, "bench", ".log");
    Child bench = Child.start("bench", List.of(Child.java(), "-jar", isugramJar().toString(), "bench",
        "--target", webUrl(), "--duration", String.valueOf(seconds), "--concurrency",
        String.valueOf(concurrency), "--scale", String.valueOf(SCALE)), Map.of(), out);
    benchPids.add(bench.pid());
    try {
      assertThat(bench.waitFor(Duration.ofSeconds(seconds + 60L))).as(bench.output()).isZero();
    } finally {
      bench.close();
    }
    String text = bench.output().trim();
    return JSON.std.mapFrom(text.substring(text.lastIndexOf("\n{") + 1));
  }

  /**
   * {@code count} real requests through nginx over isugram's pages (the index, its posts, their
   * authors), from three clients so that both apps get some; bounded by count and by each
   * request's timeout.
   */
  void traffic(int count) throws Exception {
    List<HttpClient> clients = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      clients.add(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
    }
    String index = send(clients.get(0), "/").body();
    List<String> paths = new ArrayList<>(List.of("/", "/login"));
    Matcher link = Pattern.compile("href=\"(/posts/\\d+|/@[A-Za-z0-9_]+)\"").matcher(index);
    while (link.find() && paths.size() < 12) {
      paths.add(link.group(1));
    }
    for (int i = 1; i < count; i++) {
      send(clients.get(i % clients.size()), paths.get(i % paths.size()));
    }
  }

  private HttpResponse<String> send(HttpClient client, String path) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(webUrl() + path)).timeout(Duration.ofSeconds(10))
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The bytes of a peer's part of run {@code id} as the hub fetches it ({@code GET /api/runs/ID}). */
  long partBytes(String peer, String id, boolean gzip) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(peerUrl(peer, "/api/runs/" + id)))
        .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + tokens.get(peer));
    if (gzip) {
      request.header("Accept-Encoding", "gzip");
    }
    HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.statusCode()).as(peer + " part of " + id).isEqualTo(200);
    return response.body().length;
  }

  static int freePort(String address) throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(address))) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() {
    List<AutoCloseable> all;
    synchronized (started) {
      all = new ArrayList<>(started);
    }
    for (int i = all.size() - 1; i >= 0; i--) {
      try {
        all.get(i).close();
      } catch (Exception ignored) {
        // The others still have to stop.
      }
    }
  }
}
