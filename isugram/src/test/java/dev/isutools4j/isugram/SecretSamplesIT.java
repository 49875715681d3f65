package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.isugram.data.Sha512;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * isugram on MariaDB with the slow log on: a player registers (its INSERT binds the account name
 * and the password's hash) and logs in (its SELECT names no secret). The saved run, its JSON and its
 * page, holds the account name in both statements' samples and the hash nowhere: not in the SQL
 * table, not in the slow log section.
 */
class SecretSamplesIT {

  private static final String REGISTER = "INSERT INTO users (account_name, passhash, created_at)"
      + " VALUES (?, ?, ?)";
  private static final String LOGIN = "SELECT * FROM users WHERE account_name = ? AND del_flg = 0";

  @Test
  void theSavedRunKeepsTheValuesButThePasswordsHash() throws Exception {
    MariaDbServer server = Requirements.mariaDb();
    MariaDbData data = MariaDbData.load("secrets", 0.01);
    Path work = Files.createDirectories(Path.of("target", "secret-samples-it"));
    String name = "player" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String password = "pw_" + UUID.randomUUID().toString().replace("-", "");
    String passhash = Sha512.passhash(name, password);

    Path file;
    // MariaDB copies both into each connection as it opens: set before the app's pool connects.
    setSlowLog(server, true);
    try (IsugramJvm app = IsugramJvm.serve(work, List.of("-Disutools.slow.log=" + server.slowLog()),
        List.of("--db", data.url(), "--tuning", "0"))) {
      app.reset();
      Map<String, String> form = Map.of("account_name", name, "password", password);
      assertRedirectedHome(app.postForm("/register", form));
      assertRedirectedHome(app.postForm("/login", form));
      file = app.save();
      assertThat(app.output()).doesNotContain(passhash);
    } finally {
      setSlowLog(server, false);
    }

    String json = Files.readString(file);
    Path page = file.resolveSibling(file.getFileName().toString().replace(".json", ".html"));
    assertThat(json).contains(name).doesNotContain(passhash);
    assertThat(Files.readString(page)).contains(name).doesNotContain(passhash);

    Snapshot run = SnapshotJson.read(json);
    assertThat(sample(run.sql(), REGISTER)).startsWith("INSERT INTO users (account_name, passhash,"
        + " created_at) VALUES ('" + name + "', '***', '");
    assertThat(sample(run.sql(), LOGIN))
        .isEqualTo("SELECT * FROM users WHERE account_name = '" + name + "' AND del_flg = 0");

    List<SlowLogSection.Row> slow = run.section(SlowLogSection.class).orElseThrow().rows();
    String logged = slow.stream().filter(r -> r.fingerprint().equals(Fingerprint.of(REGISTER)))
        .map(SlowLogSection.Row::sample).findFirst()
        .orElseThrow(() -> new AssertionError("no slow log row for the INSERT in " + slow));
    assertThat(logged).startsWith("INSERT INTO users (account_name, passhash, created_at) VALUES ('"
        + name + "', '***', '");
    assertThat(slow).extracting(SlowLogSection.Row::sample)
        .contains("SELECT * FROM users WHERE account_name = '" + name + "' AND del_flg = 0");
  }

  private static String sample(List<SqlRow> sql, String statement) {
    String fingerprint = Fingerprint.of(statement);
    return sql.stream().filter(r -> r.fingerprint().equals(fingerprint)).map(SqlRow::sample)
        .findFirst().orElseThrow(() -> new AssertionError("no row " + fingerprint + " in " + sql));
  }

  private static void assertRedirectedHome(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(302);
    assertThat(response.headers().firstValue("Location")).hasValueSatisfying(
        location -> assertThat(location).endsWith("/"));
  }

  private static void setSlowLog(MariaDbServer server, boolean on) throws Exception {
    try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
      s.execute("SET GLOBAL long_query_time = " + (on ? 0 : 10));
      s.execute("SET GLOBAL slow_query_log = " + (on ? 1 : 0));
    }
  }
}
