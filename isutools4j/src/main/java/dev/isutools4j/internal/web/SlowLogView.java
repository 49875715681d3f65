package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSection.Digest;
import dev.isutools4j.internal.snapshot.SlowLogSection.Row;
import dev.isutools4j.internal.snapshot.SlowLogSection.Totals;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import java.util.List;

/**
 * The run page's slow log part, from the {@code slowLog} section: one row per fingerprint as
 * pt-query-digest groups them, with the app's own count beside the server's, its worst statement,
 * rows examined per row sent, and the entries that could not be read.
 */
final class SlowLogView {


  private SlowLogView() {}

  static void write(StringBuilder out, SlowLogSection section) {
    Digest digest = section.digest();
    out.append("<h2 id=\"h-slow-log\">Slow log</h2>");
    String counted = digest == null ? "" : LogViews.counted(digest.lines(), digest.entries(), "entries");
    if (!LogViews.header(out, section.log(), counted, List.of()) || digest == null) {
      return;
    }
    long banners = digest.banners();
    long cut = digest.cutStatements();
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
    List<Row> rows = digest.rows();
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
    for (Row r : rows) {
      double perSent = r.examinedPerSent() == null ? Double.NaN : r.examinedPerSent();
      table.row(perSent >= 1000 ? "warn" : null);
      Fragments.sql(table.open(r.fingerprint(), r.sampleSchema() == null ? null
          : "schema " + r.sampleSchema()), r.fingerprint(), r.sample());
      table.close();
      table.cell(r.count(), Units.count(r.count()));
      LogViews.count(table, r.appCount());
      for (double ms : new double[] {r.totalMs(), r.avgMs(), r.p95Ms(), r.maxMs(), r.sampleMs(),
          r.lockTotalMs()}) {
        LogViews.ms(table, ms);
      }
      table.cell(r.rowsSent(), Units.count(r.rowsSent()));
      table.cell(r.rowsExamined(), Units.count(r.rowsExamined()));
      table.cell(perSent, Units.ratio(perSent));
      table.cell(r.rowsAffected(), Units.count(r.rowsAffected()));
      table.endRow();
    }
    if (!rows.isEmpty()) {
      Totals t = digest.totals();
      table.totals();
      table.cell("", "total (" + Units.count(rows.size()) + " statements)");
      table.cell(digest.entries(), Units.count(digest.entries()));
      table.blank();
      LogViews.ms(table, t.totalMs());
      table.span(4, "", null);
      LogViews.ms(table, t.lockTotalMs());
      table.cell(t.rowsSent(), Units.count(t.rowsSent()));
      table.cell(t.rowsExamined(), Units.count(t.rowsExamined()));
      double perSent = t.rowsSent() == 0 ? Double.NaN : (double) t.rowsExamined() / t.rowsSent();
      table.cell(perSent, Units.ratio(perSent));
      table.cell(t.rowsAffected(), Units.count(t.rowsAffected()));
      table.endRow();
    }
    table.end();
    LogViews.malformed(out, digest.malformed(), "slow-log-malformed");
  }
}
