package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a run's time went, in a few ranked lines for the top of its page: the SQL fingerprints and
 * routes that took most of the time (with their share), the routes flagged N+1, the process that
 * used most CPU and whether the machine was saturated, idle or network-bound, and the advisor's
 * warnings. A pure function of the snapshot; each line names the row it comes from.
 *
 * @param lines most important first within each kind, the kinds in {@link Kind}'s order
 */
record Verdict(List<Line> lines) {

  /** What a line is about. */
  enum Kind { SQL, HTTP, N_PLUS_ONE, MACHINE, ADVISOR }

  /**
   * One line.
   *
   * @param subject what it is about, shown as code (a fingerprint, a route, a process)
   * @param detail the numbers, formatted with their units
   * @param host the host whose part holds the row; null for the page's own rows
   * @param anchor the id of the row on that page; null when there is none
   */
  record Line(Kind kind, String subject, String detail, String host, String anchor) {}

  /** Lines per kind of table (SQL, HTTP, N+1). */
  static final int TOP = 3;
  /** Advisor lines; the others are counted in one more line. */
  static final int ADVICE = 4;
  /** A line after the first of its kind needs this share of the time to be shown. */
  static final double MIN_SHARE = 0.05;
  /** Busy above this percent of all cores on average: saturated, even without the sampler's flag. */
  static final double SATURATED_BUSY = 90;

  private static final Set<String> APP_ROLES = Set.of("app", "mixed");
  private static final Set<String> DATABASES = Set.of("mysqld", "mariadbd", "mysqld_safe");

  static Verdict of(Snapshot snapshot) {
    List<Line> lines = new ArrayList<>();
    sql(snapshot.sql(), lines);
    http(snapshot.http(), lines);
    nPlusOne(snapshot.http(), lines);
    machine(snapshot, lines);
    advisor(snapshot, lines);
    return new Verdict(List.copyOf(lines));
  }

  /** The lines of one kind. */
  List<Line> of(Kind kind) {
    return lines.stream().filter(l -> l.kind() == kind).toList();
  }

  private static void sql(List<SqlRow> rows, List<Line> lines) {
    List<SqlRow> sorted = SqlTable.sorted(rows);
    double all = 0;
    for (SqlRow r : sorted) {
      all += SqlTable.time(r).totalMs();
    }
    for (int i = 0; i < Math.min(TOP, sorted.size()); i++) {
      SqlRow r = sorted.get(i);
      double total = SqlTable.time(r).totalMs();
      if (!shown(i, total, all)) {
        break;
      }
      lines.add(new Line(Kind.SQL, r.fingerprint(), Units.ms(total) + ", " + share(total, all)
          + " of SQL time · " + Units.count(SqlTable.time(r).count()) + " executions", null,
          SqlTable.anchor(i)));
    }
  }

  private static void http(List<HttpRow> rows, List<Line> lines) {
    List<HttpRow> sorted = HttpRows.byTotalTime(rows);
    double all = 0;
    for (HttpRow r : sorted) {
      all += HttpRows.time(r).totalMs();
    }
    for (int i = 0; i < Math.min(TOP, sorted.size()); i++) {
      HttpRow r = sorted.get(i);
      double total = HttpRows.time(r).totalMs();
      if (!shown(i, total, all)) {
        break;
      }
      lines.add(new Line(Kind.HTTP, r.method() + " " + r.route(), Units.ms(total) + ", "
          + share(total, all) + " of HTTP time · " + Units.count(HttpRows.time(r).count())
          + " requests, mean " + Units.ms(HttpRows.time(r).meanMs()), null, HttpTable.anchor(i)));
    }
  }

  private static void nPlusOne(List<HttpRow> rows, List<Line> lines) {
    List<HttpRow> sorted = HttpRows.byTotalTime(rows);
    int shown = 0;
    for (int i = 0; i < sorted.size() && shown < TOP; i++) {
      HttpRow r = sorted.get(i);
      if (!r.nPlusOne()) {
        continue;
      }
      shown++;
      StringBuilder detail = new StringBuilder(120).append(Units.ratio(r.queriesPerRequest()))
          .append(" queries per request (at most ").append(Units.count(r.maxQueriesPerRequest()))
          .append(" in one)");
      RouteQuery repeated = mostRepeated(r.queries());
      if (repeated != null) {
        detail.append(" · most repeated: ").append(repeated.fingerprint()).append(", ")
            .append(Units.ratio(repeated.perRequest())).append(" per request");
      }
      boolean listed = r.queries() != null && !r.queries().isEmpty();
      lines.add(new Line(Kind.N_PLUS_ONE, r.method() + " " + r.route(), detail.toString(), null,
          listed ? RouteQueryTable.anchor(i) : HttpTable.anchor(i)));
    }
  }

  private static RouteQuery mostRepeated(List<RouteQuery> queries) {
    RouteQuery most = null;
    for (RouteQuery q : queries == null ? List.<RouteQuery>of() : queries) {
      if (q.nPlusOne() && (most == null || q.perRequest() > most.perRequest())) {
        most = q;
      }
    }
    return most;
  }

  private static boolean shown(int rank, double total, double all) {
    return total > 0 && (rank == 0 || total >= MIN_SHARE * all);
  }

  private static String share(double part, double all) {
    return Units.percent(all <= 0 ? Double.NaN : part / all);
  }

  /** One host's machine section, and whether its own JVM is the app's. */
  private record Machine(String host, MachineSection section, boolean app) {}

  /** A process of a known kind, its CPU summed over its processes of that name. */
  private record Busy(Machine machine, String label, double meanCpuPct) {}

  private static void machine(Snapshot snapshot, List<Line> lines) {
    List<Machine> machines = machines(snapshot);
    Busy busiest = null;
    for (Machine m : machines) {
      for (Busy b : busy(m)) {
        if (busiest == null || b.meanCpuPct() > busiest.meanCpuPct()) {
          busiest = b;
        }
      }
    }
    for (Machine m : machines) {
      String state = state(m.section());
      boolean holdsBusiest = busiest != null && busiest.machine() == m;
      if (state == null && !holdsBusiest) {
        continue;
      }
      StringBuilder detail = new StringBuilder(160);
      detail.append(state == null ? cpu(m.section()) : state);
      String subject = "machine";
      if (holdsBusiest) {
        subject = busiest.label();
        detail.append(" · the most CPU: ").append(Units.percent(busiest.meanCpuPct() / 100))
            .append(" of one core on average");
      }
      String where = m.host() == null ? "machine-processes" : "h-host-machine";
      lines.add(new Line(Kind.MACHINE, m.host() == null ? subject : m.host() + ": " + subject,
          detail.toString(), null, where));
    }
  }

  private static List<Machine> machines(Snapshot snapshot) {
    List<Machine> machines = new ArrayList<>();
    if (!snapshot.meta().multiHost()) {
      snapshot.section(MachineSection.class).filter(MachineSection::supported)
          .ifPresent(s -> machines.add(new Machine(null, s, true)));
      return machines;
    }
    for (HostInfo host : snapshot.meta().hosts()) {
      Snapshot part = snapshot.parts().get(host.name());
      if (part == null) {
        continue;
      }
      boolean app = host.role() != null && APP_ROLES.contains(host.role());
      part.section(MachineSection.class).filter(MachineSection::supported)
          .ifPresent(s -> machines.add(new Machine(host.name(), s, app)));
    }
    return machines;
  }

  /** The app's JVM, the database server and nginx (its workers summed), as far as they ran. */
  private static List<Busy> busy(Machine m) {
    if (m.section().summary() == null) {
      return List.of();
    }
    Map<String, Double> byLabel = new LinkedHashMap<>();
    for (ProcessTotal p : m.section().summary().processes()) {
      if (Double.isNaN(p.meanCpuPct())) {
        continue;
      }
      String label = p.self() ? (m.app() ? "the app's JVM (" + p.name() + ", pid " + p.pid() + ")"
          : null) : DATABASES.contains(p.name()) || "nginx".equals(p.name()) ? p.name() : null;
      if (label != null) {
        byLabel.merge(label, p.meanCpuPct(), Double::sum);
      }
    }
    List<Busy> busy = new ArrayList<>();
    byLabel.forEach((label, cpu) -> busy.add(new Busy(m, label, cpu)));
    return busy;
  }

  /** Saturated, idle under load or network-bound, as the machine section measured; else null. */
  private static String state(MachineSection section) {
    Map<String, Flag> flags = new LinkedHashMap<>();
    for (Flag f : section.flags()) {
      flags.put(f.id(), f);
    }
    double busy = mean(section, MachineMetric.CPU_BUSY);
    int cpus = section.limits() == null ? 0 : section.limits().cpus();
    if (flags.containsKey("network-near-link")) {
      return "network-bound: " + flags.get("network-near-link").message();
    }
    if (flags.containsKey("cpu-saturated") || busy > SATURATED_BUSY) {
      return "CPU saturated: " + Units.percent(busy / 100) + " busy on average"
          + (cpus > 0 ? " over " + cpus + (cpus == 1 ? " core" : " cores") : "");
    }
    if (flags.containsKey("idle-under-load")) {
      return "machine idle: " + Units.percent(mean(section, MachineMetric.CPU_IDLE) / 100)
          + " idle on average while requests waited: raise the pool size / concurrency";
    }
    return null;
  }

  private static String cpu(MachineSection section) {
    double busy = mean(section, MachineMetric.CPU_BUSY);
    return Double.isNaN(busy) ? "CPU not measured"
        : "CPU " + Units.percent(busy / 100) + " busy on average: neither saturated nor idle";
  }

  private static double mean(MachineSection section, MachineMetric metric) {
    MeanPeak stat = section.summary() == null ? null : section.summary().stat(metric);
    return stat == null ? Double.NaN : stat.mean();
  }

  private static void advisor(Snapshot snapshot, List<Line> lines) {
    List<Line> warnings = new ArrayList<>();
    if (snapshot.meta().multiHost()) {
      for (HostInfo host : snapshot.meta().hosts()) {
        Snapshot part = snapshot.parts().get(host.name());
        if (part != null) {
          part.section(AdvisorSection.class).ifPresent(a -> warnings(a, host.name(), warnings));
        }
      }
    } else {
      snapshot.section(AdvisorSection.class).ifPresent(a -> warnings(a, null, warnings));
    }
    lines.addAll(warnings.subList(0, Math.min(ADVICE, warnings.size())));
    if (warnings.size() > ADVICE) {
      int more = warnings.size() - ADVICE;
      lines.add(new Line(Kind.ADVISOR, null, more + (more == 1 ? " more warning" : " more warnings"),
          null, snapshot.meta().multiHost() ? "h-parts" : "h-advisor"));
    }
  }

  /** The warns with evidence, one line per rule (a rule that warned for several rows says so). */
  private static void warnings(AdvisorSection advisor, String host, List<Line> out) {
    Map<String, Integer> first = new LinkedHashMap<>();
    Map<String, Integer> times = new LinkedHashMap<>();
    List<Row> rows = advisor.rows();
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      if (row.status() != Status.WARN || row.evidence().isEmpty()
          || row.evidence().containsKey("missing")) {
        continue;
      }
      first.putIfAbsent(row.rule(), i);
      times.merge(row.rule(), 1, Integer::sum);
    }
    first.forEach((rule, i) -> {
      Row row = rows.get(i);
      int n = times.get(rule);
      String title = row.title() == null ? rule : row.title();
      String detail = (n > 1 ? n + " rows, the first: " : "") + EvidenceText.of(row.evidence());
      out.add(new Line(Kind.ADVISOR, (host == null ? "" : host + ": ") + title, detail, host,
          AdvisorView.anchor(i)));
    });
  }
}
