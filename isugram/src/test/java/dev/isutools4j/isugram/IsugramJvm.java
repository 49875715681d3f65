package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * isugram's packaged executable jar ({@code java -jar isugram.jar serve ...}) in a JVM of its own,
 * as a user starts it, with its admin server on a free port and its history in a folder of its own.
 */
final class IsugramJvm implements AutoCloseable {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER).build();

  private final Process process;
  private final Path log;
  private final String base;
  private final String admin;

  private IsugramJvm(Process process, Path log, String base, String admin) {
    this.process = process;
    this.log = log;
    this.base = base;
    this.admin = admin;
  }

  /**
   * Starts {@code java [jvmArgs] -jar isugram.jar serve [serveArgs] --port P} and waits until it
   * answers.
   */
  static IsugramJvm serve(Path work, List<String> jvmArgs, List<String> serveArgs) throws Exception {
    int port = freePort();
    String admin = "127.0.0.1:" + freePort();
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(jvmArgs);
    command.addAll(List.of("-jar", isugramJar().toString(), "serve", "--port",
        String.valueOf(port)));
    command.addAll(serveArgs);
    Path log = Files.createTempFile(work, "isugram", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(Map.of("ISUTOOLS_ADDR", admin, "ISUTOOLS_PROFILE", "off",
        "ISUTOOLS_DIR", Files.createTempDirectory(work, "history").toString()));
    IsugramJvm app = new IsugramJvm(builder.start(), log, "http://127.0.0.1:" + port, admin);
    app.awaitUp();
    return app;
  }

  /** isugram's executable jar, as {@code mvn package} made it. */
  static Path isugramJar() {
    return jar("isugram.jar");
  }

  /** The agent jar the build copied beside isugram's. */
  static Path agentJar() {
    return jar("isutools4j-agent.jar");
  }

  /** The app's address, such as {@code http://127.0.0.1:8080}. */
  String base() {
    return base;
  }

  HttpResponse<String> get(String path) throws Exception {
    return send("GET", base + path);
  }

  /** Posts {@code form} (its values URL-encoded) to the app, as a browser submits a form. */
  HttpResponse<String> postForm(String path, Map<String, String> form) throws Exception {
    String body = form.entrySet().stream()
        .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
    return HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  void reset() throws Exception {
    assertThat(send("POST", "http://" + admin + "/reset").statusCode()).isEqualTo(204);
  }

  /** Saves the open run and returns its JSON file. */
  Path save() throws Exception {
    HttpResponse<String> saved = send("POST", "http://" + admin + "/save?score=1");
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
    Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
    assertThat(file.find()).as(saved.body()).isTrue();
    return Path.of(file.group(1));
  }

  /** Everything the app printed so far. */
  String output() throws IOException {
    return Files.readString(log);
  }

  private void awaitUp() throws Exception {
    awaitUp(process, log, base);
  }

  /** Waits until the app at {@code base} answers its login page, at most 180 s. */
  static void awaitUp(Process app, Path log, String base) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      assertThat(app.isAlive()).as("isugram exited; its output:\n" + Files.readString(log)).isTrue();
      try {
        if (send("GET", base + "/login").statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError("isugram did not start; its output:\n" + Files.readString(log));
  }

  /** The first {@code max} distinct first groups of {@code regex} in {@code page}. */
  static List<String> links(String page, String regex, int max) {
    LinkedHashSet<String> found = new LinkedHashSet<>();
    Matcher m = Pattern.compile(regex).matcher(page);
    while (m.find() && found.size() < max) {
      found.add(m.group(1));
    }
    return List.copyOf(found);
  }


  static HttpResponse<String> send(String method, String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  static Path jar(String name) {
    String property = name.equals("isugram.jar") ? "isugram.jar" : "isutools.agent.jar";
    Path jar = Path.of(System.getProperty(property, "target/" + name));
    assertThat(jar).as("the packaged " + name).exists();
    return jar;
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
