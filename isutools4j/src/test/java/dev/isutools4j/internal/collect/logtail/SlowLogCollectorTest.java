package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SecretColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlowLogCollectorTest {

  @TempDir Path dir;

  /** The section as the run document has it. */
  static Fields json(Object section) {
    return Fields.of(new SlowLogSectionJson().write((SlowLogSection) section));
  }

  static String entry(String sql, String seconds) {
    return "# User@Host: isucon[isucon] @ localhost [127.0.0.1]\n# Thread_id: 5  Schema: isu  QC_hit: No\n"
        + "# Query_time: " + seconds + "  Lock_time: 0.000010  Rows_sent: 1  Rows_examined: 10\n"
        + "# Rows_affected: 0  Bytes_sent: 90\nSET timestamp=1796111356;\n" + sql + ";\n";
  }

  @Test
  void entriesAfterResetWithTheAppsCountsAndARestartInBetween() throws IOException {
    Path file = dir.resolve("slow.log");
    Files.writeString(file, "mariadbd, Version: 10.11.6-MariaDB-log (Debian 12). started with:\n"
        + "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\nTime\t\t    Id Command\tArgument\n"
        + entry("SELECT * FROM users WHERE id = 1", "0.100000"));
    String byId = Fingerprint.of("SELECT * FROM users WHERE id = 1");
    SlowLogCollector c = new SlowLogCollector(file, 100, SecretColumns.DEFAULT, () -> Map.of(byId, 7L), false);
    c.start(new RunContext("t", Path.of("unused")));
    Files.writeString(file, entry("SELECT * FROM users WHERE id = 2", "0.002000")
        + "mariadbd, Version: 10.11.6-MariaDB-log (Debian 12). started with:\n"
        + "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\nTime\t\t    Id Command\tArgument\n"
        + entry("SELECT * FROM users WHERE id = 3", "0.003000")
        + entry("SELECT name FROM posts", "0.001000"), java.nio.file.StandardOpenOption.APPEND);
    Fields s = json(c.stop(true));
    assertThat(s.longValue("entries")).isEqualTo(3);
    assertThat(s.longValue("banners")).isEqualTo(1);
    Fields first = s.fieldsList("rows").get(0);
    assertThat(first.string("fingerprint")).isEqualTo(byId);
    assertThat(first.longValue("count")).isEqualTo(2);
    assertThat(first.longOrNull("appCount")).isEqualTo(7);
    assertThat(first.doubleValue("totalMs")).isEqualTo(5.0);
    assertThat(first.string("sample")).isEqualTo("SELECT * FROM users WHERE id = 3");
    assertThat(first.string("sampleSchema")).isEqualTo("isu");
    Fields second = s.fieldsList("rows").get(1);
    assertThat(second.raw("appCount")).as("not run by the app").isNull();
    assertThat(s.raw("notes")).isEqualTo(java.util.List.of());
  }

  private static final String INSPECTORS = entry("/* isutools4j inspector */ SHOW VARIABLES", "0.004000")
      + entry("SET STATEMENT max_statement_time=10 FOR /* isutools4j inspector */ SELECT TABLE_NAME"
          + " FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()", "0.009000")
      + entry("SET STATEMENT max_statement_time=3 FOR /* isutools4j inspector */ EXPLAIN SELECT"
          + " * FROM users WHERE id = 1", "0.001000");
  private static final String CLIENTS = entry("SELECT * FROM users WHERE id = 1", "0.002000")
      + entry("SELECT '/* isutools4j inspector */' AS quoted", "0.001000");

  @Test
  void onAHostTheInspectorsStatementsAreLeftOutAndCounted() throws IOException {
    Path file = dir.resolve("slow.log");
    Files.writeString(file, "");
    SlowLogCollector c = new SlowLogCollector(file, 100, SecretColumns.DEFAULT, Map::of, true);
    c.start(new RunContext("t", Path.of("unused")));
    Files.writeString(file, INSPECTORS + CLIENTS);
    Fields s = json(c.stop(true));
    assertThat(s.longValue("entries")).isEqualTo(5);
    assertThat(s.longValue("inspectorStatements")).isEqualTo(3);
    assertThat(s.fieldsList("rows")).extracting(r -> r.string("fingerprint")).containsExactly(
        Fingerprint.of("SELECT * FROM users WHERE id = 1"),
        Fingerprint.of("SELECT '/* isutools4j inspector */' AS quoted"));
    assertThat(Fields.of(s.raw("totals")).doubleValue("totalMs")).isEqualTo(3.0);
  }

  @Test
  void inAnAppsJvmTheSlowLogIsReadAsBefore() throws IOException {
    Path file = dir.resolve("slow.log");
    Files.writeString(file, "");
    SlowLogCollector c = new SlowLogCollector(file, 100, SecretColumns.DEFAULT, Map::of, false);
    c.start(new RunContext("t", Path.of("unused")));
    Files.writeString(file, INSPECTORS + CLIENTS);
    Fields s = json(c.stop(true));
    assertThat(s.fieldsList("rows")).hasSize(5);
    assertThat(s.raw("inspectorStatements")).as("not written when none is left out").isNull();
  }

  @Test
  void theSectionReadAheadOfTheSaveIsTheOneTheStopGivesAndTheLogIsReadOnce() throws IOException {
    Path file = dir.resolve("slow.log");
    Files.writeString(file, entry("SELECT 1", "0.001000"));
    SlowLogCollector c = new SlowLogCollector(file, 100, SecretColumns.DEFAULT, Map::of, true);
    c.start(new RunContext("t", Path.of("unused")));
    Files.writeString(file, CLIENTS, java.nio.file.StandardOpenOption.APPEND);
    SlowLogSection ahead = c.savedSection();
    assertThat(ahead.rows()).hasSize(2);
    assertThat(c.savedSection()).isSameAs(ahead);
    Files.writeString(file, entry("SELECT * FROM posts", "0.500000"),
        java.nio.file.StandardOpenOption.APPEND);
    assertThat(c.stop(true)).as("what was read ahead, not the log again").isSameAs(ahead);

    c.start(new RunContext("t2", Path.of("unused")));
    Files.writeString(file, entry("SELECT name FROM posts", "0.001000"),
        java.nio.file.StandardOpenOption.APPEND);
    assertThat(((SlowLogSection) c.stop(true)).rows()).extracting(SlowLogSection.Row::fingerprint)
        .as("the next run reads its own").containsExactly(Fingerprint.of("SELECT name FROM posts"));
  }

  @Test
  void withoutTheSettingTheSectionSaysSo() {
    SlowLogCollector c = new SlowLogCollector(null, 100, SecretColumns.DEFAULT, Map::of, false);
    c.start(new RunContext("t", Path.of("unused")));
    Fields s = json(c.stop(true));
    assertThat(s.boolOrNull("supported")).isFalse();
    assertThat(s.string("reason")).contains("isutools.slow.log");
  }
}
