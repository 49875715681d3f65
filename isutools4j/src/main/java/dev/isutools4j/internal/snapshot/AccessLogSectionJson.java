package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.AccessLogSection.Digest;
import dev.isutools4j.internal.snapshot.AccessLogSection.Request;
import dev.isutools4j.internal.snapshot.AccessLogSection.Row;
import dev.isutools4j.internal.snapshot.AccessLogSection.Traffic;
import dev.isutools4j.internal.snapshot.AccessLogSection.Upstream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the {@code accessLog} section (docs/SNAPSHOT.md). */
public final class AccessLogSectionJson implements SectionCodec<AccessLogSection> {

  public static final String NAME = "accessLog";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<AccessLogSection> type() {
    return AccessLogSection.class;
  }

  @Override
  public Map<String, Object> write(AccessLogSection section) {
    return LogPartsJson.write(section.log(), out -> {
      if (section.digest() != null) {
        digest(out, section.digest());
      }
    });
  }

  private static void digest(Map<String, Object> out, Digest d) {
    out.put("format", d.format());
    out.put("lines", d.lines());
    out.put("requests", d.requests());
    out.put("malformed", LogPartsJson.malformed(d.malformed()));
    if (!d.problems().isEmpty()) {
      out.put("problems", d.problems());
    }
    Map<String, Object> totals = new LinkedHashMap<>();
    totals.put("count", d.totals().count());
    traffic(totals, d.totals());
    out.put("totals", totals);
    List<Map<String, Object>> rows = new ArrayList<>(d.rows().size());
    for (Row r : d.rows()) {
      rows.add(row(r));
    }
    out.put("rows", rows);
    if (!d.slowest().isEmpty()) {
      List<Map<String, Object>> requests = new ArrayList<>(d.slowest().size());
      for (Request r : d.slowest()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", r.line());
        m.put("ms", r.ms());
        m.put("status", r.status());
        m.put("method", r.method());
        m.put("uri", r.uri());
        if (r.upstreamMs() != null) {
          m.put("upstreamMs", r.upstreamMs());
        }
        requests.add(m);
      }
      out.put("slowest", requests);
    }
  }

  private static Map<String, Object> row(Row r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", r.method());
    out.put("route", r.route());
    out.put("count", r.traffic().count());
    // appCount right after count, where a reader compares the two
    out.put("appCount", r.appCount());
    if (r.appRoute() != null) {
      out.put("appRoute", r.appRoute());
    }
    traffic(out, r.traffic());
    return out;
  }

  /** Every field of {@code t} but {@code count}, which comes first. */
  private static void traffic(Map<String, Object> out, Traffic t) {
    for (int c = 1; c <= 5; c++) {
      out.put("status" + c + "xx", t.status(c));
    }
    out.put("count304", t.count304());
    out.put("count499", t.count499());
    out.put("count5xx", t.count5xx());
    out.put("minMs", t.minMs());
    out.put("maxMs", t.maxMs());
    out.put("totalMs", t.totalMs());
    out.put("avgMs", t.avgMs());
    out.put("p50Ms", t.p50Ms());
    out.put("p90Ms", t.p90Ms());
    out.put("p95Ms", t.p95Ms());
    out.put("p99Ms", t.p99Ms());
    out.put("stddevMs", t.stddevMs());
    out.put("minBytes", t.minBytes());
    out.put("maxBytes", t.maxBytes());
    out.put("totalBytes", t.totalBytes());
    out.put("avgBytes", t.avgBytes());
    if (t.timed() != null) {
      out.put("timed", t.timed());
    }
    Upstream u = t.upstream();
    if (u != null) {
      out.put("upstreamCount", u.upstreamCount());
      out.put("upstreamTotalMs", u.upstreamTotalMs());
      out.put("upstreamAvgMs", u.upstreamAvgMs());
      out.put("upstreamP95Ms", u.upstreamP95Ms());
      out.put("residualTotalMs", u.residualTotalMs());
      out.put("residualAvgMs", u.residualAvgMs());
    }
  }

  // Reading.

  @Override
  public AccessLogSection read(Fields json) {
    LogRead log = LogPartsJson.readLog(json);
    if (!LogPartsJson.hasDigest(log)) {
      return new AccessLogSection(log, null);
    }
    return new AccessLogSection(log, new Digest(json.string("format"), json.longValue("lines"),
        json.longValue("requests"), LogPartsJson.readMalformed(Fields.of(json.raw("malformed"))),
        LogPartsJson.strings(json.raw("problems")), readTraffic(Fields.of(json.raw("totals"))),
        json.fieldsList("rows").stream().map(AccessLogSectionJson::readRow).toList(),
        json.fieldsList("slowest").stream().map(AccessLogSectionJson::readRequest).toList()));
  }

  private static Request readRequest(Fields r) {
    return new Request(r.longValue("line"), r.doubleValue("ms"), (int) r.longValue("status"), r.string("method"),
        r.string("uri"), r.raw("upstreamMs") instanceof Number n ? n.doubleValue() : null);
  }

  private static Row readRow(Fields r) {
    return new Row(r.string("method"), r.string("route"), r.longOrNull("appCount"), r.string("appRoute"),
        readTraffic(r));
  }

  private static Traffic readTraffic(Fields t) {
    Upstream upstream = t.raw("upstreamCount") instanceof Number ? new Upstream(t.longValue("upstreamCount"),
        t.doubleValue("upstreamTotalMs"), t.doubleValue("upstreamAvgMs"), t.doubleValue("upstreamP95Ms"),
        t.doubleValue("residualTotalMs"), t.doubleValue("residualAvgMs")) : null;
    return new Traffic(t.longValue("count"), t.longValue("status1xx"), t.longValue("status2xx"),
        t.longValue("status3xx"), t.longValue("status4xx"), t.longValue("status5xx"),
        t.longValue("count304"), t.longValue("count499"), t.doubleValue("minMs"), t.doubleValue("maxMs"),
        t.doubleValue("totalMs"), t.doubleValue("avgMs"), t.doubleValue("p50Ms"), t.doubleValue("p90Ms"),
        t.doubleValue("p95Ms"), t.doubleValue("p99Ms"), t.doubleValue("stddevMs"), t.longValue("minBytes"),
        t.longValue("maxBytes"), t.longValue("totalBytes"), t.doubleValue("avgBytes"), t.longOrNull("timed"),
        upstream);
  }
}
