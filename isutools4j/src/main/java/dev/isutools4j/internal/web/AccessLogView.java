package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;

/**
 * The run page's access log part, from the {@code accessLog} section: what nginx saw, one row per
 * method + route as alp shows it, with the app's own count beside nginx's, the upstream time and
 * what nginx added to it, and the lines that could not be read.
 */
final class AccessLogView {

  static final String SECTION = "accessLog";

  private AccessLogView() {}

  static void write(StringBuilder out, Object section) {
    Fields log = Fields.of(section);
    out.append("<h2 id=\"h-access-log\">Access log</h2>");
    if (!LogViews.header(out, log, "requests")) {
      return;
    }
    List<Fields> rows = log.fieldsList("rows");
    boolean upstream = rows.stream().anyMatch(r -> r.raw("upstreamCount") != null);
    Table table = new Table(out, "access-log").left("method").left("route").right("count")
        .column("app", Table.Align.RIGHT, "the app's own count for this route (HTTP table)");
    for (int c = 1; c <= 5; c++) {
      table.column(c + "xx", Table.Align.RIGHT, "responses with status " + c + "xx");
    }
    table.column("304", Table.Align.RIGHT, "not modified")
        .column("499", Table.Align.RIGHT, "the client closed the connection before the answer")
        .column("total", Table.Align.RIGHT, "sum of request times ($request_time)")
        .right("mean").column("p90", Table.Align.RIGHT, "90th percentile")
        .column("p95", Table.Align.RIGHT, "95th percentile")
        .column("p99", Table.Align.RIGHT, "99th percentile").right("max").right("min")
        .column("stddev", Table.Align.RIGHT, "standard deviation")
        .column("bytes", Table.Align.RIGHT, "response body bytes, all requests")
        .column("mean bytes", Table.Align.RIGHT, "response body bytes per request")
        .right("max bytes");
    if (upstream) {
      table.column("upstream", Table.Align.RIGHT, "sum of upstream times ($upstream_response_time)")
          .column("upstream p95", Table.Align.RIGHT, "95th percentile of upstream times")
          .column("nginx", Table.Align.RIGHT,
              "request time minus upstream time: in nginx itself or queued, in all")
          .column("nginx mean", Table.Align.RIGHT, "request time minus upstream time, per request");
    }
    table.sortedBy(11, true).begin();
    for (Fields r : rows) {
      table.row(r.longValue("count5xx") > 0 ? "warn" : null);
      table.cell(r.string("method"), r.string("method"));
      table.open(r.string("route"), r.string("appRoute") == null ? null
          : "the app names it " + r.string("appRoute")).append("<code>");
      Html.escape(out, r.string("route")).append("</code>");
      table.close();
      table.cell(r.longValue("count"), Units.count(r.longValue("count")));
      LogViews.count(table, r.longOrNull("appCount"));
      for (int c = 1; c <= 5; c++) {
        long n = r.longValue("status" + c + "xx");
        table.cell(n, n == 0 ? "" : Units.count(n));
      }
      for (String key : new String[] {"count304", "count499"}) {
        long n = r.longValue(key);
        table.cell(n, n == 0 ? "" : Units.count(n));
      }
      for (String key : new String[] {"totalMs", "avgMs", "p90Ms", "p95Ms", "p99Ms", "maxMs",
          "minMs", "stddevMs"}) {
        LogViews.ms(table, r, key);
      }
      table.cell(r.longValue("totalBytes"), Units.bytes(r.longValue("totalBytes")),
          Units.count(r.longValue("totalBytes")) + " bytes");
      table.cell(r.doubleValue("avgBytes"), Units.bytes(Math.round(r.doubleValue("avgBytes"))));
      table.cell(r.longValue("maxBytes"), Units.bytes(r.longValue("maxBytes")));
      if (upstream) {
        for (String key : new String[] {"upstreamTotalMs", "upstreamP95Ms", "residualTotalMs",
            "residualAvgMs"}) {
          LogViews.ms(table, r, key);
        }
      }
      table.endRow();
    }
    if (!rows.isEmpty()) {
      Fields t = Fields.of(log.raw("totals"));
      table.totals();
      table.span(2, "total (" + Units.count(rows.size()) + " routes)", null);
      table.cell(t.longValue("count"), Units.count(t.longValue("count")));
      table.blank();
      for (int c = 1; c <= 5; c++) {
        table.cell(t.longValue("status" + c + "xx"), Units.count(t.longValue("status" + c + "xx")));
      }
      table.cell(t.longValue("count304"), Units.count(t.longValue("count304")));
      table.cell(t.longValue("count499"), Units.count(t.longValue("count499")));
      for (String key : new String[] {"totalMs", "avgMs", "p90Ms", "p95Ms", "p99Ms", "maxMs",
          "minMs", "stddevMs"}) {
        LogViews.ms(table, t, key);
      }
      table.cell(t.longValue("totalBytes"), Units.bytes(t.longValue("totalBytes")));
      table.cell(t.doubleValue("avgBytes"), Units.bytes(Math.round(t.doubleValue("avgBytes"))));
      table.cell(t.longValue("maxBytes"), Units.bytes(t.longValue("maxBytes")));
      if (upstream) {
        for (String key : new String[] {"upstreamTotalMs", "upstreamP95Ms", "residualTotalMs",
            "residualAvgMs"}) {
          LogViews.ms(table, t, key);
        }
      }
      table.endRow();
    }
    table.end();
    LogViews.malformed(out, log, "access-log-malformed");
  }
}
