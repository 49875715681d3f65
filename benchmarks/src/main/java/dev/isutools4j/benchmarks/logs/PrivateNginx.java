package dev.isutools4j.benchmarks.logs;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway nginx writing the access log under test: a front server on a free port of
 * 127.0.0.1 that serves images and static files from disk, answers a few paths itself and
 * proxies {@code /api/} to a second server block (the "app", answering with {@code return}), so
 * that lines carry a real {@code $upstream_response_time}. Each request is logged twice, in the
 * combined format with both times appended and in alp's LTSV, to {@code access.log} and
 * {@code access.ltsv} of the output directory. Everything else lives in a temp directory that
 * {@link #close()} deletes.
 */
final class PrivateNginx implements AutoCloseable {

  static final String COMBINED = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
      + " $body_bytes_sent \"$http_referer\" \"$http_user_agent\" $request_time $upstream_response_time";
  static final String LTSV = "time:$time_iso8601\\thost:$remote_addr\\tforwardedfor:$http_x_forwarded_for"
      + "\\treq:$request\\tmethod:$request_method\\turi:$request_uri\\tstatus:$status\\tsize:$body_bytes_sent"
      + "\\treferer:$http_referer\\tua:$http_user_agent\\treqtime:$request_time\\tapptime:$upstream_response_time"
      + "\\tvhost:$host";

  private final Path base;
  private final Process process;
  private final int port;

  private PrivateNginx(Path base, Process process, int port) {
    this.base = base;
    this.process = process;
    this.port = port;
  }

  static PrivateNginx start(Path outDir) throws IOException, InterruptedException {
    Path base = Files.createTempDirectory(Path.of("/tmp"), "logspeed-nginx-");
    Path www = Files.createDirectories(base.resolve("www"));
    Path img = Files.createDirectories(www.resolve("img"));
    Path js = Files.createDirectories(www.resolve("static"));
    Random r = new Random(3);
    for (int i = 0; i < 10; i++) {
      byte[] b = new byte[200 + r.nextInt(20_000)];
      r.nextBytes(b);
      Files.write(img.resolve(i + ".jpg"), b);
      Files.write(img.resolve(i + ".png"), java.util.Arrays.copyOf(b, b.length / 2 + 1));
    }
    Files.writeString(js.resolve("app.js"), "console.log('isu');\n".repeat(200));
    Files.writeString(js.resolve("app.css"), "body { margin: 0 }\n".repeat(80));
    // Workers of an nginx started by root run as nobody: the files must be readable by anyone.
    try (var paths = Files.walk(base)) {
      for (Path p : paths.toList()) {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(
            Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
      }
    }
    int port = freePort();
    int app = freePort();
    String conf = String.join("\n",
        "worker_processes 1;",
        "pid " + base.resolve("nginx.pid") + ";",
        "error_log " + base.resolve("error.log") + " warn;",
        "daemon off;",
        "events { worker_connections 1024; }",
        "http {",
        "  access_log off;",
        "  client_body_temp_path " + base.resolve("body") + ";",
        "  proxy_temp_path " + base.resolve("proxy") + ";",
        "  fastcgi_temp_path " + base.resolve("fastcgi") + ";",
        "  uwsgi_temp_path " + base.resolve("uwsgi") + ";",
        "  scgi_temp_path " + base.resolve("scgi") + ";",
        "  log_format combined_times '" + COMBINED + "';",
        "  log_format ltsv \"" + LTSV + "\";",
        "  keepalive_requests 10000000;",
        "  keepalive_timeout 120s;",
        "  if_modified_since before;",
        "  default_type application/octet-stream;",
        "  upstream app { server 127.0.0.1:" + app + "; keepalive 16; }",
        "  server {",
        "    listen 127.0.0.1:" + port + ";",
        "    access_log " + outDir.resolve("access.log") + " combined_times;",
        "    access_log " + outDir.resolve("access.ltsv") + " ltsv;",
        "    root " + www + ";",
        "    location /api/ { proxy_pass http://app; proxy_http_version 1.1;"
            + " proxy_set_header Connection \"\"; }",
        "    location = /login { proxy_pass http://app; proxy_http_version 1.1;"
            + " proxy_set_header Connection \"\"; }",
        "    location ~ ^/image/\\d*(\\d)\\.(jpg|png)$ { try_files /img/$1.$2 =404; }",
        "    location ~ ^/static/app\\.[0-9a-f]+\\.(js|css)$ { try_files /static/app.$1 =404; }",
        "    location = / { return 200 \"<html>isulog $request_id</html>\"; }",
        "    location / { return 404; }",
        "  }",
        "  server {",
        "    listen 127.0.0.1:" + app + ";",
        "    access_log off;",
        "    location ~ ^/api/posts/\\d*0$ { return 404 \"{\\\"error\\\":\\\"not found\\\"}\"; }",
        "    location ~ ^/api/posts/(\\d+)$ { if ($request_method = DELETE) { return 204; }"
            + " return 200 \"{\\\"id\\\":$1,\\\"body\\\":\\\"$request_id $request_id\\\"}\"; }",
        "    location ~ ^/api/posts/(\\d+)/comments$ { return 200 \"[{\\\"post\\\":$1,"
            + "\\\"c\\\":\\\"$request_id\\\"},{\\\"post\\\":$1}]\"; }",
        "    location = /api/posts { if ($request_method = POST) { return 201 \"{\\\"id\\\":1}\"; }"
            + " return 200 \"[$arg_page,$request_id,$request_id,$request_id]\"; }",
        "    location ~ ^/api/users/ { return 200 \"{\\\"name\\\":\\\"$uri\\\"}\"; }",
        "    location = /api/search { return 200 \"{\\\"q\\\":\\\"$arg_q\\\",\\\"hits\\\":[]}\"; }",
        "    location = /api/fail { return 500; }",
        "    location = /api/busy { return 503; }",
        "    location = /login { return 302 /; }",
        "    location / { return 404; }",
        "  }",
        "}", "");
    Path confFile = base.resolve("nginx.conf");
    Files.writeString(confFile, conf);
    Process p = new ProcessBuilder("nginx", "-p", base.toString(), "-c", confFile.toString(), "-e",
        base.resolve("error.log").toString()).redirectErrorStream(true)
        .redirectOutput(base.resolve("nginx.out").toFile())
        .redirectInput(new File("/dev/null")).start();
    PrivateNginx nginx = new PrivateNginx(base, p, port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return nginx;
      } catch (IOException e) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          nginx.close();
          throw new IOException("nginx did not start:\n" + Files.readString(base.resolve("nginx.out"))
              + conf);
        }
        Thread.sleep(50);
      }
    }
  }

  int port() {
    return port;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    // SIGQUIT would be nginx's graceful stop; SIGTERM (destroy) is its fast one. Lines are
    // written unbuffered, so either leaves the logs whole.
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    try (var paths = Files.walk(base)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** nginx's version line. */
  static String version() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("nginx", "-v").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).trim();
    p.waitFor();
    return out;
  }

  static List<String> logFiles() {
    return List.of("access.log", "access.ltsv");
  }
}
