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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * isugram's {@code serve} in a process of its own, for the overhead harnesses: started with the
 * given environment on free ports, its admin server's reset and save, and its CPU time so far.
 */
final class IsugramProcess implements AutoCloseable {

  private static final Pattern SCORE = Pattern.compile("\"score\"\\s*:\\s*(\\d+)");
  private static final Pattern SUCCESS = Pattern.compile("\"success\"\\s*:\\s*(\\d+)");
  private static final Pattern PASS = Pattern.compile("\"pass\"\\s*:\\s*true");

  static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private final Process process;
  final int port;
  final int admin;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private IsugramProcess(Process process, int port, int admin) {
    this.process = process;
    this.port = port;
    this.admin = admin;
  }

  /** Loads isugram's embedded database at the given scale into {@code data}. */
  static void load(Path jar, Path data, String scale, Path log) throws Exception {
    run(List.of(JAVA, "-jar", jar.toString(), "load", "--data-dir", data.toString(), "--scale", scale),
        log, Map.of("ISUTOOLS_ADDR", "off"), 1800);
  }

  /** Starts {@code serve} (with the JVM options given first) and waits until it answers. */
  static IsugramProcess start(Path jar, Path data, int level, List<String> jvmOptions,
      Map<String, String> env, Path log, String... serveOptions) throws Exception {
    int port = freePort();
    int admin = freePort();
    List<String> command = new ArrayList<>(List.of(JAVA));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString(), "serve", "--data-dir", data.toString(),
        "--port", String.valueOf(port), "--tuning", String.valueOf(level)));
    command.addAll(List.of(serveOptions));
    ProcessBuilder serve = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    serve.environment().put("ISUTOOLS_ADDR", "127.0.0.1:" + admin);
    serve.environment().putAll(env);
    IsugramProcess app = new IsugramProcess(serve.start(), port, admin);
    try {
      app.awaitUp();
    } catch (Exception e) {
      app.close();
      throw e;
    }
    return app;
  }

  long pid() {
    return process.pid();
  }

  /** POSTs to the admin server; returns the body, or fails unless it answered 2xx. */
  String admin(String path) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + path))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() / 100 != 2) {
      throw new IOException(path + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  /** The process's user and system CPU time so far, from /proc/PID/stat (clock ticks of 10 ms). */
  long cpuMillis() throws IOException {
    String stat = Files.readString(Path.of("/proc/" + process.pid() + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
  }

  private void awaitUp() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("isugram exited: " + process.exitValue());
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

/** Runs isugram's bench against the app; returns its score, or fails unless it passed. */
  static long bench(Path jar, int port, int seconds, int concurrency, String scale, Path out)
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

  /** The successful requests a bench's output reports. */
  static long successes(Path benchOutput) throws IOException {
    Matcher success = SUCCESS.matcher(Files.readString(benchOutput));
    return success.find() ? Long.parseLong(success.group(1)) : 0;
  }

  static void run(List<String> command, Path out, Map<String, String> env, long timeoutSeconds)
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

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
