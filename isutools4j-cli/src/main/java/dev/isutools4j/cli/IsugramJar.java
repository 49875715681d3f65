package dev.isutools4j.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The sample app, isugram, run as separate processes from its jar: {@code load}, {@code serve} and
 * {@code bench}. Each process writes its output to a log file; a failure quotes the log's end.
 */
final class IsugramJar {

  private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  private static final int LOG_TAIL_LINES = 30;

  private final Path jar;
  private final Path logs;
  private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  /** A running {@code serve} process. */
  record Server(Process process, int port, Path log) {
    void stop() {
      Processes.stop(process);
    }
  }

  /** The load generator's verdict. */
  record BenchResult(boolean pass, long score, long success, long fail, List<String> messages) {}

  IsugramJar(Path jar, Path logs) {
    this.jar = jar;
    this.logs = logs;
  }

  /** The jar given, else isugram/target/isugram.jar beside this command's jar or the working directory. */
  static Optional<Path> locate(Path given) {
    if (given != null) {
      return Files.isRegularFile(given) ? Optional.of(given) : Optional.empty();
    }
    List<Path> candidates = new ArrayList<>();
    try {
      Path self = Path.of(IsugramJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      // isutools4j-cli/target/isutools4j.jar -> the project root is three levels up.
      Path root = self.getParent() == null ? null : self.getParent().getParent();
      if (root != null && root.getParent() != null) {
        candidates.add(root.getParent().resolve("isugram/target/isugram.jar"));
      }
    } catch (Exception ignored) {
      // Not run from a jar: the working directory is the next guess.
    }
    candidates.add(Path.of("isugram/target/isugram.jar"));
    return candidates.stream().filter(Files::isRegularFile).findFirst();
  }

  void load(List<String> dbArgs, double scale) throws IOException {
    List<String> command = command("load");
    command.addAll(dbArgs);
    command.addAll(List.of("--scale", String.valueOf(scale)));
    Path log = logs.resolve("load.log");
    Process process = start(command, log, Map.of("ISUTOOLS_ADDR", "off"));
    int exit = waitFor(process, Duration.ofMinutes(30));
    if (exit != 0) {
      throw new IOException("isugram load failed (exit " + exit + "):\n" + tail(log));
    }
  }

  Server serve(List<String> dbArgs, int port, int level, String adminAddr, Path history)
      throws IOException {
    // Loopback, as isugram's own default and the admin server's: the demo is for this machine.
    return serve(dbArgs, level, new Placement("127.0.0.1", port, "127.0.0.1", adminAddr, history,
        Map.of(), "serve-level-" + level + ".log"));
  }

  /**
   * Where one isugram process of several runs and what its admin server is told.
   *
   * @param host the address clients reach it on
   * @param bind the address its HTTP port binds ({@code 0.0.0.0}: all)
   * @param env more {@code ISUTOOLS_*} settings, such as its host name
   */
  record Placement(String host, int port, String bind, String adminAddr, Path history,
      Map<String, String> env, String logName) {}

  /** Starts isugram as placed and waits until it answers. */
  Server serve(List<String> dbArgs, int level, Placement at) throws IOException {
    List<String> command = new ArrayList<>(List.of(java, "-Dserver.address=" + at.bind(), "-jar",
        jar.toString(), "serve"));
    command.addAll(dbArgs);
    command.addAll(List.of("--port", String.valueOf(at.port()), "--tuning", String.valueOf(level)));
    Path log = logs.resolve(at.logName());
    Map<String, String> env = new java.util.HashMap<>(at.env());
    env.put("ISUTOOLS_ADDR", at.adminAddr());
    env.put("ISUTOOLS_DIR", at.history().toAbsolutePath().toString());
    Process process = start(command, log, env);
    Server server = new Server(process, at.port(), log);
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("isugram serve exited (" + process.exitValue() + "):\n" + tail(log));
      }
      try {
        HttpResponse<Void> response = http.send(
            HttpRequest.newBuilder(URI.create("http://" + at.host() + ":" + at.port() + "/login"))
                .timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return server;
        }
      } catch (IOException notYet) {
        // Still starting.
      } catch (InterruptedException e) {
        server.stop();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while isugram was starting", e);
      }
      sleep(250);
    }
    server.stop();
    throw new IOException("isugram did not answer on " + at.host() + ":" + at.port() + " within "
        + START_TIMEOUT.toSeconds() + " s:\n" + tail(log));
  }

  BenchResult bench(int port, int seconds, int concurrency, double scale, int level)
      throws IOException {
    return bench(port, seconds, concurrency, scale, level, "");
  }

  /** As above, its output in bench-level-N{@code suffix}.json/.log. */
  BenchResult bench(int port, int seconds, int concurrency, double scale, int level, String suffix)
      throws IOException {
    return bench("http://127.0.0.1:" + port, seconds, concurrency, scale, "bench-level-" + level + suffix);
  }

  /** Runs the load generator against {@code target} (a base URL); its output goes to {@code name}.json/.log. */
  BenchResult bench(String target, int seconds, int concurrency, double scale, String name)
      throws IOException {
    // The load generator shares the app's cores here, unlike a benchmarker on a machine of its own:
    // C1 alone and the serial collector halve the CPU it takes from the app in a 20 s run (its C2
    // compiles took about 10 s of CPU of its 21), and it stays fast enough to saturate the app.
    List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar",
        jar.toString(), "bench"));
    command.addAll(List.of("--target", target, "--duration", String.valueOf(seconds),
        "--concurrency", String.valueOf(concurrency), "--scale", String.valueOf(scale)));
    Path log = logs.resolve(name + ".log");
    Path out = logs.resolve(name + ".json");
    Process process = new ProcessBuilder(command)
        .redirectOutput(out.toFile())
        .redirectError(log.toFile())
        .start();
    process.getOutputStream().close();
    int exit = waitFor(process, Duration.ofSeconds(seconds + 300L));
    String json = Files.readString(out, StandardCharsets.UTF_8).trim();
    int open = json.lastIndexOf("\n{");
    json = open < 0 ? json : json.substring(open + 1);
    if (!json.startsWith("{")) {
      throw new IOException("isugram bench printed no result (exit " + exit + "):\n" + tail(log));
    }
    Map<String, Object> result = JSON.std.mapFrom(json);
    List<String> messages = new ArrayList<>();
    if (result.get("messages") instanceof List<?> list) {
      list.forEach(m -> messages.add(String.valueOf(m)));
    }
    return new BenchResult(Boolean.TRUE.equals(result.get("pass")), number(result.get("score")),
        number(result.get("success")), number(result.get("fail")), messages);
  }

  private static long number(Object value) {
    return value instanceof Number n ? n.longValue() : 0;
  }

  private List<String> command(String subcommand) {
    return new ArrayList<>(List.of(java, "-jar", jar.toString(), subcommand));
  }

  private static Process start(List<String> command, Path log, Map<String, String> env)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    return process;
  }

  private static int waitFor(Process process, Duration timeout) throws IOException {
    try {
      if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("timed out after " + timeout.toSeconds() + " s");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  static String tail(Path log) {
    try {
      List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
      return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
