package dev.isutools4j.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A private nginx of the demo, in front of its app servers: its own prefix folder (configuration,
 * pid, error log, temp paths, access log), one worker, in the foreground as a child of this
 * command. Nothing of the machine's nginx is read or written.
 */
final class NginxFront implements AutoCloseable {

  private static final List<String> PLACES = List.of("/usr/sbin/nginx", "/usr/local/sbin/nginx",
      "/usr/bin/nginx", "/usr/local/bin/nginx", "/usr/local/nginx/sbin/nginx");

  private final Process process;
  private final Path dir;
  private final String listen;

  private NginxFront(Process process, Path dir, String listen) {
    this.process = process;
    this.dir = dir;
    this.listen = listen;
  }

  /** The installed nginx: on the PATH or in the usual places. */
  static Optional<Path> find() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String entry : path.split(java.io.File.pathSeparator)) {
        if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "nginx"))) {
          return Optional.of(Path.of(entry, "nginx"));
        }
      }
    }
    return PLACES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
  }

  /** Starts nginx listening on {@code host:port} in front of {@code apps}, and waits until it listens. */
  static NginxFront start(Path nginx, Path dir, String host, int port, List<String> apps)
      throws IOException {
    Files.createDirectories(dir);
    String listen = host + ":" + port;
    String conf = (isRoot() ? "user root;\n" : "")
        + "worker_processes 1;\npid " + dir.resolve("nginx.pid") + ";\nerror_log "
        + dir.resolve("error.log") + " warn;\nevents { worker_connections 1024; }\nhttp {\n"
        + "  client_body_temp_path " + dir.resolve("client_body") + ";\n"
        + "  proxy_temp_path " + dir.resolve("proxy") + ";\n"
        + "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";\n"
        + "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";\n"
        + "  scgi_temp_path " + dir.resolve("scgi") + ";\n"
        + NginxBalancer.httpBlock(listen, apps, dir.resolve("access.log").toString()) + "}\n";
    Files.writeString(dir.resolve("nginx.conf"), conf);
    Process process = new ProcessBuilder(nginx.toString(), "-p", dir.toString(), "-e",
        dir.resolve("error.log").toString(), "-c", dir.resolve("nginx.conf").toString(), "-g", "daemon off;")
        .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
    process.getOutputStream().close();
    NginxFront front = new NginxFront(process, dir, listen);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("nginx exited (" + process.exitValue() + "):\n"
            + IsugramJar.tail(dir.resolve("nginx.out")) + "\n" + IsugramJar.tail(dir.resolve("error.log")));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(host, port), 200);
        return front;
      } catch (IOException notYet) {
        Processes.pause(50);
      }
    }
    front.close();
    throw new IOException("nginx did not listen on " + listen + " within 20 s:\n"
        + IsugramJar.tail(dir.resolve("error.log")));
  }

  /** The base URL, e.g. {@code http://127.0.0.1:8080}. */
  String url() {
    return "http://" + listen;
  }

  Path accessLog() {
    return dir.resolve("access.log");
  }

  long pid() {
    return process.pid();
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  @Override
  public void close() {
    Processes.stop(process);
  }
}
