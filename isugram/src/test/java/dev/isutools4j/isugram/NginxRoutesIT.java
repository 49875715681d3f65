package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.NginxServer;
import dev.isutools4j.testing.Requirements;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * isugram behind a private nginx that serves the static files itself and proxies the rest, as
 * private-isu's reference configuration does, with the run's access log section read from
 * nginx's LTSV log: every route of the run's HTTP table has exactly one access-log row, named as
 * the app names it ({@code /image/{id}.{ext}}, {@code /@{accountName}}), with nginx's count equal
 * to the app's. The run and the log are kept in {@code target/nginx-routes-it/} (the command
 * line's tests read a copy of them).
 */
class NginxRoutesIT {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

  private static final String NGINX = """
        log_format ltsv "time:$time_local\\tmethod:$request_method\\turi:$request_uri"
            "\\tstatus:$status\\tsize:$body_bytes_sent\\treqtime:$request_time"
            "\\tapptime:$upstream_response_time";
        access_log {{DIR}}/access.log ltsv;
        server {
          listen 127.0.0.1:{{PORT}};
          location /css/ { root {{DIR}}/public; }
          location /js/ { root {{DIR}}/public; }
          location / {
            proxy_pass http://127.0.0.1:%d;
            proxy_http_version 1.1;
          }
        }
      """;

  @Test
  void everyRouteOfTheHttpTableHasOneAccessLogRowWithTheSameCount() throws Exception {
    Path nginxBinary = Requirements.nginx();
    Path work = Files.createDirectories(Path.of("target", "nginx-routes-it").toAbsolutePath());
    Path data = Files.createTempDirectory(work, "data");
    Path nginxDir = Files.createTempDirectory(work, "nginx");
    Files.createDirectories(nginxDir.resolve("public/css"));
    Files.createDirectories(nginxDir.resolve("public/js"));
    Files.writeString(nginxDir.resolve("public/css/style.css"), "body { margin: 0 }\n");
    Files.writeString(nginxDir.resolve("public/js/main.js"), "console.log(1);\n");
    Path access = nginxDir.resolve("access.log");
    run(work.resolve("load.log"), java(), "-jar", jar().toString(), "load", "--data-dir",
        data.toString(), "--scale", "0.01");

    int port = NginxServer.freePort();
    String admin = "127.0.0.1:" + NginxServer.freePort();
    Path appLog = work.resolve("isugram.log");
    ProcessBuilder builder = new ProcessBuilder(java(), "-jar", jar().toString(), "serve",
        "--data-dir", data.toString(), "--port", String.valueOf(port), "--tuning", "0")
        .redirectErrorStream(true).redirectOutput(appLog.toFile());
    builder.environment().putAll(Map.of("ISUTOOLS_ADDR", admin, "ISUTOOLS_PROFILE", "off",
        "ISUTOOLS_DIR", Files.createTempDirectory(work, "history").toString(),
        "ISUTOOLS_ACCESS_LOG", access.toString()));
    Process app = builder.start();
    try (NginxServer nginx = NginxServer.start(nginxBinary, nginxDir, NGINX.formatted(port))) {
      awaitUp(app, appLog, "http://127.0.0.1:" + port + "/login");
      assertThat(send("POST", "http://" + admin + "/reset", null).statusCode()).isEqualTo(204);
      int sent = workload("http://127.0.0.1:" + nginx.port());
      awaitLines(access, sent);
      HttpResponse<String> saved = send("POST", "http://" + admin + "/save?score=1", null);
      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      Matcher file = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"").matcher(saved.body());
      assertThat(file.find()).isTrue();
      Path runFile = Path.of(file.group(1));
      Files.copy(runFile, work.resolve("run.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      Files.copy(access, work.resolve("access.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      check(SnapshotJson.read(Files.readString(runFile)), sent);
    } finally {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
    }
  }

  private static void check(Snapshot run, int sent) {
    AccessLogSection.Digest digest = run.section(AccessLogSection.class).orElseThrow().digest();
    assertThat(digest).as("the accessLog section has a digest").isNotNull();
    assertThat(digest.requests()).isEqualTo(sent);
    Map<String, List<AccessLogSection.Row>> byRoute = new HashMap<>();
    for (AccessLogSection.Row r : digest.rows()) {
      byRoute.computeIfAbsent(r.method() + " " + r.route(), k -> new ArrayList<>()).add(r);
    }
    assertThat(run.http()).extracting(r -> r.method() + " " + r.route())
        .contains("GET /image/{id}.{ext}", "GET /@{accountName}", "GET /posts/{id}", "POST /login");
    for (HttpRow h : run.http()) {
      String key = h.method() + " " + h.route();
      assertThat(byRoute.get(key)).as(key).hasSize(1);
      AccessLogSection.Row row = byRoute.get(key).get(0);
      assertThat(row.traffic().count()).as(key + ": nginx's count").isEqualTo(h.time().count());
      assertThat(row.appCount()).as(key + ": the app's count beside it").isEqualTo(h.time().count());
      assertThat(row.appRoute()).as(key).isNull();
    }
    assertThat(byRoute.keySet()).as("no row per image extension or per account")
        .noneMatch(k -> k.startsWith("GET /image/") && !k.equals("GET /image/{id}.{ext}"))
        .noneMatch(k -> k.startsWith("GET /@") && !k.equals("GET /@{accountName}"));
    assertThat(byRoute.get("GET /css/style.css").get(0).appCount()).as("nginx alone").isNull();
    assertThat(byRoute.get("GET /js/main.js").get(0).appCount()).as("nginx alone").isNull();
  }

  /**
   * Pages, posts, accounts (real and unknown), images of every extension (a wrong one is a 404 of
   * the same route), the login form, a failed login, and static files; no path outside isugram's
   * routes (Spring would count it under its {@code /**}, which names no route). Returns the
   * requests sent.
   */
  private static int workload(String base) throws Exception {
    String index = send("GET", base + "/", null).body();
    List<String> paths = new ArrayList<>();
    paths.addAll(links(index, "href=\"(/posts/\\d+)\"", 5));
    List<String> users = links(index, "href=\"(/@[A-Za-z0-9_]+)\"", 4);
    assertThat(users).hasSizeGreaterThan(1);
    paths.addAll(users);
    paths.addAll(users);
    paths.add("/@no_such_user_7");
    List<String> images = links(index, "src=\"(/image/\\d+\\.[a-z]+)\"", 12);
    assertThat(images).isNotEmpty();
    paths.addAll(images);
    paths.addAll(List.of("/image/1.png", "/image/2.jpg", "/image/3.gif", "/image/4.bmp"));
    paths.addAll(List.of("/login", "/register", "/posts?max_created_at=2016-01-02T11:46:21%2B09:00",
        "/css/style.css", "/css/style.css", "/js/main.js", "/"));
    for (String path : paths) {
      int status = send("GET", base + path, null).statusCode();
      assertThat(status).as(path).isLessThan(500);
    }
    HttpResponse<String> login = send("POST", base + "/login", "account_name=nobody&password=wrong");
    assertThat(login.statusCode()).isEqualTo(302);
    return 1 + paths.size() + 1;
  }

  private static List<String> links(String page, String regex, int max) {
    Set<String> found = new LinkedHashSet<>();
    Matcher m = Pattern.compile(regex).matcher(page);
    while (m.find() && found.size() < max) {
      found.add(m.group(1));
    }
    return List.copyOf(found);
  }

  private static HttpResponse<String> send(String method, String url, String form) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
    if (form != null) {
      b.header("Content-Type", "application/x-www-form-urlencoded")
          .method(method, HttpRequest.BodyPublishers.ofString(form));
    } else {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** nginx writes a line when it has answered: wait until all of them are there. */
  private static void awaitLines(Path log, int n) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (lines(log) < n && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(lines(log)).as(log.toString()).isEqualTo(n);
  }

  private static long lines(Path log) throws IOException {
    return Files.exists(log) ? Files.readAllLines(log).size() : 0;
  }

  private static void awaitUp(Process app, Path log, String url) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      assertThat(app.isAlive()).as("isugram exited; its output:\n" + Files.readString(log)).isTrue();
      try {
        if (send("GET", url, null).statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError("isugram did not start; its output:\n" + Files.readString(log));
  }

  private static void run(Path log, String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
    assertThat(p.exitValue()).as("see " + log).isZero();
  }

  private static Path jar() {
    Path jar = Path.of(System.getProperty("isugram.jar", "target/isugram.jar"));
    assertThat(jar).as("the packaged isugram.jar").exists();
    return jar;
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
