package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code slp} on a real MariaDB 10.11 slow log (src/test/resources/logs/slow/mariadb-10.11.log):
 * 20 entries, 14 fingerprints, a server restart in the middle.
 */
class SlpCommandTest {

  private static final String BY_ID = "select * from users where id = ?";
  private static final String JOIN = "select p.id, p.body from posts p join users u on u.id ="
      + " p.user_id where u.name = ? order by p.id desc limit ?";

  static String log() {
    return Cli.log("slow/mariadb-10.11.log").toString();
  }

  private static Map<String, Map<String, Object>> rows(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return Parsed.byKey(Parsed.jsonRows(r.out()));
  }

  private static double number(Map<String, ?> row, String key) {
    return ((Number) row.get(key)).doubleValue();
  }

  @Test
  void oneRowPerFingerprintWithTheSnapshotsFieldNames() {
    Cli.Result r = Cli.run("slp", log(), "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    assertThat(rows).hasSize(14);
    Map<String, Object> byId = rows.get(BY_ID);
    assertThat(byId).containsKeys("fingerprint", "count", "totalMs", "avgMs", "minMs", "maxMs",
        "p50Ms", "p95Ms", "stddevMs", "lockTotalMs", "rowsSent", "rowsExamined", "rowsAffected",
        "sample", "sampleSchema");
    assertThat(number(byId, "count")).as("`users` and users are one table").isEqualTo(4);
    assertThat(number(byId, "totalMs")).isEqualTo(3.091);
    assertThat(number(byId, "maxMs")).isEqualTo(1.154);
    assertThat(byId).containsEntry("sample", "SELECT * FROM users WHERE id = 1");
    Map<String, Object> doc = Parsed.json(r.out());
    assertThat(doc).containsEntry("entries", 20).containsEntry("banners", 2);
    assertThat(r.err()).isEmpty();
  }

  @Test
  void theTableEndsWithTheQueryAndSortsAscending() {
    List<Map<String, String>> table = Parsed.table(Cli.run("slp", log()).out());
    assertThat(table.get(0).keySet()).containsExactly("COUNT", "MIN(ms)", "MAX(ms)", "SUM(ms)",
        "AVG(ms)", "P50(ms)", "P95(ms)", "STDDEV(ms)", "LOCK SUM(ms)", "ROWS SENT", "ROWS EXAMINED",
        "EXAM/SENT", "QUERY");
    assertThat(table.get(table.size() - 1)).containsEntry("SUM(ms)", "81.650")
        .containsEntry("EXAM/SENT", "-");
    List<Map<String, String>> byCount = Parsed.table(Cli.run("slp", log(), "--sort", "count", "-r")
        .out());
    assertThat(byCount.get(0)).containsEntry("COUNT", "4").containsEntry("QUERY", BY_ID);
  }

  @Test
  void aFilterOnEntriesChoosesWhatIsCounted() {
    Cli.Result r = Cli.run("slp", log(), "--filter",
        "query =~ '(?i)^select \\* from .?users' and time > 0.5ms", "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    assertThat(rows.keySet()).containsExactly(BY_ID);
    assertThat(number(rows.get(BY_ID), "count")).as("1.154, 0.902 and 0.541 ms; not 0.494").isEqualTo(3);
    assertThat(number(rows.get(BY_ID), "totalMs")).isEqualTo(2.597);
    assertThat(r.err()).contains("--filter left out 17 of 20 entries");

    Map<String, Map<String, Object>> examined = rows(Cli.run("slp", log(), "--filter",
        "rows_examined >= 3", "--format", "json"));
    assertThat(examined).hasSize(3).containsKey(JOIN);
    Map<String, Map<String, Object>> locked = rows(Cli.run("slp", log(), "--filter",
        "schema = isu and lock > 0.4", "--format", "json"));
    assertThat(number(locked.get(BY_ID), "totalMs")).isEqualTo(1.695);
  }

  @Test
  void aFilterOnRowsChoosesWhatIsShown() {
    Map<String, Map<String, Object>> rows = rows(Cli.run("slp", log(), "--filter",
        "count >= 2 and fingerprint !~ '^select database'", "--format", "json"));
    assertThat(rows.keySet()).containsExactlyInAnyOrder(BY_ID, JOIN,
        "select * from posts where user_id in(?+)");
    assertThat(Cli.run("slp", log(), "--filter", "time > 1 or count > 1").code()).isEqualTo(2);
  }

  @Test
  void percentilesLimitAndCsv() {
    Cli.Result p = Cli.run("slp", log(), "--percentiles", "90,99", "--format", "json");
    assertThat(rows(p).get(BY_ID)).containsKeys("p90Ms", "p99Ms", "p50Ms", "p95Ms");
    assertThat(number(rows(p).get(BY_ID), "p99Ms")).isEqualTo(1.154);

    Cli.Result limited = Cli.run("slp", log(), "--limit", "3", "--format", "json");
    assertThat(rows(limited)).hasSize(4).containsKey("(other)");
    assertThat(limited.err()).contains("more than --limit 3 distinct rows");

    List<Map<String, String>> csv = Parsed.csv(Cli.run("slp", log(), "--format", "csv", "-o",
        "count,sum,query,sample").out());
    assertThat(csv).extracting(m -> m.get("fingerprint"))
        .contains("insert into posts(user_id, body) values(?+)", JOIN);
    assertThat(csv).filteredOn(m -> m.get("fingerprint").equals(JOIN)).singleElement()
        .satisfies(m -> assertThat(m.get("sample")).as("line breaks flattened")
            .startsWith("SELECT p.id, p.body   FROM posts p"));
    assertThat(Parsed.tsv(Cli.run("slp", log(), "--format", "tsv", "-o", "count,sum,query").out()))
        .isEqualTo(Parsed.csv(Cli.run("slp", log(), "--format", "csv", "-o", "count,sum,query").out()));
  }

  @Test
  void readsStandardInputAndSaysWhenNothingIsASlowLog() throws Exception {
    byte[] bytes = Files.readAllBytes(Cli.log("slow/mariadb-10.11.log"));
    assertThat(rows(Cli.run(bytes, "slp", "--format", "json")))
        .isEqualTo(rows(Cli.run("slp", log(), "--format", "json")));
    Cli.Result access = Cli.run("slp", Cli.log("access/ltsv.log").toString());
    assertThat(access.code()).isZero();
    assertThat(access.err()).contains("no slow log entry found");
  }

  @Test
  void noBackslashEscapesReadsAStringEndingInABackslashAsItsServerDid() {
    // A real MariaDB session with sql_mode NO_BACKSLASH_ESCAPES: ESCAPE '\' ends its string.
    String log = Cli.log("slow/mariadb-no-backslash-escapes.log").toString();
    String like = "select id from owners where last_name like ? escape ?";
    Map<String, Map<String, Object>> standard = rows(Cli.run("slp", log, "--no-backslash-escapes",
        "--format", "json"));
    assertThat(standard).containsKeys(like + " order by id limit ?",
        like + " order by last_name limit ?", like + " and city = ? limit ?");
    assertThat(number(standard.get(like + " order by id limit ?"), "count")).isEqualTo(2);
    assertThat(number(standard.get(like + " and city = ? limit ?"), "count")).isEqualTo(2);
    // By default a backslash escapes, as MySQL's default sql_mode has it: the rest is swallowed.
    Map<String, Map<String, Object>> escaped = rows(Cli.run("slp", log, "--format", "json"));
    assertThat(number(escaped.get(like), "count")).isEqualTo(3);
    assertThat(escaped).doesNotContainKey(like + " order by id limit ?");
  }

  @Test
  void theSamplesMaskTheValuesOfSecretColumns() {
    byte[] log = """
        # Time: 261201  7:49:16
        # User@Host: app[app] @ localhost []
        # Thread_id: 9  Schema: isu  QC_hit: No
        # Query_time: 0.000300  Lock_time: 0.000010  Rows_sent: 0  Rows_examined: 0
        # Rows_affected: 1  Bytes_sent: 11
        SET timestamp=1796111356;
        INSERT INTO users (account_name, passhash) VALUES ('alice', 'f00dcafe');
        """.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Cli.Result table = Cli.run(log, "slp", "-o", "count,sample");
    assertThat(table.out()).contains("'alice', '***'").doesNotContain("f00dcafe");
    assertThat(rows(Cli.run(log, "slp", "--format", "json")).values()).singleElement()
        .extracting(row -> row.get("sample"))
        .isEqualTo("INSERT INTO users (account_name, passhash) VALUES ('alice', '***')");
    assertThat(rows(Cli.run(log, "slp", "--format", "json", "--secret-columns", "none")).values())
        .singleElement().extracting(row -> row.get("sample")).asString().contains("'f00dcafe'");
    assertThat(rows(Cli.run(log, "slp", "--format", "json", "--secret-columns", "account")).values())
        .singleElement().extracting(row -> row.get("sample"))
        .isEqualTo("INSERT INTO users (account_name, passhash) VALUES ('***', 'f00dcafe')");
  }
}
