package dev.isutools4j.internal.web;

import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.List;

/**
 * The open run's page as it goes: the requests so far, requests per second, the SQL and routes
 * with the most total time so far, and a script ({@code live.js}) that polls
 * {@code /api/runs/current/live} every second or so and updates these and the machine charts in
 * place, without reloading. Written on {@code /runs/current} only; a saved run's page has none.
 */
final class LiveView {

  /** Where the pages poll, relative to {@code /runs/current}. */
  static final String FROM_RUN_PAGE = "../api/runs/current/live";

  /** Where the history page polls, relative to {@code /}. */
  static final String FROM_HISTORY = "api/runs/current/live";

  /** A {@code since} after any sample, and exact in a script's numbers (2^53 - 1). */
  static final long NO_SAMPLES = 9_007_199_254_740_991L;

  private LiveView() {}

  /**
   * The history's line of the open run: its requests so far and requests per second, kept up to
   * date by the same script (which then asks for no samples).
   */
  static void historyLine(StringBuilder out, RunMeta open) {
    out.append("<div class=\"banner live\" id=\"current\" data-live=\"").append(FROM_HISTORY)
        .append("\" data-since=\"").append(NO_SAMPLES).append("\" data-run=\"");
    Html.escape(out, open.id()).append("\"><a href=\"runs/current\">run in progress since ");
    Html.escape(out, Units.time(open.startedAt())).append(", <span id=\"live-requests\">")
        .append(Units.count(open.requests())).append("</span> requests, <span id=\"live-rps\">")
        .append(Units.NONE).append("</span> per second</a> <span class=\"muted\" id=\"live-status\">"
        + "</span></div>");
    out.append("<script>\n").append(Assets.LIVE_SCRIPT).append("</script>");
  }

  static void write(StringBuilder out, Snapshot snapshot) {
    RunMeta m = snapshot.meta();
    out.append("<div class=\"banner live\" id=\"live\" data-live=\"").append(FROM_RUN_PAGE)
        .append("\" data-run=\"");
    Html.escape(out, m.id()).append("\">run in progress: <b id=\"live-requests\">").append(Units.count(m.requests()))
        .append("</b> requests so far, <b id=\"live-rps\">").append(Units.NONE)
        .append("</b> per second, <b id=\"live-queries\">").append(Units.count(m.queries()))
        .append("</b> queries · <span id=\"live-status\">updating every second</span></div>");
    out.append("<h2 id=\"h-live\">So far <span class=\"muted\">(the ").append(LiveRun.TOP)
        .append(" with most total time)</span></h2>");
    out.append("<div class=\"live-tables\"><table class=\"live\" id=\"live-sql\"><thead><tr>"
        + "<th>SQL</th><th class=\"r\">count</th><th class=\"r\">total</th>"
        + "<th class=\"r\">mean</th><th class=\"r\">p95</th></tr></thead><tbody>");
    List<SqlRow> sql = snapshot.sql();
    for (SqlRow r : sql.subList(0, Math.min(LiveRun.TOP, sql.size()))) {
      out.append("<tr><td><code>");
      Html.escape(out, r.fingerprint()).append("</code></td><td class=\"r\">")
          .append(Units.count(r.time().count())).append("</td><td class=\"r\">")
          .append(Units.ms(r.time().totalMs())).append("</td><td class=\"r\">")
          .append(Units.ms(r.time().meanMs())).append("</td><td class=\"r\">")
          .append(Units.ms(r.time().p95Ms())).append("</td></tr>");
    }
    out.append("</tbody></table><table class=\"live\" id=\"live-http\"><thead><tr>"
        + "<th>route</th><th class=\"r\">requests</th><th class=\"r\">total</th>"
        + "<th class=\"r\">p95</th><th class=\"r\">queries/req</th></tr></thead><tbody>");
    List<HttpRow> http = snapshot.http();
    for (HttpRow r : http.subList(0, Math.min(LiveRun.TOP, http.size()))) {
      out.append("<tr><td><code>");
      Html.escape(out, r.method() + " " + r.route()).append("</code>")
          .append(r.nPlusOne() ? " <span class=\"badge n1\">N+1</span>" : "")
          .append("</td><td class=\"r\">").append(Units.count(r.time().count()))
          .append("</td><td class=\"r\">").append(Units.ms(r.time().totalMs()))
          .append("</td><td class=\"r\">").append(Units.ms(r.time().p95Ms()))
          .append("</td><td class=\"r\">").append(Units.ratio(r.queriesPerRequest()))
          .append("</td></tr>");
    }
    out.append("</tbody></table></div><p class=\"muted\" id=\"live-at-save\"></p>");
    state(out, snapshot);
    out.append("<script>\n").append(Assets.LIVE_SCRIPT).append("</script>");
  }

  /**
   * What the script starts from: the last sample's time (the first poll asks for the ones after
   * it), the first's (the charts' time origin), the charts' fixed tops and their geometry.
   */
  private static void state(StringBuilder out, Snapshot snapshot) {
    List<MachineSection.Sample> series = snapshot.section(MachineSection.class)
        .map(MachineSection::series).orElse(List.of());
    out.append("<script type=\"application/json\" id=\"live-state\">{\"since\":")
        .append(series.isEmpty() ? 0 : series.get(series.size() - 1).t())
        .append(",\"t0\":").append(series.isEmpty() ? "null" : Long.toString(series.get(0).t()))
        .append(",\"top\":").append(TimeChart.TOP).append(",\"plotHeight\":")
        .append(TimeChart.PLOT_HEIGHT).append(",\"height\":").append(TimeChart.HEIGHT)
        .append(",\"max\":{");
    boolean first = true;
    for (MachineMetrics.Chart chart : MachineMetrics.CHARTS) {
      if (!Double.isNaN(chart.max())) {
        out.append(first ? "" : ",").append('"').append(chart.id()).append("\":");
        MachineCharts.number(out, chart.max());
        first = false;
      }
    }
    out.append("}}</script>");
  }
}
