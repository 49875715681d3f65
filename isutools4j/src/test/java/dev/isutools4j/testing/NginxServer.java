package dev.isutools4j.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A private nginx for tests: its own prefix directory (configuration, pid, error log, temp
 * paths), one worker, listening on a free port of 127.0.0.1, in the foreground as a child of the
 * test JVM. Nothing of the machine's nginx is read or written.
 */
public final class NginxServer implements AutoCloseable {

  private final Path dir;
  private final int port;
  private final Process process;

  private NginxServer(Path dir, int port, Process process) {
    this.dir = dir;
    this.port = port;
    this.process = process;
  }

  /**
   * Starts nginx with {@code http} as the body of its {@code http} block, in which
   * {@code {{PORT}}} and {@code {{DIR}}} are replaced by the port and the directory.
   */
  public static NginxServer start(Path nginx, Path dir, String http) throws IOException, InterruptedException {
    int port = freePort();
    String body = http.replace("{{PORT}}", Integer.toString(port)).replace("{{DIR}}", dir.toString());
    String conf = ("root".equals(System.getProperty("user.name")) ? "user root;\n" : "")
        + "worker_processes 1;\npid " + dir.resolve("nginx.pid") + ";\nerror_log "
        + dir.resolve("error.log") + " warn;\nevents { worker_connections 256; }\nhttp {\n"
        + "  client_body_temp_path " + dir.resolve("client_body") + ";\n"
        + "  proxy_temp_path " + dir.resolve("proxy") + ";\n"
        + "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";\n"
        + "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";\n"
        + "  scgi_temp_path " + dir.resolve("scgi") + ";\n"
        + body + "\n}\n";
    Files.writeString(dir.resolve("nginx.conf"), conf);
    Process p = new ProcessBuilder(nginx.toString(), "-p", dir.toString(), "-e",
        dir.resolve("error.log").toString(), "-c", dir.resolve("nginx.conf").toString(), "-g",
        "daemon off;")
        .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
    NginxServer server = new NginxServer(dir, port, p);
    // A test JVM that exits without closing it (an aborted run) must not leave nginx behind.
    Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "isutools4j-nginx-stop"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new IOException("nginx exited with " + p.exitValue() + ": " + server.output());
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return server;
      } catch (IOException notYet) {
        Thread.sleep(50);
      }
    }
    server.close();
    throw new IOException("nginx did not listen on " + port + " within 20 s: " + server.output());
  }

  public int port() {
    return port;
  }

  public Path dir() {
    return dir;
  }

  /** What nginx printed and logged as errors, for failure messages. */
  public String output() {
    try {
      String out = Files.exists(dir.resolve("nginx.out")) ? Files.readString(dir.resolve("nginx.out")) : "";
      String err = Files.exists(dir.resolve("error.log")) ? Files.readString(dir.resolve("error.log")) : "";
      return out + err;
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Override
  public void close() {
    process.destroy(); // SIGTERM: a fast shutdown
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
