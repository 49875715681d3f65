package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessKeys;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.access.AccessRow;
import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.testing.NginxServer;
import dev.isutools4j.testing.Requirements;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A private nginx in front of a small backend writes the same requests to three access logs, in
 * LTSV, JSON and combined + times; each digest agrees with a plain count of its file and with
 * what the test sent.
 */
class NginxAccessLogIT {

  private static final String LOG_FORMATS = """
        log_format ltsv "time:$time_local\\tmethod:$request_method\\turi:$request_uri"
            "\\tstatus:$status\\tsize:$body_bytes_sent\\treqtime:$request_time"
            "\\tapptime:$upstream_response_time\\tua:$http_user_agent";
        log_format json escape=json '{"time":"$time_iso8601","method":"$request_method",'
            '"uri":"$request_uri","status":"$status","body_bytes":$body_bytes_sent,'
            '"request_time":"$request_time","response_time":"$upstream_response_time"}';
        log_format timed '$remote_addr - $remote_user [$time_local] "$request" $status '
            '$body_bytes_sent "$http_referer" "$http_user_agent" $request_time $upstream_response_time';
        access_log {{DIR}}/access.ltsv ltsv;
        access_log {{DIR}}/access.json json;
        access_log {{DIR}}/access.log timed;
        server {
          listen 127.0.0.1:{{PORT}};
          location /api/ {
            proxy_pass http://127.0.0.1:%d;
            proxy_http_version 1.1;
          }
          location /static/ { default_type text/javascript; return 200 "console.log(42);"; }
          location = /cached { return 304; }
          location = /missing { return 404; }
        }
      """;

  @TempDir Path dir;
  private HttpServer backend;
  private NginxServer nginx;
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeEach
  void start() throws Exception {
    Path binary = Requirements.nginx();
    backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    backend.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(8));
    backend.createContext("/api/", exchange -> {
      String query = exchange.getRequestURI().getRawQuery();
      String path = exchange.getRequestURI().getPath();
      int status = "POST".equals(exchange.getRequestMethod()) ? 201 : 200;
      long sleep = 0;
      if (query != null) {
        for (String pair : query.split("&")) {
          if (pair.startsWith("status=")) {
            status = Integer.parseInt(pair.substring(7));
          } else if (pair.startsWith("sleepMs=")) {
            sleep = Long.parseLong(pair.substring(8));
          }
        }
      }
      if (sleep > 0) {
        try {
          Thread.sleep(sleep);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      String last = path.substring(path.lastIndexOf('/') + 1);
      byte[] body = new byte[last.matches("\\d+") ? Integer.parseInt(last) * 10 : 3];
      java.util.Arrays.fill(body, (byte) 'x');
      exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    backend.start();
    nginx = NginxServer.start(binary, dir, LOG_FORMATS.formatted(backend.getAddress().getPort()));
  }

  @AfterEach
  void stop() {
    if (nginx != null) {
      nginx.close();
    }
    if (backend != null) {
      backend.stop(0);
      ((java.util.concurrent.ExecutorService) backend.getExecutor()).shutdownNow();
    }
  }

  private int send(String method, String path) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nginx.port() + path))
        .timeout(Duration.ofSeconds(10));
    b = method.equals("POST") ? b.POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}"))
        : b.method(method, HttpRequest.BodyPublishers.noBody());
    return client.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** A client that gives up before the backend answers: nginx logs 499. */
  private void abandon(String path) throws Exception {
    try (Socket s = new Socket("127.0.0.1", nginx.port())) {
      s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      Thread.sleep(150);
    }
  }

  private static long lines(Path file) throws IOException {
    return Files.exists(file) ? Files.readAllLines(file).size() : 0;
  }

  private void awaitLines(long n) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    for (String name : List.of("access.ltsv", "access.json", "access.log")) {
      while (lines(dir.resolve(name)) < n && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(lines(dir.resolve(name))).as(name + "\n" + nginx.output()).isEqualTo(n);
    }
  }

  /** What the test sent: per "METHOD route", the count and the statuses nginx must log. */
  record Sent(String key, int count, int status, long bytesEach) {}

  private List<Sent> workload() throws Exception {
    for (int id = 1; id <= 30; id++) {
      assertThat(send("GET", "/api/items/" + id + "?q=" + id)).isEqualTo(200);
    }
    for (int i = 0; i < 3; i++) {
      assertThat(send("GET", "/api/items/7?status=500")).isEqualTo(500);
    }
    for (int i = 0; i < 5; i++) {
      assertThat(send("POST", "/api/items")).isEqualTo(201);
    }
    for (int i = 0; i < 4; i++) {
      assertThat(send("GET", "/static/app.js")).isEqualTo(200);
    }
    for (int i = 0; i < 2; i++) {
      assertThat(send("GET", "/missing")).isEqualTo(404);
      assertThat(send("GET", "/cached")).isEqualTo(304);
    }
    abandon("/api/slow/1?sleepMs=1500");
    return List.of(new Sent("GET /api/items/{id}", 33, 0, 0), new Sent("POST /api/items", 5, 201, 3),
        new Sent("GET /static/app.js", 4, 200, 16), new Sent("GET /missing", 2, 404, -1),
        new Sent("GET /cached", 2, 304, 0), new Sent("GET /api/slow/{id}", 1, 499, 0));
  }

  /** The plain count: split lines by hand, ids in paths as {id}, query strings dropped. */
  static Map<String, long[]> plainCount(Path file, AccessFormat format) throws IOException {
    Map<String, long[]> out = new TreeMap<>(); // count, 1xx..5xx, bytes
    for (String line : Files.readAllLines(file)) {
      String method;
      String uri;
      int status;
      long bytes;
      if (format == AccessFormat.LTSV) {
        Map<String, String> f = new HashMap<>();
        for (String field : line.split("\t")) {
          String[] kv = field.split(":", 2);
          f.put(kv[0], kv[1]);
        }
        method = f.get("method");
        uri = f.get("uri");
        status = Integer.parseInt(f.get("status"));
        bytes = Long.parseLong(f.get("size"));
      } else if (format == AccessFormat.JSON) {
        Map<String, Object> f = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(line);
        method = (String) f.get("method");
        uri = (String) f.get("uri");
        status = Integer.parseInt((String) f.get("status"));
        bytes = ((Number) f.get("body_bytes")).longValue();
      } else {
        String[] quoted = line.split("\"");
        String[] request = quoted[1].split(" ");
        String[] after = quoted[2].trim().split(" ");
        method = request[0];
        uri = request[1];
        status = Integer.parseInt(after[0]);
        bytes = Long.parseLong(after[1]);
      }
      String path = uri.split("\\?")[0].replaceAll("/\\d+(?=/|$)", "/{id}");
      long[] row = out.computeIfAbsent(method + " " + path, k -> new long[7]);
      row[0]++;
      row[status / 100]++;
      row[6] += bytes;
    }
    return out;
  }

  static Map<String, long[]> digestCount(AccessReport report) {
    Map<String, long[]> out = new TreeMap<>();
    for (AccessRow r : report.rows()) {
      long[] row = new long[7];
      row[0] = r.count();
      for (int c = 1; c <= 5; c++) {
        row[c] = r.status(c);
      }
      row[6] = r.totalBytes();
      out.put(r.method() + " " + r.route(), row);
    }
    return out;
  }

  @Test
  void digestsOfThreeFormatsAgreeWithAPlainCountAndWithWhatWasSent() throws Exception {
    List<Sent> sent = workload();
    long total = sent.stream().mapToLong(Sent::count).sum();
    awaitLines(total);
    for (AccessFormat format : AccessFormat.values()) {
      Path file = dir.resolve(switch (format) {
        case LTSV -> "access.ltsv";
        case JSON -> "access.json";
        case COMBINED -> "access.log";
      });
      AccessReport report = AccessLogDigest.read(LogRange.whole(file), AccessLogDigest.Options.defaults(), 2);
      assertThat(report.format()).isEqualTo(format);
      assertThat(report.malformed().count()).as(format + " " + report.malformed().examples()).isZero();
      Map<String, long[]> plain = plainCount(file, format);
      assertThat(digestCount(report)).as(format.key()).usingRecursiveComparison().isEqualTo(plain);

      Map<String, AccessRow> rows = new HashMap<>();
      report.rows().forEach(r -> rows.put(r.method() + " " + r.route(), r));
      assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(sent.stream().map(Sent::key).toList());
      for (Sent s : sent) {
        AccessRow r = rows.get(s.key());
        assertThat(r.count()).as(format + " " + s.key()).isEqualTo(s.count());
        if (s.status() > 0) {
          assertThat(r.status(s.status() / 100)).as(format + " " + s.key()).isEqualTo(s.count());
        }
        if (s.bytesEach() >= 0 && s.status() > 0) {
          assertThat(r.totalBytes()).as(format + " " + s.key()).isEqualTo(s.count() * s.bytesEach());
        }
      }
      AccessRow items = rows.get("GET /api/items/{id}");
      assertThat(items.status(2)).isEqualTo(30);
      assertThat(items.status(5)).isEqualTo(3);
      assertThat(items.totalBytes()).isEqualTo(10L * 30 * 31 / 2 + 3 * 70);
      assertThat(items.upstreamCount()).as("proxied: every line has an upstream time").isEqualTo(33);
      assertThat(rows.get("GET /static/app.js").upstreamCount()).as("answered by nginx").isZero();
      assertThat(rows.get("GET /cached").count304()).isEqualTo(2);
      assertThat(rows.get("GET /api/slow/{id}").count499()).isEqualTo(1);
      assertThat(rows.get("GET /api/slow/{id}").totalMs()).as("the client left after ~150 ms")
          .isGreaterThan(50).isLessThan(1400);
    }
  }

  @Test
  void theCollectorReadsOnlyTheRequestsOfItsRun() throws Exception {
    assertThat(send("GET", "/api/items/5")).isEqualTo(200);
    assertThat(send("GET", "/missing")).isEqualTo(404);
    awaitLines(2);
    AccessLogCollector collector = new AccessLogCollector(dir.resolve("access.ltsv"), "ltsv",
        AccessKeys.defaults(), PathRoutes.of(null), 100, () -> Map.of("GET /api/items/{itemId}", 30L));
    collector.start(new RunContext("it", dir));
    List<Sent> sent = workload();
    awaitLines(2 + sent.stream().mapToLong(Sent::count).sum());
    Fields section = AccessLogCollectorTest.json(collector.stop(true));
    assertThat(section.longValue("requests")).isEqualTo(sent.stream().mapToLong(Sent::count).sum());
    Map<String, Fields> rows = new HashMap<>();
    section.fieldsList("rows").forEach(r -> rows.put(r.string("method") + " " + r.string("route"), r));
    assertThat(rows.get("GET /missing").longValue("count")).as("the one before reset is left out").isEqualTo(2);
    assertThat(rows).as("named by the app's template").doesNotContainKey("GET /api/items/{id}");
    assertThat(rows.get("GET /api/items/{itemId}").longValue("count")).isEqualTo(33);
    assertThat(rows.get("GET /api/items/{itemId}").longOrNull("appCount")).isEqualTo(30);
    assertThat(rows.get("GET /api/items/{itemId}").raw("appRoute")).isNull();
    assertThat(rows.get("POST /api/items").longOrNull("appCount")).as("no such app route").isNull();
  }
}
