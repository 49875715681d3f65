package dev.isutools4j.internal.web;

import dev.isutools4j.internal.diff.FlowDiff;
import dev.isutools4j.internal.diff.FlowDiff.Row;
import dev.isutools4j.internal.snapshot.FlowSection;

/**
 * The diff page's user flow: the sessions of each run, then the transitions that appeared,
 * vanished or moved, the biggest move of share first; or the line saying why the flows were not
 * compared.
 */
final class FlowDiffView {

  private FlowDiffView() {}

  static void write(StringBuilder out, FlowDiff diff, DiffPage.Scope scope) {
    out.append('<').append(scope.title()).append(" id=\"").append(scope.id(FlowView.ANCHOR))
        .append("\">User flow <span class=\"muted\">(").append(Units.count(diff.rows().size()))
        .append(" transitions changed)</span></").append(scope.title()).append('>');
    if (!diff.compared()) {
      out.append("<p class=\"muted\" id=\"").append(scope.id("diff-flow-note")).append("\">");
      Html.escape(out, diff.note()).append("</p>");
      return;
    }
    FlowSection b = diff.before();
    FlowSection a = diff.after();
    out.append("<p id=\"").append(scope.id("diff-flow-sessions")).append("\">sessions ")
        .append(Units.count(b.sessions())).append(" → ").append(Units.count(a.sessions()))
        .append(", requests per session ").append(Units.ratio(b.perSession().mean())).append(" → ")
        .append(Units.ratio(a.perSession().mean())).append(" · ").append(Units.count(diff.unchanged()))
        .append(" transitions within ").append(Math.round(FlowDiff.SHARE_POINTS * 100))
        .append(" points of share and ").append(Math.round(FlowDiff.RATE_CHANGE * 100))
        .append(" % of count per request</p>");
    if (diff.rows().isEmpty()) {
      out.append("<p class=\"muted\" id=\"").append(scope.id("diff-flow-none"))
          .append("\">the sessions went the same ways in both runs</p>");
      return;
    }
    Table table = new Table(out, scope.id("diff-flow")).left("from").left("to")
        .column("status", Table.Align.RIGHT, "the status of the second request").left("")
        .right("count").column("share", Table.Align.RIGHT, "of all transitions of the run")
        .column("Δ share", Table.Align.RIGHT, "points of the run's transitions")
        .column("per request", Table.Align.RIGHT, "transitions per HTTP request of the run")
        .begin();
    for (Row r : diff.rows()) {
      table.row(r.state().equals(FlowDiff.MOVED) ? null : r.state());
      table.cell(r.from(), r.from()).cell(r.to(), r.to());
      table.cell(r.status(), Integer.toString(r.status()));
      DiffPage.state(table, r.state());
      table.cell(r.after() == 0 ? r.before() : r.after(), pair(Units.count(r.before()),
          Units.count(r.after()), r));
      table.cell(r.shareAfter(), pair(Units.percent(r.shareBefore()), Units.percent(r.shareAfter()), r));
      double points = r.shareDelta() * 100;
      table.cell(points, (points > 0 ? "+" : "") + Units.ratio(points));
      table.cell(r.perRequestAfter(), pair(Units.ratio(r.perRequestBefore()),
          Units.ratio(r.perRequestAfter()), r));
      table.endRow();
    }
    table.end();
  }

  private static String pair(String before, String after, Row r) {
    if (r.state().equals(FlowDiff.NEW)) {
      return Units.NONE + " → " + after;
    }
    if (r.state().equals(FlowDiff.GONE)) {
      return before + " → " + Units.NONE;
    }
    return before + " → " + after;
  }
}
