package dev.isutools4j.internal.web;

import dev.isutools4j.internal.diff.HostDiff;
import dev.isutools4j.internal.diff.RowDiff;
import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.diff.ValueDiff;
import dev.isutools4j.internal.snapshot.RunMeta;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * {@code GET /diff?a=ID&b=ID}: what changed from run a to run b, biggest moves first. Runs across
 * hosts: their merged tables, then host by host, each host's parts compared as two runs are.
 */
public final class DiffPage {

  /**
   * Where a diff's body is written: the prefix of its ids and the tags of its headings, so that a
   * host's diff sits under its own heading with ids of its own.
   */
  record Scope(String prefix, String title, String subtitle) {
    static final Scope TOP = new Scope("", "h2", "h3");

    static Scope host(String name) {
      return new Scope("host-" + Html.pathSegment(name) + "-", "h3", "h4");
    }

    String id(String id) {
      return prefix + id;
    }
  }

  private DiffPage() {}

  public static String render(RunDiff diff, HealthStatus health) {
    return render(diff, null, health);
  }

  /** With the history's repeats, whose bands say in the header whether the score change is noise. */
  static String render(RunDiff diff, Repeats repeats, HealthStatus health) {
    RunMeta a = diff.before();
    RunMeta b = diff.after();
    int rows = rows(diff);
    int flameNodes = diff.profile().flame() == null ? 0 : diff.profile().flame().nodes();
    for (HostDiff host : diff.hosts()) {
      if (host.compared()) {
        rows += rows(host.diff());
        flameNodes += host.diff().profile().flame() == null ? 0 : host.diff().profile().flame().nodes();
      }
    }
    StringBuilder out = Layout.begin("isutools4j — diff " + a.id() + " → " + b.id(), health,
        8_192 + rows * 900 + flameNodes * 80 + Assets.FLAME_SCRIPT.length());
    boolean hosts = diff.acrossHosts();
    out.append("<p class=\"nav\"><a href=\"./\">← all runs</a> · <a href=\"#h-sql\">SQL</a>"
        + " · <a href=\"#h-http\">HTTP</a> · <a href=\"#h-route-sql\">SQL per route</a>"
        + (hosts ? "" : " · <a href=\"#h-flow\">flow</a>")
        + " · <a href=\"#h-counters\">counters</a>");
    if (hosts) {
      out.append(" · <a href=\"#h-hosts\">host by host</a></p>");
    } else {
      out.append(" · <a href=\"#h-profile\">profile</a>"
          + " · <a href=\"#h-access-log\">access log</a> · <a href=\"#h-slow-log\">slow log</a>"
          + " · <a href=\"#h-sections\">sections</a></p>");
    }
    out.append("<h1>Diff <a href=\"").append(Html.escape("runs/" + Html.pathSegment(a.id())))
        .append("\"><code>");
    Html.escape(out, a.id()).append("</code></a>");
    HostsView.badges(out, a).append(" → <a href=\"")
        .append(Html.escape("runs/" + Html.pathSegment(b.id()))).append("\"><code>");
    Html.escape(out, b.id()).append("</code></a>");
    HostsView.badges(out, b).append("</h1>");
    noise(out, diff, repeats);
    if (hosts) {
      banners(out, diff);
    }
    meta(out, diff);
    body(out, diff, Scope.TOP, hosts);
    if (hosts) {
      hosts(out, diff);
    }
    return Layout.end(out);
  }

  /** One line: whether the score change is outside both runs' bands, or which band is missing. */
  private static void noise(StringBuilder out, RunDiff diff, Repeats repeats) {
    String verdict = repeats == null ? null : repeats.verdict(diff.before(), diff.after());
    if (verdict != null) {
      out.append("<p class=\"banner\" id=\"diff-noise\">").append(verdict).append("</p>");
    }
  }

  private static int rows(RunDiff diff) {
    return diff.sql().size() + diff.http().size() + diff.routeSql().size() + diff.counters().size();
  }

  /** Which side is partial, and whether the host layout changed. */
  private static void banners(StringBuilder out, RunDiff diff) {
    String[] sides = {"earlier", "later"};
    RunMeta[] metas = {diff.before(), diff.after()};
    for (int i = 0; i < 2; i++) {
      if (metas[i].partial()) {
        out.append("<div class=\"banner error\" id=\"partial-").append(sides[i])
            .append("\" role=\"alert\">partial: in the ").append(sides[i]).append(" run, ");
        Html.escape(out, HostsView.missingText(metas[i]))
            .append("; its merged tables hold only the hosts that answered</div>");
      }
    }
    if (diff.layout() != null) {
      out.append("<div class=\"banner\" id=\"layout\">");
      Html.escape(out, diff.layout()).append("</div>");
    }
  }

  /**
   * The diff's tables: the biggest moves, SQL, HTTP, SQL per route, user flow, counters, profile,
   * logs and sections. For runs across hosts ({@code acrossHosts}) the top level's profile, logs and sections
   * are shown only when they hold something: the hosts' own are compared below.
   */
  private static void body(StringBuilder out, RunDiff diff, Scope scope, boolean acrossHosts) {
    out.append('<').append(scope.title()).append(" id=\"").append(scope.id("h-moves"))
        .append("\">Biggest moves</").append(scope.title()).append('>');
    List<String> moves = diff.topMoves(5);
    out.append("<p class=\"muted\" id=\"").append(scope.id("moves-basis")).append("\">time ranked by ");
    Html.escape(out, diff.movesBasis()).append("; methods by share of the profile's samples</p>");
    if (moves.isEmpty()) {
      out.append("<p class=\"muted\" id=\"").append(scope.id("moves"))
          .append("\">no time moved between these runs</p>");
    } else {
      out.append("<ol id=\"").append(scope.id("moves")).append("\">");
      for (String move : moves) {
        Html.escape(out.append("<li>"), move).append("</li>");
      }
      out.append("</ol>");
    }
    String merged = acrossHosts && scope == Scope.TOP ? " merged" : "";
    rowSection(out, scope, "h-sql", "SQL" + merged, "diff-sql", "statement", diff.sql(), true);
    rowSection(out, scope, "h-http", "HTTP" + merged, "diff-http", "route", diff.http(), true);
    rowSection(out, scope, "h-route-sql", "SQL per route" + merged, "diff-route-sql",
        "route · statement", diff.routeSql(), false);
    boolean all = !acrossHosts || scope != Scope.TOP;
    if (all) { // runs across hosts: each host's flow, below
      FlowDiffView.write(out, diff.flow(), scope);
    }
    counterSection(out, scope, "Counters" + merged, diff.counters());
    if (all || diff.profile().before().available() || diff.profile().after().available()) {
      ProfileDiffView.write(out, diff.profile(), scope);
    }
    if (all || !diff.accessLog().isEmpty()) {
      rowSection(out, scope, "h-access-log", "Access log", "diff-access-log", "route",
          diff.accessLog(), true);
    }
    if (all || !diff.slowLog().isEmpty()) {
      rowSection(out, scope, "h-slow-log", "Slow log", "diff-slow-log", "statement",
          diff.slowLog(), true);
    }
    if (all || !diff.advisor().isEmpty() || !diff.indexes().isEmpty() || !diff.machine().isEmpty()) {
      out.append('<').append(scope.title()).append(" id=\"").append(scope.id("h-sections"))
          .append("\">Sections</").append(scope.title()).append('>');
      valueSection(out, scope, "Advisor", "diff-advisor", "rule", diff.advisor());
      valueSection(out, scope, "Indexes", "diff-indexes", "table.index", diff.indexes());
      valueSection(out, scope, "Machine", "diff-machine", "mean / peak", diff.machine());
    }
  }

  /** Host by host: the lines of hosts not compared, then each compared host's own diff. */
  private static void hosts(StringBuilder out, RunDiff diff) {
    out.append("<h2 id=\"h-hosts\">Host by host</h2>");
    if (diff.hosts().isEmpty()) {
      out.append("<p class=\"muted\" id=\"host-lines\">");
      Html.escape(out, diff.layout() == null ? "no hosts to compare" : diff.layout())
          .append("</p>");
      return;
    }
    out.append("<ul class=\"flags\" id=\"host-lines\">");
    for (HostDiff host : diff.hosts()) {
      out.append("<li data-host=\"");
      Html.escape(out, host.name()).append("\" data-state=\"").append(host.state()).append("\">");
      if (host.compared()) {
        out.append("<a href=\"#").append(Scope.host(host.name()).id("top")).append("\">");
        Html.escape(out, host.name()).append("</a>: compared below");
      } else {
        Html.escape(out, host.note());
      }
      out.append("</li>");
    }
    out.append("</ul>");
    boolean flames = false;
    for (HostDiff host : diff.hosts()) {
      if (!host.compared()) {
        continue;
      }
      Scope scope = Scope.host(host.name());
      out.append("<section class=\"host-diff\" id=\"").append(scope.id("top"))
          .append("\"><h2>Host <code>");
      Html.escape(out, host.name()).append("</code></h2>");
      body(out, host.diff(), scope, false);
      out.append("</section>");
      flames |= host.diff().profile().flame() != null;
    }
    if (flames && diff.profile().flame() == null) {
      ProfileDiffView.script(out); // the top's graph did not bring it
    }
  }

  private static void meta(StringBuilder out, RunDiff diff) {
    RunMeta a = diff.before();
    RunMeta b = diff.after();
    out.append("<dl class=\"meta\" id=\"diff-meta\"><dt>score</dt><dd>")
        .append(a.score() == null ? Units.NONE : Units.count(a.score())).append(" → ")
        .append(b.score() == null ? Units.NONE : Units.count(b.score()));
    Long delta = diff.scoreDelta();
    if (delta != null) {
      out.append(" <span class=\"").append(delta < 0 ? "fail" : "pass").append("\">(")
          .append(delta > 0 ? "+" : "").append(Units.count(delta)).append(")</span>");
    }
    out.append("</dd><dt>revision</dt><dd>");
    Fragments.revision(out, a.revision(), a.dirty()).append(" → ");
    Fragments.revision(out, b.revision(), b.dirty()).append("</dd><dt>pass</dt><dd>");
    Fragments.pass(out, a.pass()).append(" → ");
    Fragments.pass(out, b.pass()).append("</dd><dt>requests</dt><dd>")
        .append(Units.count(a.requests())).append(" → ").append(Units.count(b.requests()));
    if (diff.acrossHosts()) {
      out.append("</dd><dt>hosts</dt><dd>").append(hosts(a)).append(" → ").append(hosts(b));
    }
    out.append("</dd><dt class=\"note\">note</dt><dd class=\"note\">");
    Html.escape(out, a.note() == null ? Units.NONE : a.note()).append(" → ");
    Html.escape(out, b.note() == null ? Units.NONE : b.note()).append("</dd></dl>");
  }

  private static String hosts(RunMeta meta) {
    if (!meta.multiHost()) {
      return "one host";
    }
    return HostsView.count(meta) + (meta.partial() ? " (partial: "
        + Html.escape(String.join(", ", HostsView.missingNames(meta))) + " missing)" : "");
  }

  /**
   * A table of timed rows: beside the totals, each row's cost per request (a route: its mean; a
   * statement: its time per HTTP request of the run, or of its route), its calls per request, its
   * mean, and its share of the run's time of its kind.
   */
  private static void rowSection(StringBuilder out, Scope scope, String anchor, String title,
      String id, String keyHeader, List<RowDiff> rows, boolean p95) {
    heading(out, scope, anchor, title, rows);
    boolean route = !rows.isEmpty() && rows.get(0).kind() == RowDiff.Kind.HTTP;
    boolean routeSql = !rows.isEmpty() && rows.get(0).kind() == RowDiff.Kind.ROUTE_SQL;
    String per = route ? "mean" : "per request";
    String perTitle = route ? "mean time of the route's requests"
        : routeSql ? "time per request of the route" : "time per HTTP request of the run";
    Table table = new Table(out, scope.id(id)).left(keyHeader).left("").right("count");
    if (!route) {
      table.column("calls / request", Table.Align.RIGHT, routeSql
          ? "executions per request of the route" : "executions per HTTP request of the run");
      table.right("mean");
    }
    table.column(per + " before", Table.Align.RIGHT, perTitle)
        .column(per + " after", Table.Align.RIGHT, perTitle)
        .column("Δ " + per, Table.Align.RIGHT, perTitle)
        .right("total before").right("total after").right("Δ total")
        .column("share", Table.Align.RIGHT, route ? "of all HTTP time of the run"
            : "of all SQL time of the run");
    if (p95) {
      table.right("p95 before").right("p95 after").right("Δ p95");
    }
    table.begin();
    for (RowDiff r : rows) {
      RowDiff.Stats b = r.before();
      RowDiff.Stats a = r.after();
      table.row(r.isNew() ? "new" : r.isGone() ? "gone" : null);
      table.cell(r.label(), r.label());
      state(table, r.state());
      pair(table, b == null ? Double.NaN : b.count(), a == null ? Double.NaN : a.count(),
          v -> Units.count((long) v));
      if (!route) {
        pair(table, b == null ? Double.NaN : b.callsPerRequest(),
            a == null ? Double.NaN : a.callsPerRequest(), Units::ratio);
        pair(table, b == null ? Double.NaN : b.meanMs(), a == null ? Double.NaN : a.meanMs(),
            Units::ms);
      }
      ms(table, b == null ? Double.NaN : b.msPerRequest());
      ms(table, a == null ? Double.NaN : a.msPerRequest());
      deltaMs(table, r.msPerRequestDelta());
      ms(table, b == null ? Double.NaN : b.totalMs());
      ms(table, a == null ? Double.NaN : a.totalMs());
      deltaMs(table, r.totalDeltaMs());
      pair(table, b == null ? Double.NaN : b.share(), a == null ? Double.NaN : a.share(),
          Units::percent);
      if (p95) {
        ms(table, b == null ? Double.NaN : b.p95Ms());
        ms(table, a == null ? Double.NaN : a.p95Ms());
        deltaMs(table, b == null || a == null ? Double.NaN : r.p95DeltaMs());
      }
      table.endRow();
    }
    table.end();
  }

  /** The counters: counts before and after, and per HTTP request of each run. */
  private static void counterSection(StringBuilder out, Scope scope, String title,
      List<RowDiff> rows) {
    heading(out, scope, "h-counters", title, rows);
    Table table = new Table(out, scope.id("diff-counters")).left("counter").left("")
        .right("count before").right("count after").right("Δ count")
        .column("per request", Table.Align.RIGHT, "counts per HTTP request of the run").begin();
    for (RowDiff r : rows) {
      RowDiff.Stats b = r.before();
      RowDiff.Stats a = r.after();
      table.row(r.isNew() ? "new" : r.isGone() ? "gone" : null);
      table.cell(r.label(), r.label());
      state(table, r.state());
      count(table, b == null ? null : b.count());
      count(table, a == null ? null : a.count());
      table.cell(r.countDelta(), signed(r.countDelta()));
      pair(table, b == null ? Double.NaN : b.callsPerRequest(),
          a == null ? Double.NaN : a.callsPerRequest(), Units::ratio);
      table.endRow();
    }
    table.end();
  }

  private static void heading(StringBuilder out, Scope scope, String anchor, String title,
      List<RowDiff> rows) {
    out.append('<').append(scope.title()).append(" id=\"").append(scope.id(anchor)).append("\">")
        .append(title).append(" <span class=\"muted\">(").append(Units.count(rows.size()))
        .append(" rows)</span></").append(scope.title()).append('>');
  }

  /**
   * The row's state in words: new, gone, changed, no change (equal, or within noise), or on every
   * stack (a profile's thread root or container loop, whose share is never a move of its own).
   */
  static void state(Table table, String state) {
    table.cell(state, "same".equals(state) ? "no change"
        : "root".equals(state) ? "on every stack" : state);
  }

  /** One cell of {@code before → after}, sorted by the later value (the earlier when gone). */
  private static void pair(Table table, double before, double after, DoubleFunction<String> text) {
    if (Double.isNaN(before) && Double.isNaN(after)) {
      table.blank();
      return;
    }
    String b = Double.isNaN(before) ? Units.NONE : text.apply(before);
    String a = Double.isNaN(after) ? Units.NONE : text.apply(after);
    table.cell(Double.isNaN(after) ? before : after, b.equals(a) ? a : b + " → " + a);
  }

  private static void valueSection(StringBuilder out, Scope scope, String title, String id,
      String keyHeader, List<ValueDiff> values) {
    out.append('<').append(scope.subtitle()).append('>').append(title)
        .append(" <span class=\"muted\">(").append(Units.count(values.size()))
        .append(" changed)</span></").append(scope.subtitle()).append('>');
    Table table = new Table(out, scope.id(id)).left(keyHeader).left("").left("before").left("after")
        .right("Δ").begin();
    for (ValueDiff v : values) {
      table.row(v.isNew() ? "new" : v.isGone() ? "gone" : null);
      table.cell(v.key(), v.key());
      table.cell(v.state(), v.isNew() ? "new" : v.isGone() ? "gone" : "");
      table.cell(v.before() == null ? "" : v.before(), v.before() == null ? Units.NONE : v.before());
      table.cell(v.after() == null ? "" : v.after(), v.after() == null ? Units.NONE : v.after());
      if (Double.isNaN(v.delta())) {
        table.blank();
      } else {
        table.cell(v.delta(), (v.delta() > 0 ? "+" : "") + Units.ratio(v.delta()));
      }
      table.endRow();
    }
    table.end();
  }

  private static void count(Table table, Long value) {
    if (value == null) {
      table.blank();
    } else {
      table.cell(value, Units.count(value));
    }
  }

  private static void ms(Table table, double value) {
    if (Double.isNaN(value)) {
      table.blank();
    } else {
      table.cell(value, Units.ms(value));
    }
  }

  private static void deltaMs(Table table, double value) {
    if (Double.isNaN(value)) {
      table.blank();
    } else {
      table.cell(value, (value > 0 ? "+" : "") + Units.ms(value));
    }
  }

  private static String signed(long value) {
    return (value > 0 ? "+" : "") + Units.count(value);
  }
}
