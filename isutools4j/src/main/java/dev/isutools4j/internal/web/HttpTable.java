package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import java.util.List;

/**
 * The HTTP routes of a run, most total time first, with a totals row; the row of rank {@code i}
 * has the id {@link #anchor}.
 */
final class HttpTable {

  private static final String N_PLUS_ONE_BADGE =
      "<span class=\"badge n1\" title=\"a query ran once per item: N+1\">N+1</span>";

  private HttpTable() {}

  static void write(StringBuilder out, List<HttpRow> rows) {
    List<HttpRow> sorted = HttpRows.byTotalTime(rows);
    boolean informational = false;
    for (HttpRow r : sorted) {
      informational |= status(r, 1) > 0;
    }
    int firstClass = informational ? 1 : 2;

    Table table = new Table(out, "http").left("method").left("route").right("count");
    for (int c = firstClass; c <= 5; c++) {
      table.column(c + "xx", Table.Align.RIGHT, "responses with status " + c + "xx");
    }
    Latencies.columns(table);
    table.column("bytes", Table.Align.RIGHT, "response bytes, all requests")
        .column("queries/req", Table.Align.RIGHT, "SQL executions per request")
        .column("SQL/req", Table.Align.RIGHT, "SQL time per request")
        .column("N+1", Table.Align.CENTER, "some request ran one query at least the N+1 threshold times")
        .sortedBy(3 + (6 - firstClass), true)
        .begin();

    long count = 0;
    long[] statuses = new long[6];
    double total = 0;
    long bytes = 0;
    double queries = 0;
    double sqlMs = 0;
    for (int i = 0; i < sorted.size(); i++) {
      HttpRow r = sorted.get(i);
      LatencySummary t = HttpRows.time(r);
      table.row(null, null, anchor(i));
      table.cell(r.method(), r.method());
      table.open(r.route(), null).append("<code>");
      Html.escape(out, r.route()).append("</code>");
      table.close();
      table.cell(t.count(), Units.count(t.count()));
      for (int c = firstClass; c <= 5; c++) {
        long n = status(r, c);
        table.cell(n, n == 0 ? "" : Units.count(n));
        statuses[c] += n;
      }
      Latencies.cells(table, t);
      table.cell(r.bytes(), Units.bytes(r.bytes()), Units.count(r.bytes()) + " bytes");
      table.cell(r.queriesPerRequest(), Units.ratio(r.queriesPerRequest()),
          "at most " + Units.count(r.maxQueriesPerRequest()) + " in one request");
      table.cell(r.sqlMsPerRequest(), Units.ms(r.sqlMsPerRequest()));
      table.html(r.nPlusOne() ? "1" : "0", r.nPlusOne() ? N_PLUS_ONE_BADGE : "");
      table.endRow();
      count += t.count();
      total += t.totalMs();
      bytes += r.bytes();
      queries += r.queriesPerRequest() * t.count();
      sqlMs += r.sqlMsPerRequest() * t.count();
    }

    if (!sorted.isEmpty()) {
      table.totals();
      table.span(2, "total (" + Units.count(sorted.size()) + " routes)", null);
      table.cell(count, Units.count(count));
      for (int c = firstClass; c <= 5; c++) {
        table.cell(statuses[c], Units.count(statuses[c]));
      }
      table.cell(total, Units.ms(total));
      table.span(Latencies.COLUMNS - 1, "", null);
      table.cell(bytes, Units.bytes(bytes), Units.count(bytes) + " bytes");
      double perRequest = count == 0 ? Double.NaN : queries / count;
      table.cell(perRequest, Units.ratio(perRequest), "over all requests");
      double sqlPerRequest = count == 0 ? Double.NaN : sqlMs / count;
      table.cell(sqlPerRequest, Units.ms(sqlPerRequest), "over all requests");
      table.blank();
      table.endRow();
    }
    table.end();
  }

  /** The id of the row of this rank (0: most total time). */
  static String anchor(int rank) {
    return "http-" + (rank + 1);
  }

  private static long status(HttpRow r, int statusClass) {
    long[] status = r.status();
    return status != null && status.length >= statusClass ? status[statusClass - 1] : 0;
  }
}
