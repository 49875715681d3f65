package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.sql.Fingerprint;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;

/** Generated entries of the three servers' layouts read back as written; any text never throws. */
class SlowLogPropertiesTest {

  /** One statement run, and how its server logged it. */
  record Entry(int layout, List<String> statement, long queryMicros, long lockMicros, long sent,
      long examined, String schema, boolean restartBefore) {

    String text() {
      StringBuilder out = new StringBuilder();
      if (restartBefore) {
        out.append("/usr/sbin/mariadbd, Version: 10.11.6-MariaDB-log (Debian 12). started with:\n")
            .append("Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\n")
            .append("Time\t\t    Id Command\tArgument\n");
      }
      String times = "Query_time: " + seconds(queryMicros) + "  Lock_time: " + seconds(lockMicros)
          + "  Rows_sent: " + sent + "  Rows_examined: " + examined;
      switch (layout) {
        case 0 -> out.append("# User@Host: app[app] @ localhost [127.0.0.1]\n# Thread_id: 9  Schema: ")
            .append(schema).append("  QC_hit: No\n# ").append(times)
            .append("\n# Rows_affected: 0  Bytes_sent: 80\n");
        case 1 -> out.append("# Time: 2026-12-01T07:49:17.102345Z\n# User@Host: app[app] @ localhost []  Id: 12\n# ")
            .append(times).append(" Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 0 Bytes_sent: 9 Start: 2026-12-01T07:49:17.100000Z End: 2026-12-01T07:49:17.102345Z\nuse ")
            .append(schema).append(";\n");
        default -> out.append("# Time: 261201  7:49:16\n# User@Host: app[app] @ localhost []  Id: 3\n# Schema: ")
            .append(schema).append("  Last_errno: 0  Killed: 0\n# ").append(times)
            .append("  Rows_affected: 0  Bytes_sent: 9\n# No InnoDB statistics available for this query\n");
      }
      out.append("SET timestamp=1796111356;\n");
      out.append(String.join("\n", statement)).append(";\n");
      return out.toString();
    }

    String sql() {
      return String.join("\n", statement);
    }
  }

  static String seconds(long micros) {
    return micros / 1_000_000 + "." + String.format("%06d", micros % 1_000_000);
  }

  @Provide
  Arbitrary<Entry> entries() {
    Arbitrary<List<String>> statement = Arbitraries.of(
        List.of("SELECT * FROM users WHERE id = %d"),
        List.of("select name", "  from users", " where id in (%d, %d, 3)"),
        List.of("UPDATE posts SET body = 'it''s %d' WHERE id = %d"),
        List.of("INSERT INTO t (a, b) VALUES (%d, 'x'), (%d, 'y')"),
        List.of("SELECT COUNT(*)", "# a comment line", "FROM comments WHERE post_id = %d"))
        .flatMap(lines -> Arbitraries.integers().between(0, 99_999).list().ofSize(2)
            .map(v -> lines.stream().map(l -> l.replaceFirst("%d", "" + v.get(0))
                .replaceFirst("%d", "" + v.get(1))).toList()));
    return Combinators.combine(Arbitraries.integers().between(0, 2), statement,
            Arbitraries.longs().between(0, 100_000_000), Arbitraries.longs().between(0, 1_000_000),
            Arbitraries.longs().between(0, 10_000), Arbitraries.longs().between(0, 1_000_000),
            Arbitraries.of("isu", "isucondition", "`isuports`"), Arbitraries.of(false, false, false, true))
        .as(Entry::new);
  }

  @Property(tries = 300)
  void entriesReadBackAsWritten(@ForAll @Size(max = 30) List<@net.jqwik.api.From("entries") Entry> entries)
      throws IOException {
    StringBuilder log = new StringBuilder();
    Map<String, Long> counts = new HashMap<>();
    long queryMicros = 0;
    long sent = 0;
    long examined = 0;
    for (Entry e : entries) {
      log.append(e.text());
      counts.merge(Fingerprint.of(e.sql()), 1L, Long::sum);
      queryMicros += e.queryMicros();
      sent += e.sent();
      examined += e.examined();
    }
    SlowReport report = SlowLogDigest.read(
        new ByteArrayInputStream(log.toString().getBytes(StandardCharsets.UTF_8)),
        SlowLogDigest.Options.defaults());
    assertThat(report.malformed().count()).as(log.toString()).isZero();
    assertThat(report.entries()).isEqualTo(entries.size());
    assertThat(report.banners()).isEqualTo(entries.stream().filter(Entry::restartBefore).count());
    Map<String, Long> read = new HashMap<>();
    long readSent = 0;
    long readExamined = 0;
    for (SlowRow r : report.rows()) {
      read.put(r.fingerprint(), r.count());
      readSent += r.rowsSent();
      readExamined += r.rowsExamined();
    }
    assertThat(read).isEqualTo(counts);
    assertThat(report.totalMs()).isCloseTo(queryMicros / 1e3, org.assertj.core.api.Assertions.within(1e-6));
    assertThat(readSent).isEqualTo(sent);
    assertThat(readExamined).isEqualTo(examined);
  }

  @Provide
  Arbitrary<String> lines() {
    Arbitrary<String> pieces = Arbitraries.of("# Time: 261201  7:49:16", "# User@Host: a[a] @ h []",
        "# Query_time: 1.5  Lock_time: x Rows_sent: -3", "# Schema:", "#", "use ;", "SET timestamp=;",
        "select 1;", "select", "';", "# administrator command: Quit;", "Time  Id Command Argument",
        "Tcp port: 3306", "x, Version: 1 started with:", "\u00ff\u0000\u0001", "");
    return Arbitraries.frequencyOf(Tuple.of(4, pieces),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(30).map(s -> s.replace('\n', ' '))))
        .list().ofMaxSize(40).map(l -> String.join("\n", l));
  }

  @Property(tries = 500)
  void anyTextNeverThrows(@ForAll("lines") String text) throws IOException {
    SlowReport report = SlowLogDigest.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)), SlowLogDigest.Options.defaults());
    assertThat(report.rows().stream().mapToLong(SlowRow::count).sum()).isEqualTo(report.entries());
  }
}
