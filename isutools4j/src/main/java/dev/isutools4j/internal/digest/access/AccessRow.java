package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.TimeStats;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One method + route of an access log, with alp's columns and more. Times are milliseconds (with
 * the log's resolution: nginx writes milliseconds); averages and percentiles are over the lines
 * that had the time.
 *
 * @param method the request method; "" for the {@code (other)} row
 * @param route the route, by the HTTP table's rules
 * @param count lines
 * @param status lines per status class: index 0 is 1xx, index 4 is 5xx
 * @param count304 lines with status 304 (not modified)
 * @param count499 lines with status 499 (the client closed the connection first)
 * @param timed lines with a request time
 * @param upstreamCount lines with an upstream time
 * @param residualTotalMs request time minus upstream time, over lines with both: time spent in
 *     nginx itself or queued before the upstream answered
 * @param residualCount lines with both times
 * @param requestTimes the request times themselves, for any other percentile
 */
public record AccessRow(
    String method,
    String route,
    long count,
    long[] status,
    long count304,
    long count499,
    long timed,
    double minMs,
    double maxMs,
    double totalMs,
    double avgMs,
    double p50Ms,
    double p90Ms,
    double p95Ms,
    double p99Ms,
    double stddevMs,
    long minBytes,
    long maxBytes,
    long totalBytes,
    double avgBytes,
    long upstreamCount,
    double upstreamTotalMs,
    double upstreamAvgMs,
    double upstreamP95Ms,
    long residualCount,
    double residualTotalMs,
    double residualAvgMs,
    TimeStats requestTimes) {

  public AccessRow {
    status = status.clone();
  }

  static AccessRow of(AccessGroup g) {
    TimeStats t = g.request;
    TimeStats u = g.upstream;
    long[] classes = new long[5];
    System.arraycopy(g.status, 1, classes, 0, 5);
    return new AccessRow(g.method, g.route, g.count, classes, g.count304, g.count499, t.count(),
        t.minMs(), t.maxMs(), t.totalMs(), t.avgMs(), t.percentileMs(50), t.percentileMs(90),
        t.percentileMs(95), t.percentileMs(99), t.stddevMs(),
        g.count == 0 ? 0 : g.minBytes, g.maxBytes, g.bytes, g.count == 0 ? 0 : (double) g.bytes / g.count,
        u.count(), u.totalMs(), u.avgMs(), u.percentileMs(95),
        g.residualCount, g.residualMicros / 1e3,
        g.residualCount == 0 ? 0 : g.residualMicros / 1e3 / g.residualCount, t);
  }

  /** The request time at {@code percentile} (0..100) over the lines that had one. */
  public double percentileMs(double percentile) {
    return requestTimes.percentileMs(percentile);
  }

  /** Lines whose status was {@code statusClass}xx (1..5). */
  public long status(int statusClass) {
    return status[statusClass - 1];
  }

  /** The row as the section writes it (docs/SNAPSHOT.md). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", method);
    out.put("route", route);
    out.put("count", count);
    for (int c = 1; c <= 5; c++) {
      out.put("status" + c + "xx", status(c));
    }
    out.put("count304", count304);
    out.put("count499", count499);
    out.put("count5xx", status(5));
    out.put("minMs", ms(minMs));
    out.put("maxMs", ms(maxMs));
    out.put("totalMs", ms(totalMs));
    out.put("avgMs", ms(avgMs));
    out.put("p50Ms", ms(p50Ms));
    out.put("p90Ms", ms(p90Ms));
    out.put("p95Ms", ms(p95Ms));
    out.put("p99Ms", ms(p99Ms));
    out.put("stddevMs", ms(stddevMs));
    out.put("minBytes", minBytes);
    out.put("maxBytes", maxBytes);
    out.put("totalBytes", totalBytes);
    out.put("avgBytes", ms(avgBytes));
    if (timed != count) {
      out.put("timed", timed);
    }
    if (upstreamCount > 0) {
      out.put("upstreamCount", upstreamCount);
      out.put("upstreamTotalMs", ms(upstreamTotalMs));
      out.put("upstreamAvgMs", ms(upstreamAvgMs));
      out.put("upstreamP95Ms", ms(upstreamP95Ms));
      out.put("residualTotalMs", ms(residualTotalMs));
      out.put("residualAvgMs", ms(residualAvgMs));
    }
    return out;
  }

  /** Three decimals: microseconds for milliseconds. */
  static double ms(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
