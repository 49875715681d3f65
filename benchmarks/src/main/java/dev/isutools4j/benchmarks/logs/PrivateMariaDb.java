package dev.isutools4j.benchmarks.logs;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway MariaDB for writing a slow log: the installed mariadbd with {@code --no-defaults},
 * its data directory, socket and logs in one temp directory, on a free port of 127.0.0.1. Root
 * without a password. {@link #close()} stops it and deletes the directory.
 */
final class PrivateMariaDb implements AutoCloseable {

  private final Path base;
  private final Path slowLog;
  private final int port;
  private final Process process;

  private PrivateMariaDb(Path base, Path slowLog, int port, Process process) {
    this.base = base;
    this.slowLog = slowLog;
    this.port = port;
    this.process = process;
  }

  static PrivateMariaDb start(Path slowLog) throws IOException, InterruptedException {
    Path base = Files.createTempDirectory(Path.of("/tmp"), "logspeed-mariadb-");
    Path data = base.resolve("data");
    Files.createDirectories(base.resolve("tmp"));
    boolean root = "root".equals(System.getProperty("user.name"));
    List<String> install = new ArrayList<>(List.of("mariadb-install-db", "--no-defaults",
        "--datadir=" + data, "--auth-root-authentication-method=normal", "--skip-test-db",
        "--skip-name-resolve", "--force"));
    if (root) {
      install.add("--user=root");
    }
    run(install, base.resolve("install.log"));
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    List<String> daemon = new ArrayList<>(List.of("mariadbd", "--no-defaults",
        "--datadir=" + data, "--port=" + port, "--bind-address=127.0.0.1",
        "--socket=" + base.resolve("sock"), "--pid-file=" + base.resolve("pid"),
        "--log-error=" + base.resolve("error.log"), "--tmpdir=" + base.resolve("tmp"),
        "--skip-name-resolve", "--skip-log-bin", "--innodb-buffer-pool-size=256M",
        "--innodb-flush-log-at-trx-commit=2", "--innodb-use-native-aio=0",
        "--max-connections=200", "--slow-query-log=0", "--slow-query-log-file=" + slowLog,
        "--character-set-server=utf8mb4"));
    if (root) {
      daemon.add("--user=root");
    }
    Process p = new ProcessBuilder(daemon).redirectErrorStream(true)
        .redirectOutput(base.resolve("mariadbd.out").toFile())
        .redirectInput(new File("/dev/null")).start();
    PrivateMariaDb db = new PrivateMariaDb(base, slowLog, port, p);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Connection c = db.connect(null)) {
        return db;
      } catch (SQLException e) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          db.close();
          throw new IOException("mariadbd did not start: " + e.getMessage() + "\n"
              + Files.readString(base.resolve("error.log")));
        }
        Thread.sleep(100);
      }
    }
  }

  /** A connection as root, to {@code database} or none. */
  Connection connect(String database) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "root");
    p.setProperty("password", "");
    // Straight to the driver: DriverManager would also load isutools4j's own driver.
    return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://127.0.0.1:" + port + "/"
        + (database == null ? "" : database), p);
  }

  Path slowLog() {
    return slowLog;
  }

  private static void run(List<String> command, Path log) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + " failed:\n" + Files.readString(log));
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    try (var paths = Files.walk(base)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
