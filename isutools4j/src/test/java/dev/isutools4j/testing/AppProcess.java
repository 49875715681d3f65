package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link RecordingApp} in a JVM of its own, on the packaged library jar (what a user runs), with
 * its history in a given directory. Its output is kept for failure messages.
 */
public final class AppProcess implements AutoCloseable {

  private static final Pattern READY = Pattern.compile("ready admin=(\\d+) app=(\\d+)");
  private static final long READY_SECONDS = 60;

  private final Process process;
  private final List<String> output = new ArrayList<>();
  private final CompletableFuture<Matcher> ready = new CompletableFuture<>();

  private AppProcess(Process process) {
    this.process = process;
    Thread reader = new Thread(this::read, "app-process-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts the app with its history in {@code dir}; {@code prefix} goes before the java command
   * (a shell that sets a limit, say: the java command follows as its arguments), {@code settings}
   * become system properties.
   */
  public static AppProcess start(Path dir, List<String> prefix, Map<String, String> settings)
      throws IOException {
    List<String> command = new ArrayList<>(prefix);
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.add("-cp");
    command.add(classPath());
    command.add("-Disutools.addr=127.0.0.1:0");
    command.add("-Disutools.dir=" + dir);
    settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.add(RecordingApp.class.getName());
    return new AppProcess(new ProcessBuilder(command).redirectErrorStream(true).start());
  }

  /** The library jar, H2 and this app's classes. */
  public static String classPath() {
    Path jar = Path.of(System.getProperty("isutools.test.jar", "target/missing.jar"));
    assertThat(jar).as("the packaged library jar (an integration test runs after package)").exists();
    return String.join(File.pathSeparator, jar.toString(), codeSource(org.h2.Driver.class),
        codeSource(RecordingApp.class));
  }

  private static String codeSource(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits until the app listens; fails with its output if it does not within a minute. */
  public AppProcess awaitReady() throws Exception {
    try {
      ready.get(READY_SECONDS, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the app did not start within " + READY_SECONDS + " s: " + output());
    }
    return this;
  }

  public URI admin() {
    return URI.create("http://127.0.0.1:" + ready.join().group(1));
  }

  public URI app() {
    return URI.create("http://127.0.0.1:" + ready.join().group(2));
  }

  public long pid() {
    return process.pid();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** {@code kill -9}: on Linux, {@link Process#destroyForcibly} sends SIGKILL. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  public synchronized String output() {
    return String.join("\n", output);
  }

  private void read() {
    try (BufferedReader lines = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        synchronized (this) {
          if (output.size() < 2000) {
            output.add(line);
          }
        }
        Matcher matcher = READY.matcher(line);
        if (matcher.matches()) {
          ready.complete(matcher);
        }
      }
    } catch (IOException ended) {
      // The process is gone.
    }
    ready.completeExceptionally(new IllegalStateException("the app ended: " + output()));
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }
}
