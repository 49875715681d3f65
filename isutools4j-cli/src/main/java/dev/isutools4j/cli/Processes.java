package dev.isutools4j.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Child processes of the demo: started with their output in a log file, waited for, stopped. */
final class Processes {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(2)).build();

  private Processes() {}

  /** This JVM's {@code java}. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** {@code java -cp <this command's jar> dev.isutools4j.cli.Main args...}, if it runs from a jar or classes. */
  static Optional<List<String>> self(List<String> args) {
    try {
      Path self = Path.of(Processes.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      List<String> command = new ArrayList<>(List.of(java(), "-cp", self.toString(), Main.class.getName()));
      command.addAll(args);
      return Optional.of(command);
    } catch (Exception e) {
      return Optional.empty();
    }
  }

  /** Starts {@code command} with {@code env} added, stdout and stderr into {@code log}. */
  static Process start(List<String> command, Map<String, String> env, Path log) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    return process;
  }

  /**
   * Waits until {@code url} answers any HTTP status, at most {@code timeout}; an exception with the
   * log's end when the process exits first or the time is over.
   */
  static void awaitHttp(Process process, String url, Duration timeout, Path log, String what)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(what + " exited (" + process.exitValue() + "):\n" + IsugramJar.tail(log));
      }
      try {
        HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.discarding());
        return;
      } catch (IOException notYet) {
        pause(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + what, e);
      }
    }
    throw new IOException(what + " did not answer on " + url + " within " + timeout.toSeconds()
        + " s:\n" + IsugramJar.tail(log));
  }

  /** SIGTERM, then SIGKILL after 30 s. */
  static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
