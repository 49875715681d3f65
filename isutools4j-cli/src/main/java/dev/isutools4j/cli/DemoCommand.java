package dev.isutools4j.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The demo: isugram with isutools4j, a benchmark run per tuning level, and the dashboard.
 *
 * <p>Each level runs in its own isugram process (a tuning level is chosen at start), all writing to
 * one history directory; the last one keeps serving the dashboard until Ctrl-C. With
 * {@code --hosts 3}, {@link ThreeHostDemo} lays out three servers on loopback addresses instead.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run the sample app under load at several tuning levels and show the runs.")
final class DemoCommand implements Callable<Integer> {

  @Option(names = "--db", paramLabel = "URL",
      description = "a plain JDBC URL (jdbc:mariadb://host:port/db?user=..&password=..); default: embedded H2")
  String db;

  // The original's own size: at a tenth of it an in-process H2 makes N+1 queries nearly free, and
  // "+ no N+1" scored no better than the level below it.
  @Option(names = "--scale", defaultValue = "1", description = "data scale, 1 = 10,000 posts, 100,000 comments"
      + " as the original (default: ${DEFAULT-VALUE})")
  double scale;

  @Option(names = "--levels", split = ",", defaultValue = "0,1,2", description = "tuning levels to run (default: ${DEFAULT-VALUE})")
  List<Integer> levels;

  @Option(names = "--duration", defaultValue = "20", description = "seconds of load per level (default: ${DEFAULT-VALUE})")
  int duration;

  @Option(names = "--warmup", defaultValue = "20", paramLabel = "SECONDS",
      description = "seconds of load before each level's run, not part of it: the JIT's first"
          + " seconds are not the app (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--concurrency", defaultValue = "4", description = "parallel scenario loops (default: ${DEFAULT-VALUE})")
  int concurrency;

  @Option(names = "--dir", defaultValue = "isutools-data", description = "the history directory (default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--addr", defaultValue = "127.0.0.1:19191", description = "the admin server's address (default: ${DEFAULT-VALUE})")
  String addr;

  @Option(names = "--port", defaultValue = "8080", description = "isugram's HTTP port (default: ${DEFAULT-VALUE})")
  int port;

  @Option(names = "--isugram", paramLabel = "JAR", description = "isugram's jar (default: isugram/target/isugram.jar)")
  Path isugramJar;

  @Option(names = "--exit", description = "stop after the last level instead of serving the dashboard")
  boolean exit;

  @Option(names = "--hosts", defaultValue = "1", paramLabel = "N",
      description = "1: one isugram; 3: the three-server layout on loopback addresses (isugram on"
          + " 127.0.0.2 and 127.0.0.3, nginx in front on 127.0.0.1, isutools4j host on 127.0.0.4,"
          + " the hub on --addr), one run at the first of --levels (default: ${DEFAULT-VALUE})")
  int hosts;

  private static final int WARMUP_ATTEMPTS = 3;

  private final PrintStream out = System.out;
  private final PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    Path jar = IsugramJar.locate(isugramJar).orElse(null);
    if (jar == null) {
      err.println("isutools4j demo: isugram's jar was not found; build it first: mvn -DskipTests package");
      return 2;
    }
    if (levels.isEmpty() || levels.stream().anyMatch(l -> l < 0 || l > 5)) {
      err.println("isutools4j demo: --levels takes tuning levels 0..5, e.g. 0,1,2");
      return 2;
    }
    if (hosts != 1 && hosts != 3) {
      err.println("isutools4j demo: --hosts is 1 or 3");
      return 2;
    }
    if (hosts == 3) {
      return new ThreeHostDemo(this, out, err).run(jar);
    }
    String portProblem = taken(port, "isugram's --port") + taken(portOf(addr), "the admin --addr");
    if (!portProblem.isEmpty()) {
      err.print(portProblem);
      return 1;
    }
    Path logs = Files.createDirectories(dir.resolve("demo-logs"));
    Path isugramData = dir.resolve("isugram");
    List<String> dbArgs = db == null
        ? List.of("--data-dir", isugramData.toAbsolutePath().toString())
        : List.of("--db", db);
    IsugramJar isugram = new IsugramJar(jar, logs);
    AdminClient admin = new AdminClient(addr);

    progress("generating data (scale " + scale + ") into "
        + (db == null ? "embedded H2" : dev.isutools4j.internal.dbtarget.JdbcUrls.withoutPassword(db)));
    isugram.load(dbArgs, scale);

    List<String[]> table = new ArrayList<>();
    IsugramJar.Server last = null;
    for (int i = 0; i < levels.size(); i++) {
      int level = levels.get(i);
      progress("level " + level + ": starting isugram (tuning " + level + ")");
      IsugramJar.Server server = isugram.serve(dbArgs, port, level, addr, dir);
      try {
        waitForAdmin(admin, server);
        warmUp(isugram, level);
        String id = admin.reset();
        progress("level " + level + ": run " + id + ", load for " + duration + " s at concurrency " + concurrency);
        IsugramJar.BenchResult result = isugram.bench(port, duration, concurrency, scale, level);
        admin.save(result.score(), result.pass(), "tuning level " + level, "level-" + level);
        table.add(new String[] {String.valueOf(level), String.valueOf(result.score()),
            result.pass() ? "pass" : "FAIL", String.valueOf(result.success()), String.valueOf(result.fail()), id});
        if (!result.pass() && !result.messages().isEmpty()) {
          progress("level " + level + ": " + String.join("; ", result.messages()));
        }
      } catch (IOException | RuntimeException e) {
        server.stop();
        throw e;
      }
      if (i == levels.size() - 1 && !exit) {
        last = server;
      } else {
        server.stop();
      }
    }
    printTable(table, admin.base());
    out.println();
    out.println("dashboard: " + admin.base() + "/");
    out.println("logs:      " + logs.toAbsolutePath());
    if (last != null) {
      out.println("serving isugram on http://127.0.0.1:" + port + "/ and the dashboard; Ctrl-C stops");
      IsugramJar.Server running = last;
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        running.stop();
        stopped.countDown();
      }, "demo-stop"));
      running.process().waitFor();
      stopped.countDown();
    }
    return 0;
  }

  private void waitForAdmin(AdminClient admin, IsugramJar.Server server) throws IOException {
    for (int i = 0; i < 100; i++) {
      if (admin.reachable()) {
        return;
      }
      if (!server.process().isAlive()) {
        break;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new IOException("isutools4j's admin server did not answer on " + addr
        + " (is the port free?):\n" + IsugramJar.tail(server.log()));
  }

  /**
   * Loads the fresh isugram for {@code --warmup} seconds before its run opens, so that the run
   * measures it warm. A load generator run that stops early (a check failed, as a cold level 0's
   * first page can time out on a busy machine) is followed by another for the time left, three at
   * most.
   */
  private void warmUp(IsugramJar isugram, int level) throws IOException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmup);
    for (int attempt = 1; attempt <= WARMUP_ATTEMPTS; attempt++) {
      long left = Math.round((end - System.nanoTime()) / 1e9);
      if (left < 1) {
        return;
      }
      progress("level " + level + ": warming up for " + left + " s (not part of the run)");
      IsugramJar.BenchResult result = isugram.bench(port, (int) left, concurrency, scale, level,
          "-warmup-" + attempt);
      if (result.pass()) {
        return;
      }
      progress("level " + level + ": the warm-up stopped early: " + String.join("; ", result.messages()));
    }
  }

  /**
   * A row per level (level, score, pass, success, fail, run id): the score beside what the level
   * changed, then the run page's address and the diff's from the run before it.
   */
  private void printTable(List<String[]> rows, String dashboard) {
    out.println();
    out.printf("%-5s %8s %-4s  %s%n", "level", "score", "", "what the level changed");
    String previous = null;
    for (String[] r : rows) {
      String failed = "0".equals(r[4]) ? "" : " (" + r[4] + " failed checks)";
      out.printf("%-5s %8s %-4s  %s%s%n", r[0], r[1], r[2],
          TuningLevels.change(Integer.parseInt(r[0])), failed);
      out.printf("%-20s run:  %s/runs/%s%n", "", dashboard, r[5]);
      if (previous != null) {
        out.printf("%-20s diff: %s/diff?a=%s&b=%s%n", "", dashboard, previous, r[5]);
      }
      previous = r[5];
    }
  }

  private void progress(String line) {
    err.println("[demo] " + line);
  }

  private static int portOf(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
  }

  /** An empty string when the port is free on loopback, else a line saying it is taken. */
  static String taken(int port, String what) {
    if (port == 0) {
      return "";
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return "";
    } catch (IOException e) {
      return "isutools4j demo: port " + port + " (" + what + ") is taken; choose another\n";
    }
  }
}
