package dev.isutools4j.cli;

import dev.isutools4j.internal.boot.HostBootstrap;
import dev.isutools4j.internal.boot.HostDatabase;
import dev.isutools4j.internal.boot.HostPeer;
import dev.isutools4j.internal.settings.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The peer of a server with no JVM app (the database box, an nginx-only box): an admin server
 * whose runs hold that machine, its database, slow log and access log, opened and saved by a hub
 * under the hub's run ids (or by the player). Its options are the library's settings, which they
 * override ({@code isutools.addr}, {@code isutools.dir}, ...).
 */
@Command(name = "host", mixinStandardHelpOptions = true,
    description = {"Be a peer for a server with no JVM app (the database box, an nginx-only box):"
        + " each run holds its machine (with the named processes), its database, slow log and"
        + " access log, and the advisor's OS, nginx and database rules.",
        "Options override the isutools.* settings (system properties, ISUTOOLS_* variables)."})
final class HostCommand implements Callable<Integer> {

  private static final int REACH_TIMEOUT_MS = 5_000;

  @Option(names = "--addr", description = "where to listen, HOST:PORT (isutools.addr; default "
      + Settings.DEFAULT_ADDR + "); not loopback needs a token")
  String addr;

  @Option(names = "--dir", description = "the history directory (isutools.dir; default ./isutools-data)")
  Path dir;

  @Option(names = "--db", paramLabel = "JDBC_URL", description = "the MySQL or MariaDB to inspect,"
      + " jdbc:mariadb://HOST:PORT/DB or jdbc:mysql://...; credentials here or in the URL")
  String db;

  @Option(names = "--db-user", paramLabel = "U", description = "the database user")
  String dbUser;

  @Option(names = "--db-password", paramLabel = "P", description = "the database user's password")
  String dbPassword;

  @Option(names = "--slow-log", paramLabel = "FILE", description = "the slow query log to digest (isutools.slow.log)")
  Path slowLog;

  @Option(names = "--access-log", paramLabel = "FILE", description = "the nginx access log to digest (isutools.access.log)")
  Path accessLog;

  @Option(names = "--processes", split = ",", paramLabel = "NAME",
      description = "process names (comm, at most 15 characters) always shown in the machine"
          + " section besides mysqld, mariadbd, nginx, memcached, redis-server (isutools.processes)")
  List<String> processes;

  @Option(names = "--name", description = "this host's name in a run across hosts (isutools.host.name;"
      + " default the machine's host name)")
  String name;

  @Option(names = "--token", description = "the token every request must carry (isutools.token, $ISUTOOLS_TOKEN)")
  String token;

  @Spec
  CommandSpec spec;

  /** A problem with what the command was given: said in one line, with its exit code. */
  static final class Refused extends Exception {
    final int exitCode;

    Refused(String message, int exitCode) {
      super(message);
      this.exitCode = exitCode;
    }
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    HostPeer host;
    try {
      host = open(System::getProperty, System.getenv());
    } catch (Refused e) {
      err.println("isutools4j host: " + e.getMessage());
      err.flush();
      return e.exitCode;
    }
    out.println(describe(host));
    out.flush();
    String unanswered = databaseWarning(host, REACH_TIMEOUT_MS);
    if (unanswered != null) {
      err.println(unanswered);
      err.flush();
    }
    UntilStopped.await(host::close, "host-stop");
    return 0;
  }

  /**
   * Starts the host from these options over the settings of {@code properties} and {@code env}.
   * Throws {@link Refused} for a log file that is not there, a URL no driver takes, an address
   * that is not loopback without a token (2) or one that cannot be bound (1).
   */
  HostPeer open(Function<String, String> properties, Map<String, String> env) throws Refused {
    HostBootstrap.claimJvm();
    Map<String, String> given = new HashMap<>();
    put(given, "isutools.addr", addr);
    put(given, "isutools.dir", dir);
    put(given, "isutools.slow.log", slowLog);
    put(given, "isutools.access.log", accessLog);
    put(given, "isutools.processes", processes == null ? null : String.join(",", processes));
    put(given, "isutools.host.name", name);
    put(given, "isutools.token", token);
    Settings settings = Settings.from(
        key -> given.containsKey(key) ? given.get(key) : properties.apply(key), env);
    readable(settings.slowLog(), "--slow-log");
    readable(settings.accessLog(), "--access-log");
    HostDatabase database = null;
    if (db != null) {
      try {
        database = HostDatabase.of(db, dbUser, dbPassword);
      } catch (SQLException e) {
        throw new Refused("--db: " + e.getMessage(), 2);
      }
    }
    try {
      return HostBootstrap.start(settings, database);
    } catch (IllegalStateException | IllegalArgumentException e) {
      throw new Refused(e.getMessage(), 2);
    } catch (IOException e) {
      throw new Refused("cannot listen on " + settings.addr() + ": " + e.getMessage(), 1);
    }
  }

  /**
   * Null when the host has no database or it answers within {@code timeoutMs}; else the line that
   * says so (the host serves on: the database may come up later).
   */
  static String databaseWarning(HostPeer host, int timeoutMs) {
    String why = host.database() == null ? null : host.database().unreachable(timeoutMs);
    return why == null ? null : "isutools4j host: the database does not answer now (" + why
        + "); each run's database section says why until it does";
  }

  private static void put(Map<String, String> settings, String key, Object value) {
    if (value != null) {
      settings.put(key, value.toString());
    }
  }

  private static void readable(String file, String option) throws Refused {
    if (file == null) {
      return;
    }
    Path path = Path.of(file);
    if (!Files.exists(path)) {
      throw new Refused(option + ": no such file: " + file, 2);
    }
    if (Files.isDirectory(path)) {
      throw new Refused(option + ": " + file + " is a directory, not a log", 2);
    }
    if (!Files.isRegularFile(path)) {
      throw new Refused(option + ": " + file + " is not a regular file", 2);
    }
    if (!Files.isReadable(path)) {
      throw new Refused(option + ": cannot read " + file + " (its permissions)", 2);
    }
  }

  /** The one line that says where the host serves and what it collects. */
  static String describe(HostPeer host) {
    Settings settings = host.settings();
    List<String> collects = new ArrayList<>();
    collects.add("the machine (always showing " + String.join(", ", new TreeSet<>(host.watched()))
        + ")");
    collects.add(host.database() == null ? "no database (--db)"
        : "the database " + host.database().describe());
    collects.add(settings.slowLog() == null ? "no slow log" : "the slow log " + settings.slowLog());
    collects.add(settings.accessLog() == null ? "no access log"
        : "the access log " + settings.accessLog());
    return "isutools4j host " + host.identity().name() + " (" + host.identity().role()
        + ") on http://" + host.address().getHostString() + ":" + host.address().getPort()
        + "/ , history in " + host.lifecycle().store().dir().toAbsolutePath() + "; collects "
        + String.join(", ", collects) + "; Ctrl-C stops";
  }
}
