package dev.isutools4j.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One process of a test's layout (an app, a host, the hub), its output in a log file; it can be
 * waited for, paused ({@code SIGSTOP}), resumed and killed ({@code SIGKILL}) as a fault.
 */
final class Child implements AutoCloseable {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(2)).build();

  private final String name;
  private final Process process;
  private final Path log;

  private Child(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  static Child start(String name, List<String> command, Map<String, String> env, Path log)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    return new Child(name, process, log);
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Waits until {@code url} answers 200, at most {@code timeout}; fails with the log when it exits first. */
  Child awaitOk(String url, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError(name + " exited with " + process.exitValue() + ":\n" + output());
      }
      try {
        HttpResponse<Void> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return this;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(200);
    }
    throw new AssertionError(name + " did not answer " + url + " within " + timeout.toSeconds()
        + " s:\n" + output());
  }

  /** Waits for the process to end, at most {@code timeout} (then kills it); its exit code. */
  int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError(name + " did not end within " + timeout.toSeconds() + " s:\n" + output());
    }
    return process.exitValue();
  }

  String name() {
    return name;
  }

  long pid() {
    return process.pid();
  }

  boolean alive() {
    return process.isAlive();
  }

  /** Sends {@code signal} (such as {@code STOP} or {@code CONT}) with kill(1). */
  void signal(String signal) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
        .redirectErrorStream(true).start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new AssertionError("kill -" + signal + " " + process.pid() + " failed: "
          + new String(kill.getInputStream().readAllBytes()));
    }
  }

  /** {@code kill -9}: the process ends with no chance to answer anything. */
  void kill9() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  String output() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  @Override
  public void close() throws Exception {
    stop(Duration.ofSeconds(20));
  }

  /** SIGTERM (resumed first if stopped), then SIGKILL once {@code grace} is over. */
  void stop(Duration grace) throws Exception {
    if (!process.isAlive()) {
      return;
    }
    try {
      signal("CONT"); // a stopped process would not act on SIGTERM until resumed
    } catch (AssertionError endedMeanwhile) {
      return;
    }
    process.destroy();
    if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
