package dev.isutools4j.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the per-run profile costs the app: isugram's score with the profile on (B, the default:
 * {@code isutools.profile=cpu}) and off (A), in blocks ordered A B B A, repeated, so that a drift
 * of the machine over time falls on both sides alike. Each block is a fresh isugram process: a
 * warm-up bench, then {@code POST /reset}, the measured bench and {@code POST /save}, exactly the
 * loop a user runs. Prints each block and the ratio B/A of each A-B-B-A group (its two B scores
 * over its two A scores), then their median and range; and the same for the app's CPU time per
 * successful request (from /proc), which other load on a shared machine disturbs less.
 *
 * <pre>
 * mvn -B -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.ProfileOverhead \
 *     isugram/target/isugram.jar 3 2 10 20 4 0.1
 * </pre>
 *
 * Arguments: isugram's jar, A-B-B-A groups (3), tuning level (2), warm-up seconds (10), measured
 * seconds (20), bench concurrency (4), data scale (0.1). Uses isugram's embedded H2 database, so
 * that all of the work is in the app's JVM, where the profiler is.
 */
public final class ProfileOverhead {

  private static final Pattern SCORE = Pattern.compile("\"score\"\\s*:\\s*(\\d+)");
  private static final Pattern SUCCESS = Pattern.compile("\"success\"\\s*:\\s*(\\d+)");
  private static final Pattern PASS = Pattern.compile("\"pass\"\\s*:\\s*true");
  private static final Pattern FILE = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"");
  private static final Pattern PROFILE = Pattern.compile(
      "\"profile\"\\s*:\\s*\\{\\s*\"engine\"\\s*:\\s*\"?([^\",]*)\"?,\\s*\"engineVersion\"[^}]*?\"event\"\\s*:\\s*\"([^\"]*)\"");
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private ProfileOverhead() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args.length > 0 ? args[0] : "isugram/target/isugram.jar");
    int groups = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int level = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
    int concurrency = args.length > 5 ? Integer.parseInt(args[5]) : 4;
    String scale = args.length > 6 ? args[6] : "0.1";
    Path work = Files.createTempDirectory("profile-overhead");
    Path data = work.resolve("db");
    run(List.of(JAVA, "-jar", jar.toString(), "load", "--data-dir", data.toString(), "--scale", scale),
        work.resolve("load.log"), Map.of("ISUTOOLS_ADDR", "off"), 1800);

    List<Double> ratios = new ArrayList<>();
    List<Double> cpuRatios = new ArrayList<>();
    System.out.printf(Locale.ROOT, "%-6s %-7s %8s %12s %s%n", "block", "profile", "score",
        "cpu ms/req", "engine");
    int block = 0;
    for (int g = 0; g < groups; g++) {
      long[] a = new long[2];
      long[] b = new long[2];
      double[] cpuA = new double[2];
      double[] cpuB = new double[2];
      String[] order = {"off", "cpu", "cpu", "off"};
      int ai = 0;
      int bi = 0;
      for (String profile : order) {
        Block result = block(jar, data, work, profile, level, warmup, seconds, concurrency, scale, ++block);
        System.out.printf(Locale.ROOT, "%-6d %-7s %8d %12.4f %s%n", block, profile, result.score(),
            result.cpuMsPerRequest(), result.engine());
        if (profile.equals("off")) {
          cpuA[ai] = result.cpuMsPerRequest();
          a[ai++] = result.score();
        } else {
          cpuB[bi] = result.cpuMsPerRequest();
          b[bi++] = result.score();
        }
      }
      double ratio = (double) (b[0] + b[1]) / Math.max(1, a[0] + a[1]);
      double cpuRatio = (cpuB[0] + cpuB[1]) / (cpuA[0] + cpuA[1]);
      ratios.add(ratio);
      cpuRatios.add(cpuRatio);
      System.out.printf(Locale.ROOT, "group %d: score B/A = %.4f, cpu per request B/A = %.4f%n",
          g + 1, ratio, cpuRatio);
    }
    summary("score", ratios);
    summary("cpu per request", cpuRatios);
  }

  private static void summary(String what, List<Double> ratios) {
    List<Double> sorted = new ArrayList<>(ratios);
    sorted.sort(null);
    double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
        : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
    System.out.printf(Locale.ROOT, "%s: median B/A %.4f (%+.2f %%), range %.4f .. %.4f%n",
        what, median, (median - 1) * 100, sorted.get(0), sorted.get(sorted.size() - 1));
  }

  private record Block(long score, double cpuMsPerRequest, String engine) {}

  private static Block block(Path jar, Path data, Path work, String profile, int level, int warmup,
      int seconds, int concurrency, String scale, int n) throws Exception {
    int port = freePort();
    int admin = freePort();
    Path history = work.resolve("history-" + profile);
    ProcessBuilder serve = new ProcessBuilder(JAVA, "-jar", jar.toString(), "serve",
        "--data-dir", data.toString(), "--port", String.valueOf(port), "--tuning", String.valueOf(level))
        .redirectErrorStream(true).redirectOutput(work.resolve("serve-" + n + ".log").toFile());
    serve.environment().putAll(Map.of("ISUTOOLS_ADDR", "127.0.0.1:" + admin,
        "ISUTOOLS_DIR", history.toString(), "ISUTOOLS_PROFILE", profile));
    Process app = serve.start();
    try {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      awaitUp(http, port, app);
      bench(jar, port, warmup, concurrency, scale, work.resolve("warmup-" + n + ".json"));
      post(http, admin, "/reset");
      long cpuBefore = cpuMillis(app.pid());
      Path out = work.resolve("bench-" + n + ".json");
      long score = bench(jar, port, seconds, concurrency, scale, out);
      double cpuMs = cpuMillis(app.pid()) - cpuBefore;
      Matcher success = SUCCESS.matcher(Files.readString(out));
      double perRequest = success.find() ? cpuMs / Math.max(1, Long.parseLong(success.group(1))) : 0;
      Matcher file = FILE.matcher(post(http, admin, "/save?score=" + score));
      String engine = "none";
      if (file.find()) {
        Matcher p = PROFILE.matcher(Files.readString(Path.of(file.group(1))));
        engine = p.find() ? p.group(1) + " " + p.group(2) : "none";
      }
      return new Block(score, perRequest, engine);
    } finally {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
    }
  }

  private static long bench(Path jar, int port, int seconds, int concurrency, String scale, Path out)
      throws Exception {
    run(List.of(JAVA, "-jar", jar.toString(), "bench", "--target", "http://127.0.0.1:" + port,
        "--duration", String.valueOf(seconds), "--concurrency", String.valueOf(concurrency),
        "--scale", scale), out, Map.of(), seconds + 300L);
    String text = Files.readString(out).trim();
    String json = text.substring(Math.max(0, text.lastIndexOf("\n{") + 1));
    Matcher score = SCORE.matcher(json);
    if (!PASS.matcher(json).find() || !score.find()) {
      throw new IOException("bench did not pass: " + json);
    }
    return Long.parseLong(score.group(1));
  }

  private static void run(List<String> command, Path out, Map<String, String> env, long timeoutSeconds)
      throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().putAll(env);
    Process process = builder.start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IOException(command + " failed; output in " + out);
    }
  }

  private static void awaitUp(HttpClient http, int port, Process app) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      if (!app.isAlive()) {
        throw new IOException("isugram exited: " + app.exitValue());
      }
      try {
        HttpResponse<Void> r = http.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port + "/login")).build(), HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new IOException("isugram did not start");
  }

  private static String post(HttpClient http, int admin, String path) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + path))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() / 100 != 2) {
      throw new IOException(path + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  /** The process's user and system CPU time so far, from /proc/PID/stat (clock ticks of 10 ms). */
  private static long cpuMillis(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
