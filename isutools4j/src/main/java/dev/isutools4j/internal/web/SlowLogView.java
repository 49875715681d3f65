package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;

/**
 * The run page's slow log part, from the {@code slowLog} section: one row per fingerprint as
 * pt-query-digest groups them, with the app's own count beside the server's, its worst statement,
 * rows examined per row sent, and the entries that could not be read.
 */
final class SlowLogView {

  static final String SECTION = "slowLog";

  private SlowLogView() {}

  static void write(StringBuilder out, Object section) {
    Fields log = Fields.of(section);
    out.append("<h2 id=\"h-slow-log\">Slow log</h2>");
    if (!LogViews.header(out, log, "entries")) {
      return;
    }
    long banners = log.longValue("banners");
    long cut = log.longValue("cutStatements");
    if (banners > 0 || cut > 0) {
      out.append("<p class=\"limits\">");
      if (banners > 0) {
        out.append(Units.count(banners)).append(" server banner").append(banners == 1 ? "" : "s")
            .append(" in what was read (the server started, or reopened the log)");
      }
      if (cut > 0) {
        out.append(banners > 0 ? " · " : "").append(Units.count(cut))
            .append(" statements longer than the cap, grouped by their start");
      }
      out.append("</p>");
    }
    List<Fields> rows = log.fieldsList("rows");
    Table table = new Table(out, "slow-log").left("statement").right("count")
        .column("app", Table.Align.RIGHT, "the app's own count for this fingerprint (SQL table)")
        .column("total", Table.Align.RIGHT, "sum of query times").right("mean")
        .column("p95", Table.Align.RIGHT, "95th percentile").right("max")
        .column("worst", Table.Align.RIGHT, "query time of the sample statement, the slowest")
        .column("lock", Table.Align.RIGHT, "sum of lock times")
        .column("rows sent", Table.Align.RIGHT, "rows sent to clients, all executions")
        .column("rows examined", Table.Align.RIGHT, "rows the server read, all executions")
        .column("examined/sent", Table.Align.RIGHT, "rows examined per row sent: high means an index is missing")
        .column("rows affected", Table.Align.RIGHT, "rows changed by writes")
        .sortedBy(3, true).begin();
    for (Fields r : rows) {
      Object ratio = r.raw("examinedPerSent");
      double perSent = ratio instanceof Number n ? n.doubleValue() : Double.NaN;
      table.row(perSent >= 1000 ? "warn" : null);
      Fragments.sql(table.open(r.string("fingerprint"), r.string("sampleSchema") == null ? null
          : "schema " + r.string("sampleSchema")), r.string("fingerprint"), r.string("sample"));
      table.close();
      table.cell(r.longValue("count"), Units.count(r.longValue("count")));
      LogViews.count(table, r.longOrNull("appCount"));
      for (String key : new String[] {"totalMs", "avgMs", "p95Ms", "maxMs", "sampleMs", "lockTotalMs"}) {
        LogViews.ms(table, r, key);
      }
      table.cell(r.longValue("rowsSent"), Units.count(r.longValue("rowsSent")));
      table.cell(r.longValue("rowsExamined"), Units.count(r.longValue("rowsExamined")));
      table.cell(perSent, Units.ratio(perSent));
      table.cell(r.longValue("rowsAffected"), Units.count(r.longValue("rowsAffected")));
      table.endRow();
    }
    if (!rows.isEmpty()) {
      Fields t = Fields.of(log.raw("totals"));
      table.totals();
      table.cell("", "total (" + Units.count(rows.size()) + " statements)");
      table.cell(log.longValue("entries"), Units.count(log.longValue("entries")));
      table.blank();
      LogViews.ms(table, t, "totalMs");
      table.span(4, "", null);
      LogViews.ms(table, t, "lockTotalMs");
      table.cell(t.longValue("rowsSent"), Units.count(t.longValue("rowsSent")));
      table.cell(t.longValue("rowsExamined"), Units.count(t.longValue("rowsExamined")));
      double perSent = t.longValue("rowsSent") == 0 ? Double.NaN
          : (double) t.longValue("rowsExamined") / t.longValue("rowsSent");
      table.cell(perSent, Units.ratio(perSent));
      table.cell(t.longValue("rowsAffected"), Units.count(t.longValue("rowsAffected")));
      table.endRow();
    }
    table.end();
    LogViews.malformed(out, log, "slow-log-malformed");
  }
}
