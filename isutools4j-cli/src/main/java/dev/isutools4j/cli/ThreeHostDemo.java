package dev.isutools4j.cli;

import dev.isutools4j.internal.dbtarget.JdbcUrls;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The demo's three-server layout on one machine, each server on a loopback address of its own (on
 * Linux all of 127.0.0.0/8 is loopback): isugram on 127.0.0.2 and 127.0.0.3 (app1, app2), the
 * database box 127.0.0.4 ({@code isutools4j host}: the machine, the database, nginx's access log),
 * nginx on 127.0.0.1 in front of both apps, and the hub on the demo's {@code --addr}. One benchmark
 * run through the hub, then the hub keeps serving its dashboard.
 */
final class ThreeHostDemo {

  static final String APP1 = "127.0.0.2";
  static final String APP2 = "127.0.0.3";
  static final String DB = "127.0.0.4";
  private static final Duration PEER_START = Duration.ofSeconds(60);
  private static final int RESET_TIMEOUT_MS = 15_000;

  private final DemoCommand options;
  private final PrintStream out;
  private final PrintStream err;
  private final List<AutoCloseable> running = java.util.Collections.synchronizedList(new ArrayList<>());

  ThreeHostDemo(DemoCommand options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.err = err;
  }

  int run(Path isugramJar) throws Exception {
    String webHost = hostOf(options.addr);
    int adminPort = portOf(options.addr);
    String problem = unusable(APP1, options.port) + unusable(APP2, options.port)
        + unusable(APP1, adminPort) + unusable(APP2, adminPort) + unusable(DB, adminPort)
        + DemoCommand.taken(options.port, "nginx's port, the apps' --port") + DemoCommand.taken(adminPort, "the hub's --addr");
    if (!problem.isEmpty()) {
      err.print(problem);
      return 1;
    }
    if (Processes.self(List.of()).isEmpty()) {
      err.println("isutools4j demo: cannot tell this command's own jar, to start the host and the hub");
      return 2;
    }
    int level = options.levels.get(0);
    Path logs = Files.createDirectories(options.dir.resolve("demo-logs"));
    IsugramJar isugram = new IsugramJar(isugramJar, logs);
    Runtime.getRuntime().addShutdownHook(new Thread(this::stopAll, "demo-stop"));
    try {
      List<List<String>> dbArgs = databases(isugram);
      startApps(isugram, dbArgs, level, adminPort);
      NginxFront nginx = nginx(webHost);
      startHost(logs, adminPort, nginx);
      Process hub = startHub(logs, adminPort);
      AdminClient admin = new AdminClient(options.addr);
      String id = admin.reset();
      progress("run " + id + " across app1, app2 and db: load for " + options.duration
          + " s at concurrency " + options.concurrency);
      IsugramJar.BenchResult result = bench(isugram, nginx);
      String saved = admin.save(result.score(), result.pass(), "three hosts, tuning level " + level);
      printRun(saved, result);
      out.println("dashboard: " + admin.base() + "/");
      out.println("logs:      " + logs.toAbsolutePath());
      if (!options.exit) {
        out.println("serving the three hosts and the hub's dashboard; Ctrl-C stops");
        hub.waitFor();
      }
      return 0;
    } finally {
      stopAll();
    }
  }

  /** Each app's {@code --db} or {@code --data-dir} arguments; the data loaded. */
  private List<List<String>> databases(IsugramJar isugram) throws IOException {
    if (options.db != null) {
      progress("generating data (scale " + options.scale + ") into "
          + JdbcUrls.withoutPassword(options.db) + ", the database both apps use");
      isugram.load(List.of("--db", options.db), options.scale);
      return List.of(List.of("--db", options.db), List.of("--db", options.db));
    }
    progress("no --db: each app gets an embedded H2 database of its own (scale " + options.scale + ")");
    List<List<String>> args = new ArrayList<>();
    for (String name : List.of("app1", "app2")) {
      List<String> dataDir = List.of("--data-dir", options.dir.resolve("isugram-" + name).toAbsolutePath().toString());
      isugram.load(dataDir, options.scale);
      args.add(dataDir);
    }
    return args;
  }

  private void startApps(IsugramJar isugram, List<List<String>> dbArgs, int level,
      int adminPort) throws IOException {
    progress("starting isugram (tuning " + level + ") on " + APP1 + ":" + options.port + " and "
        + APP2 + ":" + options.port);
    String[] hosts = {APP1, APP2};
    List<CompletableFuture<IsugramJar.Server>> starting = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      String name = "app" + (i + 1);
      IsugramJar.Placement at = new IsugramJar.Placement(hosts[i], options.port, hosts[i],
          hosts[i] + ":" + adminPort, options.dir.resolve("hosts").resolve(name),
          Map.of("ISUTOOLS_HOST_NAME", name), "serve-" + name + ".log");
      List<String> args = dbArgs.get(i);
      starting.add(CompletableFuture.supplyAsync(() -> {
        try {
          return isugram.serve(args, level, at);
        } catch (IOException e) {
          throw new CompletionException(e);
        }
      }));
    }
    IOException failed = null;
    for (CompletableFuture<IsugramJar.Server> app : starting) {
      try {
        IsugramJar.Server started = app.join();
        running.add(started::stop);
      } catch (CompletionException e) {
        failed = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
    }
    if (failed != null) {
      throw failed;
    }
  }

  /** nginx in front of both apps, or null (said why). */
  private NginxFront nginx(String webHost) throws IOException {
    if (options.db == null) {
      progress("no nginx in front: the two apps have databases of their own, so a balancer between"
          + " them would mix two data sets; the load goes to app1, then app2");
      return null;
    }
    Path binary = NginxFront.find().orElse(null);
    if (binary == null) {
      progress("nginx is not installed: the load goes to app1, then app2 (half the time each)");
      return null;
    }
    NginxFront nginx = NginxFront.start(binary, options.dir.resolve("demo-nginx"), webHost, options.port,
        List.of(APP1 + ":" + options.port, APP2 + ":" + options.port));
    running.add(nginx);
    progress("nginx on " + nginx.url() + " balances between app1 and app2");
    return nginx;
  }

  private void startHost(Path logs, int adminPort, NginxFront nginx) throws IOException {
    List<String> args = new ArrayList<>(List.of("host", "--addr", DB + ":" + adminPort,
        "--dir", options.dir.resolve("hosts").resolve("db").toAbsolutePath().toString(), "--name", "db"));
    if (options.db != null) {
      args.addAll(List.of("--db", options.db));
    } else {
      args.addAll(List.of("--processes", "java"));
    }
    if (nginx != null) {
      args.addAll(List.of("--access-log", nginx.accessLog().toAbsolutePath().toString()));
    }
    progress("starting isutools4j host on " + DB + ":" + adminPort
        + (options.db == null ? " (the machine only: no --db)" : " (the machine and the database)"));
    // nginx's log is read here only because the three servers share one machine: with --db this
    // is still the database box.
    Map<String, String> env = options.db != null ? Map.of("ISUTOOLS_HOST_ROLE", "database") : Map.of();
    startPeer(args, env, logs.resolve("host-db.log"), "http://" + DB + ":" + adminPort + "/api/runs",
        "isutools4j host");
  }

  private Process startHub(Path logs, int adminPort) throws IOException {
    String peers = "app1=http://" + APP1 + ":" + adminPort + ",app2=http://" + APP2 + ":" + adminPort
        + ",db=http://" + DB + ":" + adminPort;
    List<String> args = List.of("hub", "--peers", peers, "--addr", options.addr,
        "--dir", options.dir.toAbsolutePath().toString());
    // Five JVMs just started on one machine: a first reset can take seconds on a busy one.
    Map<String, String> env = Map.of("ISUTOOLS_PEERS_RESET_TIMEOUT_MS", String.valueOf(RESET_TIMEOUT_MS));
    progress("starting the hub on " + options.addr + " with peers " + peers);
    return startPeer(args, env, logs.resolve("hub.log"), "http://" + options.addr + "/api/runs", "isutools4j hub");
  }

  private Process startPeer(List<String> args, Map<String, String> env, Path log, String url,
      String what) throws IOException {
    List<String> command = Processes.self(args).orElseThrow();
    Map<String, String> all = new java.util.HashMap<>(env);
    all.put("ISUTOOLS_PROFILE", "off");
    Process process = Processes.start(command, all, log);
    running.add(() -> Processes.stop(process));
    Processes.awaitHttp(process, url, PEER_START, log, what);
    return process;
  }

  /** Through nginx, or to each app in turn for half the time. */
  private IsugramJar.BenchResult bench(IsugramJar isugram, NginxFront nginx) throws IOException {
    if (nginx != null) {
      return isugram.bench(nginx.url(), options.duration, options.concurrency, options.scale, "bench-hosts");
    }
    int first = (options.duration + 1) / 2;
    IsugramJar.BenchResult one = isugram.bench("http://" + APP1 + ":" + options.port, first,
        options.concurrency, options.scale, "bench-app1");
    IsugramJar.BenchResult two = isugram.bench("http://" + APP2 + ":" + options.port,
        Math.max(1, options.duration - first), options.concurrency, options.scale, "bench-app2");
    List<String> messages = new ArrayList<>(one.messages());
    messages.addAll(two.messages());
    return new IsugramJar.BenchResult(one.pass() && two.pass(), one.score() + two.score(),
        one.success() + two.success(), one.fail() + two.fail(), messages);
  }

  private void printRun(String saved, IsugramJar.BenchResult result) throws IOException {
    Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved);
    out.println();
    out.printf("score %d (%s), %d successes, %d failures%n", result.score(), result.pass() ? "pass" : "FAIL",
        result.success(), result.fail());
    if (!result.pass() && !result.messages().isEmpty()) {
      out.println("  " + String.join("; ", result.messages()));
    }
    if (!file.find()) {
      out.println("saved: " + saved);
      return;
    }
    Snapshot run = SnapshotJson.read(Files.readString(Path.of(file.group(1)), StandardCharsets.UTF_8));
    out.println("run " + run.meta().id() + (run.meta().partial() ? " (partial)" : "") + ": "
        + run.http().size() + " routes and " + run.sql().size() + " queries merged from the apps");
    out.printf("  %-6s %-24s %-9s %-8s %s%n", "host", "address", "role", "status", "clock offset");
    for (HostInfo host : run.meta().hosts()) {
      String offset = Double.isNaN(host.clockOffsetMs()) ? "-" : String.format("%.1f ms", host.clockOffsetMs());
      out.printf("  %-6s %-24s %-9s %-8s %s%s%n", host.name(), host.address(),
          host.role() == null ? "-" : host.role(), host.status(), offset,
          host.reason() == null ? "" : "  (" + host.reason() + ")");
    }
  }

  private void stopAll() {
    List<AutoCloseable> all;
    synchronized (running) {
      all = new ArrayList<>(running);
      running.clear();
    }
    // All at once: a Ctrl-C should not wait for each app's shutdown in turn.
    List<Thread> stopping = new ArrayList<>();
    for (AutoCloseable part : all) {
      Thread thread = new Thread(() -> {
        try {
          part.close();
        } catch (Exception ignored) {
          // Stopping the others matters more.
        }
      }, "demo-stop-part");
      thread.start();
      stopping.add(thread);
    }
    for (Thread thread : stopping) {
      try {
        thread.join(TimeUnit.SECONDS.toMillis(45));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void progress(String line) {
    err.println("[demo] " + line);
  }

  /** An empty string when {@code host:port} can be bound, else a line saying why not. */
  static String unusable(String host, int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
      return "";
    } catch (IOException e) {
      return "isutools4j demo: cannot listen on " + host + ":" + port + " (" + e.getMessage() + "):"
          + " the three-host layout needs 127.0.0.2 to 127.0.0.4 as loopback addresses (all of"
          + " 127.0.0.0/8 is on Linux) and the port free on each\n";
    }
  }

  private static String hostOf(String hostPort) {
    return hostPort.substring(0, hostPort.lastIndexOf(':'));
  }

  private static int portOf(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
  }
}
