package dev.isutools4j.testing;

/*
 * A private MariaDB server for tests, started from the binaries installed on the machine.
 *
 * Design
 * - Everything lives in one fresh temp directory: the data directory (created with
 *   mariadb-install-db), the unix socket, the pid file, tmpdir, the error log, the slow query log
 *   file and the daemon's own stdout/stderr. Nothing is read from or written to /etc/mysql or
 *   /var/lib/mysql: both the installer and the daemon get --no-defaults as first argument.
 * - The daemon listens on a free TCP port on 127.0.0.1 only (or on the loopback address given to
 *   start(host): 127.0.0.4 plays a database server of its own). The port is picked by binding port 0
 *   and releasing it; if another process grabs it before mariadbd binds, startup is retried on a
 *   new port.
 * - Readiness is decided by what tests need: a JDBC connection as root succeeds. If the daemon
 *   exits or does not answer within 60 s, the exception carries the tail of the error log.
 * - After startup a database and a password user (isutools/isutools, from 127.0.0.1 and
 *   localhost, all privileges) are created. Tests that need isolation ask for their own database
 *   with createDatabase / createUniqueDatabase instead of paying for another server.
 * - shared() is the cheap path: one server per JVM, started on first use. Its close() does
 *   nothing; it is stopped by a JVM shutdown hook, which also stops any other server that was not
 *   closed. Stopping is SIGTERM, then SIGKILL after a grace period, then deleting the temp dir.
 * - A JVM killed with SIGKILL runs no shutdown hook, so each daemon also gets a tiny guard
 *   process (/bin/sh) whose stdin is a pipe from this JVM. When the JVM dies, for whatever reason,
 *   the kernel closes the pipe, the guard reads end-of-file and sends SIGTERM to the daemon (after
 *   checking the pid still belongs to this data directory). An orderly stop kills the guard first.
 * - The daemon's output goes to a file, never to a pipe that nobody reads.
 */

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** A MariaDB server private to the test JVM. See the comment at the top of this file. */
public final class MariaDbServer implements AutoCloseable {

  public static final String DEFAULT_DATABASE = "isutools";
  public static final String USER = "isutools";
  public static final String PASSWORD = "isutools";
  public static final String HOST = "127.0.0.1";

  private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  private static final int PORT_ATTEMPTS = 3;
  private static final int MAX_SOCKET_PATH = 100;
  private static final int LOG_TAIL_LINES = 40;
  private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final int ER_DB_CREATE_EXISTS = 1007;

  /** Servers started and not yet stopped; the shutdown hook stops whatever is left. */
  private static final Set<MariaDbServer> RUNNING = ConcurrentHashMap.newKeySet();

  private static final Object SHARED_LOCK = new Object();
  private static MariaDbServer shared;
  private static RuntimeException sharedFailure;

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(MariaDbServer::stopAll, "isutools4j-mariadb-stop"));
  }

  /** The two programs needed to run a private server. */
  public record Installation(Path mariadbd, Path installDb) {
  }

  /** A database on the server with the credentials of the test user. */
  public record Database(String name, String jdbcUrl, String user, String password) {
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(jdbcUrl, user, password);
    }
  }

  private final Installation installation;
  private final boolean isShared;
  private final String host;
  private final Path baseDir;
  private final Path dataDir;
  private final Path socket;
  private final Path pidFile;
  private final Path errorLog;
  private final Path slowLog;
  private final Path outputLog;
  private final Path installLog;
  private final AtomicBoolean stopped = new AtomicBoolean();
  private final AtomicInteger uniqueNames = new AtomicInteger();

  private volatile Process process;
  private volatile Process guard;
  private volatile int port;
  private volatile String version;
  private volatile long startupMillis;

  private MariaDbServer(Installation installation, boolean isShared, String host) throws IOException {
    this.installation = installation;
    this.isShared = isShared;
    this.host = host;
    this.baseDir = createBaseDir();
    this.dataDir = baseDir.resolve("data");
    this.socket = baseDir.resolve("mysqld.sock");
    this.pidFile = baseDir.resolve("mysqld.pid");
    this.errorLog = baseDir.resolve("error.log");
    this.slowLog = baseDir.resolve("slow.log");
    this.outputLog = baseDir.resolve("mariadbd.out");
    this.installLog = baseDir.resolve("install.log");
    Files.createDirectories(baseDir.resolve("tmp"));
  }

  // ------------------------------------------------------------------ finding and starting

  /** The installed MariaDB programs, if both can be found. */
  public static Optional<Installation> findInstallation() {
    Optional<Path> server = Executables.find("mariadbd", "mysqld");
    Optional<Path> installer = Executables.find("mariadb-install-db", "mysql_install_db");
    if (server.isPresent() && installer.isPresent()) {
      return Optional.of(new Installation(server.get(), installer.get()));
    }
    return Optional.empty();
  }

  /** Why {@link #findInstallation()} came back empty, for skip and failure messages. */
  public static String whyMissing() {
    List<String> missing = new ArrayList<>();
    if (Executables.find("mariadbd", "mysqld").isEmpty()) {
      missing.add(Executables.describeSearch("mariadbd", "mysqld"));
    }
    if (Executables.find("mariadb-install-db", "mysql_install_db").isEmpty()) {
      missing.add(Executables.describeSearch("mariadb-install-db", "mysql_install_db"));
    }
    if (missing.isEmpty()) {
      return "nothing is missing";
    }
    return "could not find " + String.join("; nor ", missing)
        + " (install the mariadb-server package, e.g. apt-get install mariadb-server)";
  }

  /**
   * The JVM-wide server, started on first use and stopped when the JVM exits. Calling
   * {@link #close()} on it does nothing. A failed start is remembered, so later callers fail fast
   * with the same cause instead of waiting for another timeout.
   */
  public static MariaDbServer shared() {
    synchronized (SHARED_LOCK) {
      if (shared != null) {
        return shared;
      }
      if (sharedFailure != null) {
        throw new IllegalStateException("the shared MariaDB server failed to start earlier", sharedFailure);
      }
      try {
        shared = launch(true, HOST);
        return shared;
      } catch (RuntimeException e) {
        sharedFailure = e;
        throw e;
      }
    }
  }

  /** A new server of its own; the caller closes it (or it is stopped when the JVM exits). */
  public static MariaDbServer start() {
    return launch(false, HOST);
  }

  /**
   * A new server of its own listening on {@code host}, a loopback address such as 127.0.0.4 (on
   * Linux all of 127.0.0.0/8 is loopback): a database box of its own in a test of several hosts.
   */
  public static MariaDbServer start(String host) {
    return launch(false, host);
  }

  private static MariaDbServer launch(boolean isShared, String host) {
    Installation installation = findInstallation()
        .orElseThrow(() -> new IllegalStateException("MariaDB is not installed: " + whyMissing()));
    MariaDbServer server;
    try {
      server = new MariaDbServer(installation, isShared, host);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp directory for MariaDB", e);
    }
    try {
      server.boot();
      return server;
    } catch (IOException e) {
      server.stop();
      throw new UncheckedIOException("MariaDB failed to start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      server.stop();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting MariaDB", e);
    } catch (RuntimeException | Error e) {
      server.stop();
      throw e;
    }
  }

  private void boot() throws IOException, InterruptedException {
    long begin = System.nanoTime();
    RUNNING.add(this);
    installDataDir();
    for (int attempt = 1; ; attempt++) {
      port = freePort();
      long logOffset = Files.exists(errorLog) ? Files.size(errorLog) : 0;
      launchDaemon();
      if (awaitReady()) {
        break;
      }
      // The daemon exited; the only cause worth another try is losing the port race.
      int exit = process.exitValue();
      String written = readFrom(errorLog, logOffset);
      boolean portTaken = written.contains("Address already in use") || written.contains("Bind on TCP/IP port");
      stopGuard();
      if (!portTaken || attempt >= PORT_ATTEMPTS) {
        throw new IllegalStateException("mariadbd exited with status " + exit + " during startup on port "
            + port + "\n" + describeLogs());
      }
    }
    createDefaultDatabaseAndUser();
    startupMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
  }

  private void installDataDir() throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(installation.installDb().toString());
    command.add("--no-defaults");
    command.add("--datadir=" + dataDir);
    command.add("--auth-root-authentication-method=normal");
    command.add("--skip-test-db");
    command.add("--skip-name-resolve");
    // Skips the check that the host name resolves, which fails in some containers.
    command.add("--force");
    if (runningAsRoot()) {
      command.add("--user=root");
    }
    // Anything else is passed on to the bootstrap mariadbd.
    command.addAll(engineFlags());
    ProcessBuilder builder = new ProcessBuilder(command);
    // Bootstrap with the same binary the daemon will run, not whichever one the script finds.
    builder.environment().put("MYSQLD_BOOTSTRAP", installation.mariadbd().toString());
    Process installer = builder
        .directory(baseDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(installLog.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    if (!installer.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      installer.destroyForcibly();
      installer.waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException("mariadb-install-db did not finish within " + INSTALL_TIMEOUT.toSeconds()
          + " s\n" + section("install log", installLog));
    }
    if (installer.exitValue() != 0) {
      throw new IllegalStateException("mariadb-install-db failed with status " + installer.exitValue()
          + ": " + String.join(" ", command) + "\n" + section("install log", installLog));
    }
  }

  /** Flags shared by the bootstrap run and the daemon: small, fast and independent of the host. */
  private List<String> engineFlags() {
    return List.of(
        "--tmpdir=" + baseDir.resolve("tmp"),
        "--innodb-buffer-pool-size=32M",
        "--innodb-log-file-size=8M",
        // Simulated AIO: io_uring/libaio are often unavailable or limited in containers.
        "--innodb-use-native-aio=0",
        "--character-set-server=utf8mb4",
        "--collation-server=utf8mb4_general_ci");
  }

  /** The daemon's full command line. */
  List<String> daemonCommand() {
    List<String> command = new ArrayList<>();
    command.add(installation.mariadbd().toString());
    command.add("--no-defaults"); // must come first
    command.add("--datadir=" + dataDir);
    command.add("--port=" + port);
    command.add("--bind-address=" + host);
    command.add("--skip-networking=0");
    command.add("--socket=" + socket);
    command.add("--pid-file=" + pidFile);
    command.add("--log-error=" + errorLog);
    command.add("--skip-name-resolve");
    command.add("--slow-query-log=0");
    command.add("--slow-query-log-file=" + slowLog);
    // Tests do not need durability of every commit; this keeps DDL-heavy tests quick.
    command.add("--innodb-flush-log-at-trx-commit=2");
    command.addAll(engineFlags());
    if (runningAsRoot()) {
      command.add("--user=root");
    }
    return command;
  }

  private void launchDaemon() throws IOException {
    Files.deleteIfExists(pidFile);
    Files.deleteIfExists(socket);
    process = new ProcessBuilder(daemonCommand())
        .directory(baseDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(outputLog.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    startGuard(process.pid());
  }

  /**
   * Starts the process that stops the daemon if this JVM dies without running its shutdown hooks.
   * Its stdin is a pipe whose only writer is this JVM; end-of-file means the JVM is gone.
   */
  private void startGuard(long daemonPid) {
    String script = "while read -r _; do :; done; "
        + "if grep -qF -- \"$2\" \"/proc/$1/cmdline\" 2>/dev/null; then kill -TERM \"$1\"; fi";
    try {
      guard = new ProcessBuilder("/bin/sh", "-c", script, "isutools4j-mariadb-guard",
          Long.toString(daemonPid), "--datadir=" + dataDir)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
    } catch (IOException e) {
      // Without /bin/sh the shutdown hook remains; a JVM killed with SIGKILL would leak the daemon.
      guard = null;
    }
  }

  /** Polls with JDBC until the daemon accepts a connection; false if the daemon exited first. */
  private boolean awaitReady() throws InterruptedException {
    long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
    SQLException last = null;
    while (true) {
      if (!process.isAlive()) {
        return false;
      }
      try (Connection connection = connectAsRoot(null, 1000);
         Statement statement = connection.createStatement();
         ResultSet rs = statement.executeQuery("SELECT VERSION()")) {
        rs.next();
        version = rs.getString(1);
        return true;
      } catch (SQLException e) {
        last = e;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("mariadbd (pid " + process.pid() + ") did not accept connections on "
            + host + ":" + port + " within " + STARTUP_TIMEOUT.toSeconds() + " s; last error: " + last
            + "\n" + describeLogs());
      }
      Thread.sleep(50);
    }
  }

  private void createDefaultDatabaseAndUser() {
    try (Connection connection = rootConnection(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE `" + DEFAULT_DATABASE + "`");
      // Clients reach any loopback address from 127.0.0.1, the kernel's source address on lo.
      for (String client : new java.util.LinkedHashSet<>(List.of(host, HOST, "localhost"))) {
        String account = "'" + USER + "'@'" + client + "'";
        statement.execute("CREATE USER " + account + " IDENTIFIED BY '" + PASSWORD + "'");
        statement.execute("GRANT ALL PRIVILEGES ON *.* TO " + account);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create the test database and user: " + e.getMessage(), e);
    }
  }

  // ------------------------------------------------------------------ accessors

  /** JDBC URL of the default database, {@code jdbc:mariadb://127.0.0.1:PORT/isutools}. */
  public String jdbcUrl() {
    return jdbcUrl(DEFAULT_DATABASE);
  }

  /** JDBC URL of the named database on this server. */
  public String jdbcUrl(String database) {
    return "jdbc:mariadb://" + host + ":" + port + "/" + database;
  }

  public String user() {
    return USER;
  }

  public String password() {
    return PASSWORD;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public String databaseName() {
    return DEFAULT_DATABASE;
  }

  /** Server version as reported by {@code SELECT VERSION()}. */
  public String version() {
    return version;
  }

  /** Wall time of the whole start: install, launch, first connection, user setup. */
  public long startupMillis() {
    return startupMillis;
  }

  /** Pid of the mariadbd process. */
  public long pid() {
    return process.pid();
  }

  public boolean isRunning() {
    Process p = process;
    return !stopped.get() && p != null && p.isAlive();
  }

  /** The temp directory holding everything of this server; deleted when it stops. */
  public Path baseDir() {
    return baseDir;
  }

  public Path dataDir() {
    return dataDir;
  }

  public Path socket() {
    return socket;
  }

  public Path errorLog() {
    return errorLog;
  }

  /**
   * Where the slow query log goes. Logging is off at start; switch it on with
   * {@code SET GLOBAL slow_query_log = 1} (and {@code long_query_time}) from {@link #rootConnection()}.
   */
  public Path slowLog() {
    return slowLog;
  }

  public boolean isShared() {
    return isShared;
  }

  // ------------------------------------------------------------------ connections and databases

  /** A connection to the default database as the test user. */
  public Connection connection() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
  }

  /** A connection as root (no password, no default database). */
  public Connection rootConnection() throws SQLException {
    return connectAsRoot(null, 10_000);
  }

  private Connection connectAsRoot(String database, int connectTimeoutMillis) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", "root");
    properties.setProperty("password", "");
    properties.setProperty("connectTimeout", Integer.toString(connectTimeoutMillis));
    return DriverManager.getConnection(jdbcUrl(database == null ? "" : database), properties);
  }

  /**
   * Creates a new, empty database the test user can use. Fails if the name is taken, so two tests
   * cannot silently share one; see {@link #createUniqueDatabase(String)}.
   */
  public Database createDatabase(String name) {
    checkName(name);
    try (Connection connection = rootConnection(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE `" + name + "`");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
    }
    return database(name);
  }

  /** Creates a new, empty database named {@code prefix_N} with the first free N. */
  public Database createUniqueDatabase(String prefix) {
    checkName(prefix + "_0");
    for (int i = 0; i < 1000; i++) {
      String name = prefix + "_" + uniqueNames.incrementAndGet();
      try (Connection connection = rootConnection(); Statement statement = connection.createStatement()) {
        statement.execute("CREATE DATABASE `" + name + "`");
        return database(name);
      } catch (SQLException e) {
        if (e.getErrorCode() != ER_DB_CREATE_EXISTS) {
          throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
      }
    }
    throw new IllegalStateException("no free database name with prefix " + prefix);
  }

  /** Handle on an existing database of this server. */
  public Database database(String name) {
    checkName(name);
    return new Database(name, jdbcUrl(name), USER, PASSWORD);
  }

  private static void checkName(String name) {
    if (name == null || !DATABASE_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("database names are limited to [A-Za-z0-9_]{1,64}: " + name);
    }
  }

  // ------------------------------------------------------------------ stopping

  /** Stops a server from {@link #start()}; does nothing on the {@link #shared()} one. */
  @Override
  public void close() {
    if (!isShared) {
      stop();
    }
  }

  private static void stopAll() {
    for (MariaDbServer server : List.copyOf(RUNNING)) {
      server.stop();
    }
  }

  /** SIGTERM, SIGKILL after a grace period, then delete the temp directory. Idempotent. */
  void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    try {
      stopGuard();
      Process p = process;
      if (p != null && p.isAlive()) {
        p.destroy();
        try {
          if (!p.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
          }
        } catch (InterruptedException e) {
          p.destroyForcibly();
          Thread.currentThread().interrupt();
        }
      }
      deleteRecursively(baseDir);
    } finally {
      RUNNING.remove(this);
    }
  }

  private void stopGuard() {
    Process g = guard;
    guard = null;
    if (g != null) {
      // SIGKILL: the guard must not get to its kill command.
      g.destroyForcibly();
      try {
        g.getOutputStream().close();
      } catch (IOException ignored) {
        // already gone
      }
    }
  }

  // ------------------------------------------------------------------ files, ports, logs

  private static Path createBaseDir() throws IOException {
    Path dir = Files.createTempDirectory("isutools4j-mariadb-");
    if (dir.resolve("mysqld.sock").toString().length() > MAX_SOCKET_PATH) {
      // Unix socket paths are limited to about 108 bytes; java.io.tmpdir can be long.
      Files.delete(dir);
      dir = Files.createTempDirectory(Path.of("/tmp"), "isutools4j-mariadb-");
    }
    return dir;
  }

  private static boolean runningAsRoot() {
    try {
      Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
      return Integer.valueOf(0).equals(uid);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  private int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    }
  }

  private String describeLogs() {
    return section("error log " + errorLog, errorLog) + section("mariadbd output " + outputLog, outputLog);
  }

  private static String section(String title, Path file) {
    String tail = tail(file);
    return "--- " + title + (tail.isEmpty() ? " (empty or missing)\n" : " (last lines)\n" + tail);
  }

  private static String tail(Path file) {
    try {
      if (!Files.exists(file)) {
        return "";
      }
      String content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
      if (content.isBlank()) {
        return "";
      }
      List<String> lines = List.of(content.split("\n"));
      StringBuilder out = new StringBuilder();
      for (String line : lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size())) {
        out.append(line).append('\n');
      }
      return out.toString();
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e.getMessage() + ")\n";
    }
  }

  private static String readFrom(Path file, long offset) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      int from = (int) Math.min(offset, bytes.length);
      return new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.deleteIfExists(path);
        } catch (IOException ignored) {
          // best effort: a leftover file in the temp dir is harmless
        }
      });
    } catch (IOException | UncheckedIOException ignored) {
      // best effort
    }
  }

  @Override
  public String toString() {
    return "MariaDbServer[" + host + ":" + port + ", " + version + ", " + baseDir + "]";
  }
}
