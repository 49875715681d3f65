package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.Executables;
import dev.isutools4j.testing.Requirement;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * isugram deployed as a jar: started with {@code java -jar} from a working directory outside any
 * git work tree, it records the revision of the work tree the jar sits in, and says so on the page.
 */
class RevisionIT {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void aJarStartedFromElsewhereRecordsTheRevisionOfItsWorkTree() throws Exception {
    Requirement.require("git", Executables.find("git").isPresent(), "no git on PATH; install git");
    Path jar = Path.of(System.getProperty("isugram.jar", "target/isugram.jar")).toAbsolutePath().normalize();
    assertThat(jar).as("the packaged isugram.jar").exists();
    Git head = git(jar.getParent(), "rev-parse", "--verify", "HEAD");
    Requirement.require("a git work tree around isugram.jar", head.exit() == 0,
        "git rev-parse HEAD in " + jar.getParent() + " said: " + head.output());
    Path cwd = Files.createTempDirectory("isugram-revision-cwd").toRealPath();
    Git outside = git(cwd, "rev-parse", "--show-toplevel");
    assertThat(outside.exit()).as("the working directory %s must be outside any git work tree: %s",
        cwd, outside.output()).isNotZero();

    Path work = Files.createDirectories(Path.of("target", "revision-it")).toAbsolutePath();
    Path data = Files.createTempDirectory(work, "data");
    Process load = new ProcessBuilder(java(), "-jar", jar.toString(), "load", "--data-dir", data.toString(),
        "--scale", "0.01").redirectErrorStream(true).redirectOutput(work.resolve("load.log").toFile()).start();
    assertThat(load.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(load.exitValue()).as("isugram load, see " + work.resolve("load.log")).isZero();
    Path history = Files.createTempDirectory(work, "history");
    Path log = Files.createTempFile(work, "serve", ".log");
    int[] ports = freePorts();
    String admin = "127.0.0.1:" + ports[0];
    int port = ports[1];
    ProcessBuilder builder = new ProcessBuilder(java(), "-jar", jar.toString(), "serve",
        "--data-dir", data.toString(), "--port", String.valueOf(port))
        .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(Map.of("ISUTOOLS_ADDR", admin, "ISUTOOLS_PROFILE", "off",
        "ISUTOOLS_DIR", history.toString()));
    builder.environment().remove("ISUTOOLS_GIT_REVISION");
    Process app = builder.start();
    try {
      String login = "http://127.0.0.1:" + port + "/login";
      awaitUp(app, log, login);
      assertThat(send("POST", "http://" + admin + "/reset").statusCode()).isEqualTo(204);
      assertThat(send("GET", login).statusCode()).isEqualTo(200);
      HttpResponse<String> saved = send("POST", "http://" + admin + "/save?score=1");
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
      assertThat(file.find()).isTrue();
      RunMeta meta = SnapshotJson.read(Files.readString(Path.of(file.group(1)))).meta();
      boolean dirty = git(jar.getParent(), "diff-index", "--quiet", "HEAD", "--").exit() == 1;

      assertThat(meta.requests()).isEqualTo(1);
      assertThat(meta.revision()).isEqualTo(head.output().strip());
      assertThat(meta.dirty()).isEqualTo(dirty);
      assertThat(meta.revisionSource()).isEqualTo("jar " + jar);
      assertThat(send("GET", "http://" + admin + "/runs/" + meta.id()).body())
          .contains("<span class=\"muted rev-source\">from the jar " + jar + "</span>");
    } finally {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
      Files.deleteIfExists(cwd);
    }
  }

  private record Git(int exit, String output) {}

  private static Git git(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Git(p.exitValue(), out);
  }

  private static void awaitUp(Process app, Path log, String url) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      assertThat(app.isAlive()).as("isugram exited; its output:\n" + Files.readString(log)).isTrue();
      try {
        if (send("GET", url).statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError("isugram did not start; its output:\n" + Files.readString(log));
  }

  private static HttpResponse<String> send(String method, String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Two ports free now, and distinct: both sockets are open when the second is chosen. */
  private static int[] freePorts() throws IOException {
    try (ServerSocket first = new ServerSocket(0); ServerSocket second = new ServerSocket(0)) {
      return new int[] {first.getLocalPort(), second.getLocalPort()};
    }
  }
}
