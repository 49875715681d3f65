package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.File;
import java.io.IOException;
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
import java.util.stream.Stream;

/**
 * A test app in its own JVM, started with {@code -javaagent}: its class path holds the app's classes
 * and jars only, never the library.
 */
final class AgentJvm implements AutoCloseable {

  private static final Pattern ADMIN = Pattern.compile("admin server on http://([^/ ]+)/");
  private static final Pattern READY = Pattern.compile("READY (\\d+)");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final Process process;
  private final Path log;
  final int appPort;
  final String admin;

  private AgentJvm(Process process, Path log, int appPort, String admin) {
    this.process = process;
    this.log = log;
    this.appPort = appPort;
    this.admin = admin;
  }

  /** The JDKs to run on: this one, and JDK 25 where it is installed. */
  static Stream<String> javas() {
    List<String> javas = new ArrayList<>();
    javas.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    if (Files.isExecutable(jdk25)) {
      javas.add(jdk25.toString());
    } else {
      System.out.println("AgentJvm: no JDK 25 at " + jdk25 + "; running on this JDK only");
    }
    return javas.stream();
  }

  static String defaultJava() {
    return javas().findFirst().orElseThrow();
  }

  static Path agentJar() {
    Path jar = Path.of(System.getProperty("isutools.agent.jar", "target/isutools4j-agent.jar"));
    assertThat(jar).as("the packaged agent jar").exists();
    return jar;
  }

  /** The app's class path: its classes, and the jars holding the given classes (or the given jars). */
  static String classpath(Object... jars) throws Exception {
    List<String> entries = new ArrayList<>();
    entries.add(System.getProperty("isutools.app.classes", "target/test-classes"));
    for (Object jar : jars) {
      Path path = jar instanceof Class<?> type
          ? Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
          : (Path) jar;
      assertThat(path).exists();
      assertThat(path.toString()).doesNotContain("isutools4j/target");
      entries.add(path.toString());
    }
    return String.join(File.pathSeparator, entries);
  }

  /** Tomcat 9's jars (a javax.servlet container), then the given ones, for {@link #classpath}. */
  static Object[] appTomcat9(Object... more) {
    List<Object> jars = new ArrayList<>();
    for (String jar : System.getProperty("isutools.app.tomcat9", "missing-tomcat9.jar").split(File.pathSeparator)) {
      jars.add(Path.of(jar));
    }
    jars.addAll(List.of(more));
    return jars.toArray();
  }

  /** The app's own Byte Buddy jar, an older version than the agent's. */
  static Path appByteBuddy() {
    return Path.of(System.getProperty("isutools.app.bytebuddy", "missing-byte-buddy.jar"));
  }

  /**
   * Starts {@code mainClass} with the agent and waits until it serves.
   *
   * @param agentArgs the agent's argument string, or null
   * @param waitForAdmin whether to wait for the admin server's log line too
   */
  static AgentJvm start(String java, String agentArgs, Map<String, String> env, String classpath,
      String mainClass, boolean waitForAdmin, String... args) throws Exception {
    return start(java, "off", agentArgs, env, classpath, mainClass, waitForAdmin, args);
  }

  /** As {@link #start}, with the CPU profile at its default instead of off. */
  static AgentJvm startProfiled(String java, String agentArgs, String classpath, String mainClass,
      String... args) throws Exception {
    return start(java, "cpu", agentArgs, Map.of(), classpath, mainClass, true, args);
  }

  private static AgentJvm start(String java, String profile, String agentArgs, Map<String, String> env,
      String classpath, String mainClass, boolean waitForAdmin, String... args) throws Exception {
    Path log = Files.createTempFile("agent-jvm", ".log");
    List<String> command = new ArrayList<>(List.of(java,
        "-javaagent:" + agentJar() + (agentArgs == null ? "" : "=" + agentArgs),
        "-Disutools.profile=" + profile, "-cp", classpath, mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    // Its own working directory: whatever it writes by default stays under target/.
    Path work = Path.of(System.getProperty("isutools.it.dir", "target/it")).resolve("work");
    Files.createDirectories(work);
    builder.directory(Files.createTempDirectory(work, "jvm").toFile());
    Process process = builder.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    Integer port = null;
    String admin = null;
    while (System.nanoTime() < deadline) {
      String output = Files.readString(log, StandardCharsets.UTF_8);
      Matcher ready = READY.matcher(output);
      if (ready.find()) {
        port = Integer.parseInt(ready.group(1));
      }
      Matcher adminLine = ADMIN.matcher(output);
      if (adminLine.find()) {
        admin = adminLine.group(1);
      }
      if (port != null && (admin != null || !waitForAdmin)) {
        return new AgentJvm(process, log, port, admin);
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(100);
    }
    process.destroyForcibly();
    throw new AssertionError("the app did not start; its output:\n" + Files.readString(log));
  }

  String output() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }

  HttpResponse<String> app(String method, String path) throws Exception {
    return send(method, "http://127.0.0.1:" + appPort + path);
  }

  /** A GET to the app with this {@code Cookie} header, as a browser in a session sends it. */
  HttpResponse<String> appWithCookie(String path, String cookie) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + appPort + path))
        .header("Cookie", cookie).build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> admin(String method, String path) throws Exception {
    return send(method, "http://" + admin + path);
  }

  /** Saves the open run and reads it back from its file. */
  Snapshot save() throws Exception {
    HttpResponse<String> saved = admin("POST", "/save?score=1");
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
    Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
    assertThat(file.find()).as(saved.body()).isTrue();
    return SnapshotJson.read(Files.readString(Path.of(file.group(1))));
  }

  private static HttpResponse<String> send(String method, String url) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(url))
        .method(method, HttpRequest.BodyPublishers.noBody()).build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
