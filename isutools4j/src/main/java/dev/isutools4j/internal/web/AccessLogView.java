package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AccessLogSection.Digest;
import dev.isutools4j.internal.snapshot.AccessLogSection.Request;
import dev.isutools4j.internal.snapshot.AccessLogSection.Row;
import dev.isutools4j.internal.snapshot.AccessLogSection.Traffic;
import dev.isutools4j.internal.snapshot.AccessLogSection.Upstream;
import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import java.util.List;

/**
 * The run page's access log part, from the {@code accessLog} section: what nginx saw, one row per
 * method + route as alp shows it, with the app's own count beside nginx's, the upstream time and
 * what nginx added to it, and the lines that could not be read.
 */
final class AccessLogView {


  private AccessLogView() {}

  static void write(StringBuilder out, AccessLogSection section) {
    Digest digest = section.digest();
    out.append("<h2 id=\"h-access-log\">Access log</h2>");
    String counted = digest == null ? "" : LogViews.counted(digest.lines(), digest.requests(), "requests")
        + (digest.format() == null ? "" : " · format " + digest.format());
    if (!LogViews.header(out, section.log(), counted, digest == null ? List.of() : digest.problems())
        || digest == null) {
      return;
    }
    List<Row> rows = digest.rows();
    boolean upstream = rows.stream().anyMatch(r -> r.traffic().upstream() != null);
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
    for (Row r : rows) {
      Traffic t = r.traffic();
      table.row(t.count5xx() > 0 ? "warn" : null);
      table.cell(r.method(), r.method());
      table.open(r.route(), r.appRoute() == null ? null : "the app names it " + r.appRoute())
          .append("<code>");
      Html.escape(out, r.route()).append("</code>");
      table.close();
      table.cell(t.count(), Units.count(t.count()));
      LogViews.count(table, r.appCount());
      for (int c = 1; c <= 5; c++) {
        long n = t.status(c);
        table.cell(n, n == 0 ? "" : Units.count(n));
      }
      for (long n : new long[] {t.count304(), t.count499()}) {
        table.cell(n, n == 0 ? "" : Units.count(n));
      }
      times(table, t);
      table.cell(t.totalBytes(), Units.bytes(t.totalBytes()), Units.count(t.totalBytes()) + " bytes");
      table.cell(t.avgBytes(), Units.bytes(Math.round(t.avgBytes())));
      table.cell(t.maxBytes(), Units.bytes(t.maxBytes()));
      if (upstream) {
        upstream(table, t.upstream());
      }
      table.endRow();
    }
    if (!rows.isEmpty()) {
      Traffic t = digest.totals();
      table.totals();
      table.span(2, "total (" + Units.count(rows.size()) + " routes)", null);
      table.cell(t.count(), Units.count(t.count()));
      table.blank();
      for (int c = 1; c <= 5; c++) {
        table.cell(t.status(c), Units.count(t.status(c)));
      }
      table.cell(t.count304(), Units.count(t.count304()));
      table.cell(t.count499(), Units.count(t.count499()));
      times(table, t);
      table.cell(t.totalBytes(), Units.bytes(t.totalBytes()));
      table.cell(t.avgBytes(), Units.bytes(Math.round(t.avgBytes())));
      table.cell(t.maxBytes(), Units.bytes(t.maxBytes()));
      if (upstream) {
        upstream(table, t.upstream());
      }
      table.endRow();
    }
    table.end();
    slowest(out, digest.slowest());
    LogViews.malformed(out, digest.malformed(), "access-log-malformed");
  }

  /** The slowest single requests nginx logged, slowest first: one URI at a time, query string kept. */
  private static void slowest(StringBuilder out, List<Request> requests) {
    if (requests.isEmpty()) {
      return;
    }
    out.append("<h3 id=\"h-access-log-slowest\">Slowest requests in the access log</h3>");
    boolean upstream = requests.stream().anyMatch(r -> r.upstreamMs() != null);
    Table table = new Table(out, "access-log-slowest").right("time").right("status").left("method").left("uri");
    if (upstream) {
      table.column("upstream", Table.Align.RIGHT, "the upstream's time ($upstream_response_time)");
    }
    table.column("line", Table.Align.RIGHT, "its line in what was read of the log");
    table.sortedBy(0, true).begin();
    for (Request r : requests) {
      table.row(r.status() >= 500 ? "warn" : null);
      LogViews.ms(table, r.ms());
      table.cell(r.status(), Integer.toString(r.status()));
      table.cell(r.method(), r.method());
      table.open(r.uri(), null).append("<code>");
      Html.escape(out, r.uri()).append("</code>");
      table.close();
      if (upstream) {
        if (r.upstreamMs() == null) {
          table.blank();
        } else {
          LogViews.ms(table, r.upstreamMs());
        }
      }
      table.cell(r.line(), Units.count(r.line()));
      table.endRow();
    }
    table.end();
  }

  /**
   * Total, mean, p90, p95, p99, max, min and stddev of the request times; blank when no line had
   * one (a log format without {@code $request_time}), which is no time rather than 0.
   */
  private static void times(Table table, Traffic t) {
    boolean untimed = t.timed() != null && t.timed() == 0;
    for (double ms : new double[] {t.totalMs(), t.avgMs(), t.p90Ms(), t.p95Ms(), t.p99Ms(), t.maxMs(),
        t.minMs(), t.stddevMs()}) {
      if (untimed) {
        table.blank();
      } else {
        LogViews.ms(table, ms);
      }
    }
  }

  /** The upstream total and p95, and what nginx added in all and per request; blank without them. */
  private static void upstream(Table table, Upstream u) {
    if (u == null) {
      table.blank().blank().blank().blank();
      return;
    }
    for (double ms : new double[] {u.upstreamTotalMs(), u.upstreamP95Ms(), u.residualTotalMs(),
        u.residualAvgMs()}) {
      LogViews.ms(table, ms);
    }
  }
}
