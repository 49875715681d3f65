package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.diff.RowDiff.Kind;
import dev.isutools4j.internal.diff.RowDiff.Stats;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What changed from one run to another: the score, and every table matched row by row by its key.
 * Rows in each list come with the biggest change of time per HTTP request of the run first (of
 * total time when either run's requests are unknown; counters: of count), so that a run that
 * served more requests does not look worse for spending more time in total on them.
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
 * @param flow the user flows' transitions that appeared, vanished or moved
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
    String layout,
    FlowDiff flow) {

  private static final int LABEL = 60;
  private static final Comparator<RowDiff> BY_TIME_MOVED =
      Comparator.comparingDouble((RowDiff r) -> -Math.abs(r.orderMs())).thenComparing(RowDiff::key);
  private static final Comparator<RowDiff> BY_COST_MOVED =
      Comparator.comparingDouble((RowDiff r) -> -Math.abs(r.moveMs())).thenComparing(RowDiff::key);
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
    RequestBasis was = RequestBasis.of(before);
    RequestBasis is = RequestBasis.of(after);
    List<RowDiff> sql = match(Kind.SQL, keyed(before.sql(), SqlRow::fingerprint, was::sql),
        keyed(after.sql(), SqlRow::fingerprint, is::sql), BY_TIME_MOVED);
    List<RowDiff> http = match(Kind.HTTP, keyed(before.http(), RunDiff::route, was::http),
        keyed(after.http(), RunDiff::route, is::http), BY_TIME_MOVED);
    List<RowDiff> routeSql = match(Kind.ROUTE_SQL, routeQueries(before, was),
        routeQueries(after, is), BY_TIME_MOVED);
    List<RowDiff> counters = match(Kind.COUNTER,
        keyed(before.counters(), CounterRow::name, was::counter),
        keyed(after.counters(), CounterRow::name, is::counter), BY_COUNT_MOVED);
    return new RunDiff(before.meta(), after.meta(), sql, http, routeSql, counters,
        SectionDiffs.machine(before, after),
        SectionDiffs.indexes(before, after),
        SectionDiffs.advisor(before, after),
        layout == null ? ProfileDiff.of(before, after) : ProfileDiff.notCompared(layout),
        match(Kind.HTTP, accessLog(before), accessLog(after), BY_TIME_MOVED),
        match(Kind.SQL, slowLog(before, was), slowLog(after, is), BY_TIME_MOVED),
        hosts, layout, layout == null ? FlowDiff.of(before, after) : FlowDiff.notCompared(layout));
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
   * The {@code n} biggest moves, in plain words: first those of cost per request over SQL, HTTP
   * and SQL per route, such as {@code select * from comments where post_id = ? …: 5.2 ms → 0.25 ms
   * per request, p95 16 ms → 0.1 ms}, then the profile's methods whose share moved by at least 5
   * points (self time, or the app's own frames). The two measure different things, so neither
   * ranks above the other: hot methods get up to half the places, and any that time moves leave
   * free.
   *
   * <p>Time moves are ranked in one currency, time per HTTP request of each run (see {@link
   * #MOVES_BASIS}): a fingerprint's time, a route's SQL's time, and a route's time outside its SQL,
   * which the SQL rows already count. A statement is said once, by whichever of its rows ranks
   * first; a row within noise ({@code same}) is not a move. With either run's requests unknown the
   * totals are ranked and said, as before.
   */
  public List<String> topMoves(int n) {
    List<String> time = timeMoves(n);
    List<String> methods = profile.moves(n);
    int methodPlaces = Math.min(methods.size(), Math.max(n / 2, n - time.size()));
    List<String> out = new ArrayList<>(time.subList(0, Math.min(time.size(), n - methodPlaces)));
    out.addAll(methods.subList(0, methodPlaces));
    return out;
  }

  /** What the time moves are ranked by, in words. */
  public String movesBasis() {
    boolean perRequest = before.requests() > 0 && after.requests() > 0;
    return perRequest ? MOVES_BASIS : "change of total time (a run's HTTP requests are unknown)";
  }

  /** What the time moves are ranked by when both runs' requests are known. */
  public static final String MOVES_BASIS = "change of time per HTTP request of each run"
      + " (a route: its time outside SQL, which the SQL rows count)";

  private List<String> timeMoves(int n) {
    List<RowDiff> all = new ArrayList<>(sql.size() + http.size() + routeSql.size());
    all.addAll(sql);
    all.addAll(http);
    all.addAll(routeSql);
    all.sort(BY_COST_MOVED);
    List<String> out = new ArrayList<>(n);
    Set<String> said = new HashSet<>();
    for (RowDiff r : all) {
      if (out.size() == n || r.moveMs() == 0) {
        break;
      }
      if (r.changed() && said.add(r.subject())) {
        out.add(sentence(r));
      }
    }
    return out;
  }

  static String sentence(RowDiff r) {
    StringBuilder out = new StringBuilder(shorten(r.label())).append(": ");
    boolean perRequest = r.perRequest();
    String per = r.kind() == Kind.ROUTE_SQL ? " per route request" : " per request";
    if (r.isNew()) {
      out.append("new, ").append(perRequest ? DiffUnits.ms(r.after().msPerRequest()) + per
          : "total " + DiffUnits.ms(r.after().totalMs()));
      p95(out.append(", p95 "), r.after().p95Ms());
    } else if (r.isGone()) {
      out.append("gone, was ").append(perRequest ? DiffUnits.ms(r.before().msPerRequest()) + per
          : "total " + DiffUnits.ms(r.before().totalMs()));
      p95(out.append(", p95 "), r.before().p95Ms());
    } else {
      if (perRequest) {
        out.append(DiffUnits.ms(r.before().msPerRequest())).append(" → ")
            .append(DiffUnits.ms(r.after().msPerRequest())).append(per);
      } else {
        out.append("total ").append(DiffUnits.ms(r.before().totalMs())).append(" → ")
            .append(DiffUnits.ms(r.after().totalMs()));
      }
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
    out.put("movesBasis", movesBasis());
    out.put("topMoves", topMoves(5));
    out.put("sql", rows(sql));
    out.put("http", rows(http));
    out.put("routeSql", rows(routeSql));
    out.put("flow", flow.toMap());
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

  private record Keyed(String key, String label, String subject, Stats stats) {}

  private static <T> List<Keyed> keyed(List<T> rows, Function<T, String> key,
      Function<T, Stats> stats) {
    List<Keyed> out = new ArrayList<>(rows.size());
    for (T row : rows) {
      String k = key.apply(row);
      out.add(new Keyed(k, k, k, stats.apply(row)));
    }
    return out;
  }

  private static List<Keyed> routeQueries(Snapshot s, RequestBasis basis) {
    List<Keyed> out = new ArrayList<>();
    for (HttpRow r : s.http()) {
      long requests = r.time() == null ? 0 : r.time().count();
      for (RouteQuery q : r.queries()) {
        String label = route(r) + " · " + q.fingerprint();
        out.add(new Keyed(label, label, q.fingerprint(), new Stats(q.count(), q.totalMs(),
            Double.NaN, requests, basis.requests(), basis.sqlMs(), q.totalMs())));
      }
    }
    return out;
  }

  private static List<RowDiff> match(Kind kind, List<Keyed> before, List<Keyed> after,
      Comparator<RowDiff> order) {
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
      out.add(new RowDiff(a.key(), a.label(), kind, a.subject(), b == null ? null : b.stats(),
          a.stats()));
    }
    for (Keyed b : earlier.values()) {
      if (!seen.containsKey(b.key())) {
        out.add(new RowDiff(b.key(), b.label(), kind, b.subject(), b.stats(), null));
      }
    }
    out.sort(order);
    return out;
  }

  static String route(HttpRow r) {
    return r.method() + " " + r.route();
  }

  /** The access log section's rows, by method and route; none without the section. */
  private static List<Keyed> accessLog(Snapshot s) {
    List<AccessLogSection.Row> rows = s.section(AccessLogSection.class).map(AccessLogSection::rows)
        .orElse(List.of());
    long requests = 0;
    double totalMs = 0;
    for (AccessLogSection.Row r : rows) {
      requests += r.traffic().count();
      totalMs += r.traffic().totalMs();
    }
    long runRequests = requests;
    double runMs = totalMs;
    return keyed(rows, r -> r.method() + " " + r.route(),
        r -> new Stats(r.traffic().count(), r.traffic().totalMs(), r.traffic().p95Ms(),
            r.traffic().count(), runRequests, runMs, r.traffic().totalMs()));
  }

  /** The slow log section's rows, by fingerprint, per HTTP request of the run; none without it. */
  private static List<Keyed> slowLog(Snapshot s, RequestBasis basis) {
    List<SlowLogSection.Row> rows = s.section(SlowLogSection.class).map(SlowLogSection::rows)
        .orElse(List.of());
    double totalMs = 0;
    for (SlowLogSection.Row r : rows) {
      totalMs += r.totalMs();
    }
    double runMs = totalMs;
    return keyed(rows, SlowLogSection.Row::fingerprint, r -> new Stats(r.count(), r.totalMs(),
        r.p95Ms(), basis.requests(), basis.requests(), runMs, r.totalMs()));
  }
}
