package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command jar run as a user runs it: {@code serve} and {@code prune} as subprocesses. */
class CommandsIT {

  @TempDir
  Path dir;

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private Process cli(Path log, String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-jar",
        Path.of("target/isutools4j.jar").toString()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  @Test
  void versionIsTheOneTheJarsManifestCarries() throws Exception {
    String expected = "isutools4j " + System.getProperty("isutools.test.version");
    for (String[] args : new String[][] {{"--version"}, {"alp", "--version"}}) {
      Path log = dir.resolve("version.log");
      Process version = cli(log, args);
      boolean exited = version.waitFor(60, TimeUnit.SECONDS);
      if (!exited) {
        version.destroyForcibly();
      }
      assertThat(exited).as("isutools4j %s exited", String.join(" ", args)).isTrue();
      assertThat(Files.readString(log, StandardCharsets.UTF_8).strip()).as(String.join(" ", args))
          .isEqualTo(expected);
    }
  }

  @Test
  void serveListsTheRunsOfADirectoryWithNoAppRunning() throws Exception {
    Path history = Files.createDirectories(dir.resolve("history"));
    RunStore store = new RunStore(history);
    store.write(ServeCommandTest.run("run-one", Instant.parse("2026-11-29T10:00:00Z"), 100, "one"));
    store.write(ServeCommandTest.run("run-two", Instant.parse("2026-11-29T11:00:00Z"), 200, "two"));
    int port = freePort();
    Path log = dir.resolve("serve.log");
    Process serve = cli(log, "serve", "--dir", history.toString(), "--addr", "127.0.0.1:" + port);
    try {
      HttpClient client = HttpClient.newHttpClient();
      HttpResponse<String> page = null;
      for (int i = 0; i < 150 && page == null; i++) {
        try {
          page = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
              HttpResponse.BodyHandlers.ofString());
        } catch (IOException notYet) {
          assertThat(serve.isAlive()).as(Files.readString(log)).isTrue();
          Thread.sleep(100);
        }
      }
      assertThat(page).as(Files.readString(log)).isNotNull();
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("run-one").contains("run-two");
      HttpResponse<String> reset = client.send(HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + port + "/reset")).POST(HttpRequest.BodyPublishers.noBody()).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(reset.statusCode()).isEqualTo(409);
      assertThat(reset.body()).contains("read-only: serving");
      assertThat(Files.readString(log, StandardCharsets.UTF_8)).contains("serving").contains("(read-only)");
    } finally {
      serve.destroy();
      serve.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void pruneAndItsErrorsFromTheCommandLine() throws Exception {
    RunStore store = new RunStore(dir, dev.isutools4j.internal.web.RunPage::standalone);
    store.write(ServeCommandTest.run("old", Instant.parse("2026-11-29T10:00:00Z"), 1, "old"));
    store.write(ServeCommandTest.run("new", Instant.parse("2026-11-29T11:00:00Z"), 2, "new"));
    Path log = dir.resolve("prune.log");
    Process prune = cli(log, "prune", "--dir", dir.toString(), "--keep", "1");
    assertThat(prune.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(prune.exitValue()).as(output).isZero();
    assertThat(output).contains("old.html").doesNotContain("new.html");
    assertThat(dir.resolve("old.json")).exists();
    assertThat(dir.resolve("new.html")).exists();

    Path bad = dir.resolve("bad.log");
    Process wrong = cli(bad, "prune", "--dir", dir.toString(), "--max-size", "lots");
    assertThat(wrong.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(wrong.exitValue()).isEqualTo(2);
    assertThat(Files.readString(bad)).contains("not a size").doesNotContain("Exception");
  }
}
