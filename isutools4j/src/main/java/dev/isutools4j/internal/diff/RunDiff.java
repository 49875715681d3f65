package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.diff.RowDiff.Stats;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed from one run to another: the score, and every table matched row by row by its key.
 * Rows in each list come with the biggest change of total time first (counters: of count).
 *
 * @param sql by fingerprint
 * @param http by method and route
 * @param routeSql by method, route and fingerprint
 * @param counters by name
 * @param machine the machine summary's means and peaks that differ
 * @param indexes the database tables' indexes added, dropped or changed
 * @param advisor the advisor rows whose status changed (an ok turning warn, a warn turning ok)
 * @param profile the CPU profiles' hot methods and flame graphs
 * @param accessLog the access log section's rows, by method and route
 * @param slowLog the slow log section's rows, by fingerprint
 * @param hosts for two runs across hosts, each host's parts compared (or the line saying which run
 *     lacks its part); empty otherwise
 * @param layout when one run spans several hosts and the other does not, the sentence saying so:
 *     then only the tables are compared (the single run's against the merged ones); null otherwise
 */
public record RunDiff(
    RunMeta before,
    RunMeta after,
    List<RowDiff> sql,
    List<RowDiff> http,
    List<RowDiff> routeSql,
    List<RowDiff> counters,
    List<ValueDiff> machine,
    List<ValueDiff> indexes,
    List<ValueDiff> advisor,
    ProfileDiff profile,
    List<RowDiff> accessLog,
    List<RowDiff> slowLog,
    List<HostDiff> hosts,
    String layout) {

  private static final int LABEL = 60;
  private static final Comparator<RowDiff> BY_TIME_MOVED =
      Comparator.comparingDouble((RowDiff r) -> -Math.abs(r.totalDeltaMs())).thenComparing(RowDiff::key);
  private static final Comparator<RowDiff> BY_COUNT_MOVED =
      Comparator.comparingLong((RowDiff r) -> -Math.abs(r.countDelta())).thenComparing(RowDiff::key);

  public RunDiff {
    sql = List.copyOf(sql);
    http = List.copyOf(http);
    routeSql = List.copyOf(routeSql);
    counters = List.copyOf(counters);
    machine = List.copyOf(machine);
    indexes = List.copyOf(indexes);
    advisor = List.copyOf(advisor);
    accessLog = List.copyOf(accessLog);
    slowLog = List.copyOf(slowLog);
    hosts = List.copyOf(hosts);
  }

  /**
   * Compares two runs. Runs across hosts are compared by their merged tables, then host by host;
   * a run of one host against a run across hosts by the tables only.
   */
  public static RunDiff of(Snapshot before, Snapshot after) {
    List<HostDiff> hosts = HostDiff.of(before, after);
    String layout = layout(before.meta(), after.meta());
    if (layout != null) {
      before = tablesOnly(before);
      after = tablesOnly(after);
    }
    List<RowDiff> sql = match(keyed(before.sql(), SqlRow::fingerprint, RunDiff::sqlStats),
        keyed(after.sql(), SqlRow::fingerprint, RunDiff::sqlStats), BY_TIME_MOVED);
    List<RowDiff> http = match(keyed(before.http(), RunDiff::route, RunDiff::httpStats),
        keyed(after.http(), RunDiff::route, RunDiff::httpStats), BY_TIME_MOVED);
    List<RowDiff> routeSql = match(routeQueries(before), routeQueries(after), BY_TIME_MOVED);
    List<RowDiff> counters = match(keyed(before.counters(), CounterRow::name, RunDiff::counterStats),
        keyed(after.counters(), CounterRow::name, RunDiff::counterStats), BY_COUNT_MOVED);
    return new RunDiff(before.meta(), after.meta(), sql, http, routeSql, counters,
        SectionDiffs.machine(before, after),
        SectionDiffs.indexes(before, after),
        SectionDiffs.advisor(before, after),
        layout == null ? ProfileDiff.of(before, after) : ProfileDiff.notCompared(layout),
        match(accessLog(before), accessLog(after), BY_TIME_MOVED),
        match(slowLog(before), slowLog(after), BY_TIME_MOVED),
        hosts, layout);
  }

  /** Whether either run spans several hosts. */
  public boolean acrossHosts() {
    return before.multiHost() || after.multiHost();
  }

  /** The sentence saying the host layout changed; null when both runs have the same kind. */
  private static String layout(RunMeta before, RunMeta after) {
    if (before.multiHost() == after.multiHost()) {
      return null;
    }
    return "host layout changed: " + hosts(before) + " → " + hosts(after)
        + "; the single host's tables are compared with the merged ones, its other sections are not";
  }

  private static String hosts(RunMeta meta) {
    if (!meta.multiHost()) {
      return "one host";
    }
    return meta.hosts().size() + " hosts (" + String.join(", ",
        meta.hosts().stream().map(h -> h.name()).toList()) + ")";
  }

  private static Snapshot tablesOnly(Snapshot s) {
    return new Snapshot(s.meta(), s.sql(), s.http(), s.counters(), Map.of());
  }

  /** The later score minus the earlier; null when either run has none. */
  public Long scoreDelta() {
    return before.score() == null || after.score() == null ? null : after.score() - before.score();
  }

  /**
   * The {@code n} biggest moves, in plain words: first those of time over SQL, HTTP and SQL per
   * route, such as {@code select * from comments where post_id = ? …: total 450 s → 3 s, p95 2 ms →
   * 0.1 ms}, then the profile's hot methods whose share moved by at least 5 points, such as
   * {@code dev.x.Foo.bar: self 42% → 3% of CPU samples}. The two measure different things, so
   * neither ranks above the other: hot methods get up to half the places, and any that time
   * moves leave free.
   */
  public List<String> topMoves(int n) {
    List<String> time = timeMoves(n);
    List<String> methods = profile.moves(n);
    int methodPlaces = Math.min(methods.size(), Math.max(n / 2, n - time.size()));
    List<String> out = new ArrayList<>(time.subList(0, Math.min(time.size(), n - methodPlaces)));
    out.addAll(methods.subList(0, methodPlaces));
    return out;
  }

  private List<String> timeMoves(int n) {
    List<RowDiff> all = new ArrayList<>(sql.size() + http.size() + routeSql.size());
    all.addAll(sql);
    all.addAll(http);
    all.addAll(routeSql);
    all.sort(BY_TIME_MOVED);
    List<String> out = new ArrayList<>(n);
    for (RowDiff r : all) {
      if (out.size() == n || r.totalDeltaMs() == 0) {
        break;
      }
      out.add(sentence(r));
    }
    return out;
  }

  static String sentence(RowDiff r) {
    StringBuilder out = new StringBuilder(shorten(r.label())).append(": ");
    if (r.isNew()) {
      out.append("new, total ").append(DiffUnits.ms(r.after().totalMs()));
      p95(out.append(", p95 "), r.after().p95Ms());
    } else if (r.isGone()) {
      out.append("gone, was total ").append(DiffUnits.ms(r.before().totalMs()));
      p95(out.append(", p95 "), r.before().p95Ms());
    } else {
      out.append("total ").append(DiffUnits.ms(r.before().totalMs())).append(" → ")
          .append(DiffUnits.ms(r.after().totalMs()));
      if (!Double.isNaN(r.before().p95Ms())) {
        out.append(", p95 ").append(DiffUnits.ms(r.before().p95Ms())).append(" → ")
            .append(DiffUnits.ms(r.after().p95Ms()));
      }
    }
    if (out.charAt(out.length() - 2) == ',') {
      out.setLength(out.length() - 2);
    }
    return out.toString();
  }

  private static void p95(StringBuilder out, double p95) {
    if (Double.isNaN(p95)) {
      out.setLength(out.length() - ", p95 ".length());
    } else {
      out.append(DiffUnits.ms(p95));
    }
  }

  private static String shorten(String label) {
    return label.length() <= LABEL ? label : label.substring(0, LABEL).stripTrailing() + " …";
  }

  /** The diff as plain JSON data (docs/SNAPSHOT.md describes it). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("before", SnapshotJson.meta(before));
    out.put("after", SnapshotJson.meta(after));
    out.put("scoreDelta", scoreDelta());
    out.put("topMoves", topMoves(5));
    out.put("sql", rows(sql));
    out.put("http", rows(http));
    out.put("routeSql", rows(routeSql));
    out.put("counters", rows(counters));
    out.put("machine", values(machine));
    out.put("indexes", values(indexes));
    out.put("advisor", values(advisor));
    out.put("profile", profile.toMap());
    out.put("accessLog", rows(accessLog));
    out.put("slowLog", rows(slowLog));
    if (acrossHosts()) { // a diff of runs of one host is written as before
      out.put("layout", layout);
      out.put("hosts", hosts.stream().map(HostDiff::toMap).toList());
    }
    return out;
  }

  private static List<Map<String, Object>> rows(List<RowDiff> rows) {
    return rows.stream().map(RowDiff::toMap).toList();
  }

  private static List<Map<String, Object>> values(List<ValueDiff> values) {
    return values.stream().map(ValueDiff::toMap).toList();
  }

  // Matching.

  private record Keyed(String key, String label, Stats stats) {}

  private static <T> List<Keyed> keyed(List<T> rows, java.util.function.Function<T, String> key,
      java.util.function.Function<T, Stats> stats) {
    List<Keyed> out = new ArrayList<>(rows.size());
    for (T row : rows) {
      String k = key.apply(row);
      out.add(new Keyed(k, k, stats.apply(row)));
    }
    return out;
  }

  private static List<Keyed> routeQueries(Snapshot s) {
    List<Keyed> out = new ArrayList<>();
    for (HttpRow r : s.http()) {
      for (RouteQuery q : r.queries()) {
        String label = route(r) + " · " + q.fingerprint();
        out.add(new Keyed(label, label, new Stats(q.count(), q.totalMs(), Double.NaN)));
      }
    }
    return out;
  }

  private static List<RowDiff> match(List<Keyed> before, List<Keyed> after, Comparator<RowDiff> order) {
    Map<String, Keyed> earlier = new HashMap<>(before.size() * 2);
    for (Keyed k : before) {
      earlier.putIfAbsent(k.key(), k);
    }
    List<RowDiff> out = new ArrayList<>(before.size() + after.size());
    Map<String, Boolean> seen = new HashMap<>(after.size() * 2);
    for (Keyed a : after) {
      if (seen.putIfAbsent(a.key(), Boolean.TRUE) != null) {
        continue;
      }
      Keyed b = earlier.get(a.key());
      out.add(new RowDiff(a.key(), a.label(), b == null ? null : b.stats(), a.stats()));
    }
    for (Keyed b : earlier.values()) {
      if (!seen.containsKey(b.key())) {
        out.add(new RowDiff(b.key(), b.label(), b.stats(), null));
      }
    }
    out.sort(order);
    return out;
  }

  private static String route(HttpRow r) {
    return r.method() + " " + r.route();
  }

  private static Stats sqlStats(SqlRow r) {
    return stats(r.time());
  }

  private static Stats httpStats(HttpRow r) {
    return stats(r.time());
  }

  private static Stats stats(LatencySummary t) {
    LatencySummary time = t == null ? LatencySummary.EMPTY : t;
    return new Stats(time.count(), time.totalMs(), time.p95Ms());
  }

  private static Stats counterStats(CounterRow r) {
    return new Stats(r.count(), 0, Double.NaN);
  }

  /** The access log section's rows, by method and route; none without the section. */
  private static List<Keyed> accessLog(Snapshot s) {
    List<AccessLogSection.Row> rows = s.section(AccessLogSection.class).map(AccessLogSection::rows)
        .orElse(List.of());
    return keyed(rows, r -> r.method() + " " + r.route(),
        r -> new Stats(r.traffic().count(), r.traffic().totalMs(), r.traffic().p95Ms()));
  }

  /** The slow log section's rows, by fingerprint; none without the section. */
  private static List<Keyed> slowLog(Snapshot s) {
    List<SlowLogSection.Row> rows = s.section(SlowLogSection.class).map(SlowLogSection::rows)
        .orElse(List.of());
    return keyed(rows, SlowLogSection.Row::fingerprint, r -> new Stats(r.count(), r.totalMs(), r.p95Ms()));
  }
}
