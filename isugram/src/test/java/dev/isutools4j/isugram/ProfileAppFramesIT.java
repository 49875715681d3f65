package dev.isutools4j.isugram;

import static dev.isutools4j.isugram.IsugramJvm.freePort;
import static dev.isutools4j.isugram.IsugramJvm.jar;
import static dev.isutools4j.isugram.IsugramJvm.java;
import static dev.isutools4j.isugram.IsugramJvm.links;
import static dev.isutools4j.isugram.IsugramJvm.send;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.profile.MainClass;
import dev.isutools4j.internal.snapshot.ProfileSection.MethodRow;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * isugram's executable jar, run as its own JVM with a CPU profile: the profile finds the app from
 * the jar's {@code Start-Class} and gives the samples to isugram's own methods, never to
 * isutools4j's (the library's or the agent's), though both live under {@code dev.isutools4j.}.
 */
class ProfileAppFramesIT {

  private static final String MAIN = Main.class.getName();
  private static final List<String> ISUTOOLS4J = List.of("dev.isutools4j.internal.",
      "dev.isutools4j.jdbc.", "dev.isutools4j.http.", "dev.isutools4j.agent.", "dev.isutools4j.Isutools");
  private static final int MAX_REQUESTS = 4_000;
  private static final long LOAD_NANOS = TimeUnit.SECONDS.toNanos(8);

  private static Path work;
  private static Path data;

  @BeforeAll
  static void load() throws Exception {
    work = Files.createDirectories(Path.of("target", "profile-app-it"));
    data = Files.createTempDirectory(work, "data");
    Process load = new ProcessBuilder(java(), "-jar", jar("isugram.jar").toString(), "load",
        "--data-dir", data.toString(), "--scale", "0.01")
        .redirectErrorStream(true).redirectOutput(work.resolve("load.log").toFile()).start();
    assertThat(load.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(load.exitValue()).as("isugram load, see " + work.resolve("load.log")).isZero();
  }

  @Test
  void theStartClassIsReadFromSpringBootsExecutableJar() throws IOException {
    Path jar = jar("isugram.jar");
    try (JarFile file = new JarFile(jar.toFile())) {
      assertThat(file.getManifest().getMainAttributes().getValue(Attributes.Name.MAIN_CLASS))
          .as("Spring Boot's launcher, not isugram's main").startsWith("org.springframework.boot.loader.");
    }
    // As the java launcher sets the two properties for java -jar isugram.jar serve --port 8080.
    assertThat(MainClass.find(jar + " serve --port 8080", jar.toString(), null, () -> null))
        .isEqualTo(new MainClass(MAIN, "Start-Class of isugram.jar"));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void topAppHoldsIsugramsOwnMethods(boolean agent) throws Exception {
    ProfileSection profile = profiledRun(agent).section(ProfileSection.class).orElseThrow();
    assertThat(profile.profiled()).as(profile.error()).isTrue();
    assertThat(profile.app()).isEqualTo(new ProfileSection.App(List.of("dev.isutools4j.isugram."), MAIN,
        "Start-Class of isugram.jar"));

    List<String> topApp = profile.topApp().stream().map(MethodRow::method).toList();
    assertThat(topApp).as("topApp").isNotEmpty()
        .anyMatch(m -> m.startsWith("dev.isutools4j.isugram.web."))
        .allMatch(m -> m.startsWith("dev.isutools4j.isugram."));
    for (List<MethodRow> rows : List.of(profile.topSelf(), profile.topTotal(), profile.topApp())) {
      for (MethodRow row : rows) {
        assertThat(row.app()).as(row.method())
            .isEqualTo(row.method().startsWith("dev.isutools4j.isugram.") && !row.method().contains("CGLIB$$"));
      }
    }
    ProfileSection.Flame flame = profile.flame();
    int isutools4jFrames = 0;
    for (int f = 0; f < flame.frames().size(); f++) {
      String name = flame.frames().get(f);
      if (ISUTOOLS4J.stream().anyMatch(name::startsWith)) {
        isutools4jFrames++;
        assertThat(flame.kinds().charAt(f)).as(name).isEqualTo('f');
      } else if (name.startsWith("dev.isutools4j.isugram.")) {
        assertThat(flame.kinds().charAt(f)).as(name).isEqualTo('a');
      }
    }
    System.out.println("ProfileAppFramesIT (" + (agent ? "agent" : "library") + "): "
        + profile.samples() + " samples, " + isutools4jFrames + " isutools4j frames in the graph, topApp "
        + topApp.subList(0, Math.min(3, topApp.size())));
  }

  /** Serves isugram with a CPU profile, sends a bounded load between reset and save: the run. */
  private static Snapshot profiledRun(boolean agent) throws Exception {
    int port = freePort();
    String admin = "127.0.0.1:" + freePort();
    List<String> command = new ArrayList<>(List.of(java()));
    if (agent) {
      command.add("-javaagent:" + jar("isutools4j-agent.jar"));
    }
    command.addAll(List.of("-jar", jar("isugram.jar").toString(), "serve", "--data-dir", data.toString(),
        "--port", String.valueOf(port), "--tuning", "0", "--integration", agent ? "none" : "library"));
    Path log = Files.createTempFile(work, agent ? "agent" : "library", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(Map.of("ISUTOOLS_ADDR", admin, "ISUTOOLS_PROFILE", "cpu",
        "ISUTOOLS_DIR", Files.createTempDirectory(work, "history").toString()));
    builder.environment().remove("ISUTOOLS_PROFILE_APP");
    Process app = builder.start();
    try {
      IsugramJvm.awaitUp(app, log, "http://127.0.0.1:" + port);
      String base = "http://127.0.0.1:" + port;
      assertThat(send("POST", "http://" + admin + "/reset").statusCode()).isEqualTo(204);
      int sent = load(base);
      HttpResponse<String> saved = send("POST", "http://" + admin + "/save?score=" + sent);
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
      assertThat(file.find()).isTrue();
      return SnapshotJson.read(Files.readString(Path.of(file.group(1))));
    } finally {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
    }
  }

  /** The index, posts and users pages in turn, for at most LOAD_NANOS and MAX_REQUESTS. */
  private static int load(String base) throws Exception {
    String index = send("GET", base + "/").body();
    List<String> paths = new ArrayList<>(List.of("/"));
    paths.addAll(links(index, "href=\"(/posts/\\d+)\"", 5));
    paths.addAll(links(index, "href=\"(/@[A-Za-z0-9_]+)\"", 3));
    assertThat(paths).hasSizeGreaterThan(3);
    long deadline = System.nanoTime() + LOAD_NANOS;
    int sent = 0;
    while (sent < MAX_REQUESTS && System.nanoTime() < deadline) {
      assertThat(send("GET", base + paths.get(sent % paths.size())).statusCode()).isEqualTo(200);
      sent++;
    }
    return sent;
  }

}
