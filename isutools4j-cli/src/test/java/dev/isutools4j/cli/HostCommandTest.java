package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.boot.HostPeer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code isutools4j host} on the command line: its options, their settings, its refusals. */
class HostCommandTest {

  @TempDir
  Path dir;

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = new CommandLine(new HostCommand()).setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true)).execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  private static HostCommand parsed(String... args) {
    HostCommand command = new HostCommand();
    new CommandLine(command).parseArgs(args);
    return command;
  }

  private static void noStackTrace(String text) {
    assertThat(text).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void aMissingSlowLogIsOneClearLineAndExitCode2() {
    Path missing = dir.resolve("no-such-slow.log");
    Result r = run("--addr", "127.0.0.1:0", "--dir", dir.toString(), "--slow-log", missing.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("isutools4j host: --slow-log: no such file: " + missing);
    noStackTrace(r.err());
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aLogNamedByTheSettingIsCheckedTooAndADirectoryIsNoLog() {
    HostCommand command = parsed("--addr", "127.0.0.1:0", "--dir", dir.toString());
    assertThatThrownBy(() -> command.open(k -> null,
        Map.of("ISUTOOLS_ACCESS_LOG", dir.resolve("gone.log").toString())))
        .isInstanceOf(HostCommand.Refused.class)
        .hasMessage("--access-log: no such file: " + dir.resolve("gone.log"))
        .satisfies(e -> assertThat(((HostCommand.Refused) e).exitCode).isEqualTo(2));
    Result r = run("--addr", "127.0.0.1:0", "--dir", dir.toString(), "--access-log", dir.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--access-log: " + dir + " is a directory, not a log");
  }

  @Test
  void aNonLoopbackAddressWithoutATokenIsRefused() {
    Result r = run("--addr", "0.0.0.0:0", "--dir", dir.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).startsWith("isutools4j host: isutools.addr=0.0.0.0:0 is not a loopback address")
        .contains("isutools.token");
    noStackTrace(r.err());
  }

  @Test
  void aUrlNoDriverTakesIsRefusedWithoutItsPassword() {
    Result r = run("--addr", "127.0.0.1:0", "--dir", dir.toString(), "--db",
        "jdbc:postgresql://127.0.0.1/isucon?password=s3cret");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--db: no JDBC driver on the class path takes jdbc:postgresql://")
        .doesNotContain("s3cret");
    noStackTrace(r.err());
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    Result r = run("--slowlog", "x");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("Unknown options: '--slowlog', 'x'").contains("Possible solutions: --slow-log");
  }

  @Test
  void optionsOverrideTheSettingsAndTheLineSaysWhatIsCollected() throws Exception {
    Path slow = Files.writeString(dir.resolve("slow.log"), "");
    HostCommand command = parsed("--addr", "127.0.0.3:0", "--dir", dir.resolve("history").toString(),
        "--name", "db", "--processes", "memcached,isucon-benchmarker", "--slow-log", slow.toString());
    try (HostPeer host = command.open(
        Map.of("isutools.host.name", "from-property", "isutools.addr", "127.0.0.1:1")::get,
        Map.of("ISUTOOLS_PROCESSES", "from-env"))) {
      assertThat(host.identity().name()).isEqualTo("db");
      assertThat(host.identity().role()).isEqualTo("database");
      assertThat(host.address().getHostString()).isEqualTo("127.0.0.3");
      assertThat(host.watched()).contains("isucon-benchmar", "mysqld").doesNotContain("from-env");
      String line = HostCommand.describe(host);
      assertThat(line).startsWith("isutools4j host db (database) on http://127.0.0.3:"
              + host.address().getPort() + "/ , history in " + dir.resolve("history").toAbsolutePath())
          .contains("the machine (always showing isucon-benchmar, mariadbd, memcached, mysqld, nginx,")
          .contains("no database (--db)", "the slow log " + slow, "no access log")
          .endsWith("; Ctrl-C stops").doesNotContain("\n");
    }
    HostCommand bare = parsed("--addr", "127.0.0.1:0", "--dir", dir.toString());
    try (HostPeer host = bare.open(k -> null, Map.of("ISUTOOLS_PROCESSES", "from-env"))) {
      assertThat(host.watched()).as("the setting without the option").contains("from-env");
    }
  }

  @Test
  void aDatabaseThatDoesNotAnswerIsSaidAndTheHostServesOn() throws Exception {
    int closed;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    HostCommand command = parsed("--addr", "127.0.0.1:0", "--dir", dir.toString(), "--db",
        "jdbc:mariadb://127.0.0.1:" + closed + "/isucon", "--db-user", "isucon", "--db-password", "s3cret");
    try (HostPeer host = command.open(k -> null, Map.of())) {
      assertThat(host.identity().role()).isEqualTo("database");
      assertThat(HostCommand.databaseWarning(host, 2000))
          .startsWith("isutools4j host: the database does not answer now (")
          .endsWith("); each run's database section says why until it does")
          .doesNotContain("s3cret").doesNotContain("\n");
      assertThat(HostCommand.describe(host))
          .contains("the database jdbc:mariadb://127.0.0.1:" + closed + "/isucon,");
    }
    try (HostPeer host = parsed("--addr", "127.0.0.1:0", "--dir", dir.toString())
        .open(k -> null, Map.of())) {
      assertThat(HostCommand.databaseWarning(host, 2000)).as("no database, nothing to say").isNull();
    }
  }

  @Test
  void helpListsTheOptions() {
    Result r = run("--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("--addr", "--dir", "--db=JDBC_URL", "--db-user", "--db-password",
        "--slow-log", "--access-log", "--processes", "--name", "--token");
  }
}
