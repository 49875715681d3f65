package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.LineReader;
import dev.isutools4j.internal.digest.Resources;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.testing.Requirements;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Our slow log grouping against pt-query-digest's on one real MariaDB slow log (the workload of
 * SlowWorkload, 700 statements of 36 shapes, written by SlowLogMariaDbIT). pt-query-digest's
 * answers are committed beside the log: its JSON report, and which class each event went to
 * ({@code --filter} printing each event's position and fingerprint). Where pt-query-digest is
 * installed, it is run again and must give the same answers; either way the comparison below
 * runs on the committed ones.
 *
 * <p>The two groupings must be the same partition of the log's statements except for the
 * differences listed here, each documented in docs/SNAPSHOT.md ("How slow log rows are grouped").
 */
class PtQueryDigestAgreementTest {

  static final String LOG = "slow/mariadb-workload.log";
  static final String EVENTS = "slow/mariadb-workload.pt-events.tsv";
  static final String REPORT = "slow/mariadb-workload.pt-query-digest.json";
  static final String FILTER = "print(\"$event->{pos_in_log}\\t$event->{fingerprint}\\n\") || 1";

  /** Classes pt-query-digest splits and we keep as one: ours → pt's. */
  static final Map<String, Set<String>> WE_MERGE = Map.of(
      // An identifier with and without backquotes is the same identifier.
      "select * from users where id = ?",
      Set.of("select * from users where id = ?", "select * from `users` where `id` = ?"),
      // A doubled quote is part of its string ('it''s'): pt-query-digest reads two strings.
      "update posts set body = ? where id = ?",
      Set.of("update posts set body = ? where id = ?", "update posts set body = ?? where id = ?"),
      // A trailing "-- comment" leaves a space in pt-query-digest's fingerprint.
      "select count(*) from posts where user_id = ?",
      Set.of("select count(*) from posts where user_id = ?", "select count(*) from posts where user_id = ? "));

  /** Classes pt-query-digest merges and we keep apart: pt's → ours. */
  static final Map<String, Set<String>> WE_SPLIT = Map.of(
      // Digits inside an identifier are part of the name: users_2009 and users_2010 are two tables.
      "select name from users_? where id = ?",
      Set.of("select name from users_2009 where id = ?", "select name from users_2010 where id = ?"),
      // ASC is kept as written (pt-query-digest drops it from ORDER BY).
      "select id from posts where user_id = ? order by created_at",
      Set.of("select id from posts where user_id = ? order by created_at",
          "select id from posts where user_id = ? order by created_at asc"));

  record Event(long position, String fingerprint) {}

  /** Our entries: where each starts, and its row's key. */
  static List<Event> ours() throws IOException {
    List<Event> out = new ArrayList<>();
    SlowLogParser parser = new SlowLogParser(new SlowLogParser.Sink() {
      @Override
      public void entry(SlowEntry e) {
        String text = Bytes.utf8(e.statement, 0, e.statementLength);
        out.add(new Event(e.offset, e.admin ? text : Fingerprint.of(text)));
      }

      @Override
      public void malformed(long line, long offset, String reason, byte[] b, int from, int to) {
        throw new AssertionError("malformed at line " + line + ": " + reason);
      }

      @Override
      public void banner() {}
    }, 1 << 20);
    try (InputStream in = Files.newInputStream(Resources.log(LOG))) {
      new LineReader(1 << 20).read(in, 0, (b, from, to, number, offset, cut) ->
          parser.line(b, from, to, number, offset));
    }
    parser.finish();
    return out;
  }

  static List<Event> parseEvents(String tsv) {
    List<Event> out = new ArrayList<>();
    for (String line : tsv.split("\n")) {
      if (!line.isEmpty()) {
        int tab = line.indexOf('\t');
        out.add(new Event(Long.parseLong(line.substring(0, tab)), line.substring(tab + 1)));
      }
    }
    return out;
  }

  /** pt-query-digest's events: run live when installed (and compared with the committed ones). */
  static List<Event> theirs() throws Exception {
    String committed = Files.readString(Resources.log(EVENTS), StandardCharsets.UTF_8);
    Optional<Path> pt = Requirements.ptQueryDigest();
    if (pt.isPresent()) {
      String live = run(pt.get(), "--no-report", "--no-version-check", "--filter", FILTER,
          Resources.log(LOG).toString());
      assertThat(live).as("pt-query-digest run now agrees with its committed output").isEqualTo(committed);
    } else {
      System.err.println("[isutools4j] pt-query-digest is not installed: comparing with its"
          + " committed output only (" + EVENTS + ")");
    }
    return parseEvents(committed);
  }

  static String run(Path program, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(program.toString());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
        .isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void thePartitionIsPtQueryDigestsButForTheListedDifferences() throws Exception {
    List<Event> ours = ours();
    List<Event> theirs = theirs();
    assertThat(ours).hasSize(700 + 1); // the workload and the SET that switched logging on
    assertThat(theirs).hasSize(ours.size());

    // pt-query-digest gives an event's position just past its first '#'; the first one is 0.
    Map<String, Set<String>> oursToTheirs = new TreeMap<>();
    Map<String, Set<String>> theirsToOurs = new TreeMap<>();
    int j = 0;
    for (Event t : theirs) {
      while (j + 1 < ours.size() && ours.get(j + 1).position() <= t.position()) {
        j++;
      }
      Event o = ours.get(j);
      if (t != theirs.get(0)) {
        assertThat(t.position()).isEqualTo(o.position() + 1);
      }
      oursToTheirs.computeIfAbsent(o.fingerprint(), k -> new TreeSet<>()).add(t.fingerprint());
      theirsToOurs.computeIfAbsent(t.fingerprint(), k -> new TreeSet<>()).add(o.fingerprint());
    }
    Map<String, Set<String>> merged = new TreeMap<>();
    oursToTheirs.forEach((k, v) -> {
      if (v.size() > 1) {
        merged.put(k, v);
      }
    });
    Map<String, Set<String>> split = new TreeMap<>();
    theirsToOurs.forEach((k, v) -> {
      if (v.size() > 1) {
        split.put(k, v);
      }
    });
    assertThat(merged).isEqualTo(new TreeMap<>(WE_MERGE));
    assertThat(split).isEqualTo(new TreeMap<>(WE_SPLIT));
    // Every other class is the same set of statements on both sides.
    long same = oursToTheirs.entrySet().stream().filter(e -> e.getValue().size() == 1
        && theirsToOurs.get(e.getValue().iterator().next()).size() == 1).count();
    assertThat(same).isEqualTo(oursToTheirs.size() - WE_MERGE.size()
        - WE_SPLIT.values().stream().mapToInt(Set::size).sum());
    assertThat(same).as("classes compared one to one").isGreaterThanOrEqualTo(20);
  }

  @Test
  void rowCountsAreTheReportsQueryCounts() throws Exception {
    Map<String, Object> report = JSON.std.mapFrom(Files.readString(Resources.log(REPORT)));
    Map<String, Long> ptCounts = new HashMap<>();
    for (Object c : (List<?>) report.get("classes")) {
      Map<?, ?> m = (Map<?, ?>) c;
      ptCounts.put((String) m.get("fingerprint"), ((Number) m.get("query_count")).longValue());
    }
    // The committed report and the committed events say the same.
    Map<String, Long> fromEvents = new HashMap<>();
    parseEvents(Files.readString(Resources.log(EVENTS))).forEach(e -> fromEvents.merge(e.fingerprint(), 1L, Long::sum));
    assertThat(ptCounts).isEqualTo(fromEvents);

    SlowReport ourReport = SlowLogDigest.read(dev.isutools4j.internal.digest.LogRange.whole(Resources.log(LOG)),
        SlowLogDigest.Options.defaults(), 2);
    Map<String, Long> ourCounts = new HashMap<>();
    ourReport.rows().forEach(r -> ourCounts.put(r.fingerprint(), r.count()));
    for (Map.Entry<String, Long> e : ptCounts.entrySet()) {
      String pt = e.getKey();
      long expected = e.getValue();
      if (WE_SPLIT.containsKey(pt)) {
        assertThat(WE_SPLIT.get(pt).stream().mapToLong(ourCounts::get).sum()).as(pt).isEqualTo(expected);
      } else {
        String ourKey = WE_MERGE.entrySet().stream().filter(m -> m.getValue().contains(pt))
            .map(Map.Entry::getKey).findFirst().orElse(null);
        if (ourKey == null) {
          assertThat(ourCounts).as(pt).containsValue(expected);
        }
      }
    }
    for (Map.Entry<String, Set<String>> m : WE_MERGE.entrySet()) {
      assertThat(ourCounts.get(m.getKey())).as(m.getKey())
          .isEqualTo(m.getValue().stream().mapToLong(ptCounts::get).sum());
    }
    // Query time in all: pt-query-digest's global sum, to the microsecond.
    double ptTotal = Double.parseDouble((String) ((Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) report.get("global"))
        .get("metrics")).get("Query_time")).get("sum"));
    assertThat(ourReport.totalMs()).isCloseTo(ptTotal * 1000, org.assertj.core.api.Assertions.within(1e-6));
  }

  @Test
  void theLiveReportHasTheCommittedClassCounts() throws Exception {
    Optional<Path> pt = Requirements.ptQueryDigest();
    org.junit.jupiter.api.Assumptions.assumeTrue(pt.isPresent(),
        "pt-query-digest is not installed: the committed report is checked by the other tests");
    Map<String, Object> live = JSON.std.mapFrom(run(pt.get(), "--limit", "100%:10000", "--output",
        "json", "--no-version-check", Resources.log(LOG).toString()));
    Map<String, Object> committed = JSON.std.mapFrom(Files.readString(Resources.log(REPORT)));
    assertThat(counts(live)).isEqualTo(counts(committed));
  }

  private static Map<String, Object> counts(Map<String, Object> report) {
    Map<String, Object> out = new TreeMap<>();
    for (Object c : (List<?>) report.get("classes")) {
      Map<?, ?> m = (Map<?, ?>) c;
      out.put((String) m.get("fingerprint"), m.get("query_count"));
    }
    return out;
  }
}
