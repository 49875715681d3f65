package dev.isutools4j.internal.web;

import dev.isutools4j.internal.diff.RowDiff;
import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.diff.ValueDiff;
import dev.isutools4j.internal.snapshot.RunMeta;
import java.util.List;

/** {@code GET /diff?a=ID&b=ID}: what changed from run a to run b, biggest moves first. */
public final class DiffPage {

  private DiffPage() {}

  public static String render(RunDiff diff, HealthStatus health) {
    RunMeta a = diff.before();
    RunMeta b = diff.after();
    int rows = diff.sql().size() + diff.http().size() + diff.routeSql().size() + diff.counters().size();
    int flameNodes = diff.profile().flame() == null ? 0 : diff.profile().flame().nodes();
    StringBuilder out = Layout.begin("isutools4j — diff " + a.id() + " → " + b.id(), health,
        8_192 + rows * 900 + flameNodes * 80 + Assets.FLAME_SCRIPT.length());
    out.append("<p class=\"nav\"><a href=\"./\">← all runs</a> · <a href=\"#h-sql\">SQL</a>"
        + " · <a href=\"#h-http\">HTTP</a> · <a href=\"#h-route-sql\">SQL per route</a>"
        + " · <a href=\"#h-counters\">counters</a> · <a href=\"#h-profile\">profile</a>"
        + " · <a href=\"#h-access-log\">access log</a> · <a href=\"#h-slow-log\">slow log</a>"
        + " · <a href=\"#h-sections\">sections</a></p>");
    out.append("<h1>Diff <a href=\"").append(Html.escape("runs/" + Html.pathSegment(a.id())))
        .append("\"><code>");
    Html.escape(out, a.id()).append("</code></a> → <a href=\"")
        .append(Html.escape("runs/" + Html.pathSegment(b.id()))).append("\"><code>");
    Html.escape(out, b.id()).append("</code></a></h1>");
    meta(out, diff);

    out.append("<h2 id=\"h-moves\">Biggest moves</h2>");
    List<String> moves = diff.topMoves(5);
    if (moves.isEmpty()) {
      out.append("<p class=\"muted\" id=\"moves\">no time moved between these runs</p>");
    } else {
      out.append("<ol id=\"moves\">");
      for (String move : moves) {
        Html.escape(out.append("<li>"), move).append("</li>");
      }
      out.append("</ol>");
    }

    rowSection(out, "h-sql", "SQL", "diff-sql", "statement", diff.sql(), true);
    rowSection(out, "h-http", "HTTP", "diff-http", "route", diff.http(), true);
    rowSection(out, "h-route-sql", "SQL per route", "diff-route-sql", "route · statement",
        diff.routeSql(), false);
    rowSection(out, "h-counters", "Counters", "diff-counters", "counter", diff.counters(), false);
    ProfileDiffView.write(out, diff.profile());
    rowSection(out, "h-access-log", "Access log", "diff-access-log", "route", diff.accessLog(), true);
    rowSection(out, "h-slow-log", "Slow log", "diff-slow-log", "statement", diff.slowLog(), true);

    out.append("<h2 id=\"h-sections\">Sections</h2>");
    valueSection(out, "Advisor", "diff-advisor", "rule", diff.advisor());
    valueSection(out, "Indexes", "diff-indexes", "table.index", diff.indexes());
    valueSection(out, "Machine", "diff-machine", "mean / peak", diff.machine());
    return Layout.end(out);
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
        .append(Units.count(a.requests())).append(" → ").append(Units.count(b.requests()))
        .append("</dd><dt class=\"note\">note</dt><dd class=\"note\">");
    Html.escape(out, a.note() == null ? Units.NONE : a.note()).append(" → ");
    Html.escape(out, b.note() == null ? Units.NONE : b.note()).append("</dd></dl>");
  }

  private static void rowSection(StringBuilder out, String anchor, String title, String id,
      String keyHeader, List<RowDiff> rows, boolean p95) {
    out.append("<h2 id=\"").append(anchor).append("\">").append(title)
        .append(" <span class=\"muted\">(").append(Units.count(rows.size())).append(" rows)</span></h2>");
    Table table = new Table(out, id).left(keyHeader).left("")
        .right("count before").right("count after").right("Δ count")
        .right("total before").right("total after").right("Δ total");
    if (p95) {
      table.right("p95 before").right("p95 after").right("Δ p95");
    }
    table.begin();
    for (RowDiff r : rows) {
      table.row(r.isNew() ? "new" : r.isGone() ? "gone" : null);
      table.cell(r.label(), r.label());
      table.cell(r.state(), r.isNew() ? "new" : r.isGone() ? "gone" : "");
      count(table, r.before() == null ? null : r.before().count());
      count(table, r.after() == null ? null : r.after().count());
      table.cell(r.countDelta(), signed(r.countDelta()));
      ms(table, r.before() == null ? Double.NaN : r.before().totalMs());
      ms(table, r.after() == null ? Double.NaN : r.after().totalMs());
      deltaMs(table, r.totalDeltaMs());
      if (p95) {
        ms(table, r.before() == null ? Double.NaN : r.before().p95Ms());
        ms(table, r.after() == null ? Double.NaN : r.after().p95Ms());
        deltaMs(table, r.before() == null || r.after() == null ? Double.NaN : r.p95DeltaMs());
      }
      table.endRow();
    }
    table.end();
  }

  private static void valueSection(StringBuilder out, String title, String id, String keyHeader,
      List<ValueDiff> values) {
    out.append("<h3>").append(title).append(" <span class=\"muted\">(")
        .append(Units.count(values.size())).append(" changed)</span></h3>");
    Table table = new Table(out, id).left(keyHeader).left("").left("before").left("after")
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
