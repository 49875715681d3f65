package dev.isutools4j.internal.snapshot;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The snapshot as a JSON document (docs/SNAPSHOT.md describes it). Times are written in
 * milliseconds with three decimals; reading a written document and writing it again gives the same
 * text. Reading is lenient: a missing field takes its empty value. Each typed section is read and
 * written by its {@link SectionCodec}; a top-level key that no codec knows is kept as plain data.
 */
public final class SnapshotJson {

  public static final int SCHEMA = 1;
  private static final JSON PRETTY = JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT, JSON.Feature.WRITE_NULL_PROPERTIES);
  private static final List<String> CORE_KEYS = List.of("schema", "meta", "sql", "http", "counters", "parts");

  private SnapshotJson() {}

  public static String write(Snapshot snapshot) throws IOException {
    return PRETTY.asString(toMap(snapshot));
  }

  public static Snapshot read(String json) throws IOException {
    return fromMap(JSON.std.mapFrom(json));
  }

  /** Any plain value (maps, lists, records of this package) as JSON text. */
  public static String writeValue(Object value) throws IOException {
    return PRETTY.asString(value);
  }

  public static Map<String, Object> toMap(Snapshot s) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schema", SCHEMA);
    root.put("meta", meta(s.meta()));
    root.put("sql", s.sql().stream().map(SnapshotJson::sql).toList());
    root.put("http", s.http().stream().map(SnapshotJson::http).toList());
    root.put("counters", s.counters().stream().map(SnapshotJson::counter).toList());
    s.sections().forEach((name, value) ->
        root.put(name, value instanceof Section section ? SectionCodecs.of(section).writeAny(section) : value));
    if (!s.parts().isEmpty()) {
      Map<String, Object> parts = new LinkedHashMap<>();
      s.parts().forEach((host, part) -> parts.put(host, toMap(part)));
      root.put("parts", parts);
    }
    return root;
  }

  public static Map<String, Object> meta(RunMeta m) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", m.id());
    out.put("startedAt", m.startedAt().toString());
    out.put("endedAt", m.endedAt() == null ? null : m.endedAt().toString());
    out.put("durationSeconds", round(m.durationSeconds()));
    out.put("score", m.score());
    out.put("pass", m.pass());
    out.put("revision", m.revision());
    out.put("dirty", m.dirty());
    if (m.revisionSource() != null) {
      out.put("revisionSource", m.revisionSource()); // absent from runs saved before it was recorded
    }
    out.put("note", m.note());
    if (m.label() != null) {
      out.put("label", m.label()); // absent from runs saved without one, as before labels
    }
    out.put("requests", m.requests());
    out.put("queries", m.queries());
    out.put("healthFailures", m.healthFailures());
    if (!m.hosts().isEmpty()) { // a run of one host is written as before
      out.put("partial", m.partial());
      out.put("hosts", m.hosts().stream().map(SnapshotJson::host).toList());
    }
    return out;
  }

  private static Map<String, Object> host(HostInfo h) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", h.name());
    out.put("address", h.address());
    out.put("role", h.role());
    out.put("version", h.version());
    out.put("revision", h.revision());
    out.put("clockOffsetMs", Double.isNaN(h.clockOffsetMs()) ? null : round(h.clockOffsetMs()));
    out.put("roundTripMs", Double.isNaN(h.roundTripMs()) ? null : round(h.roundTripMs()));
    out.put("status", h.status());
    out.put("reason", h.reason());
    out.put("waitedMs", h.waitedMs());
    return out;
  }

  private static Map<String, Object> sql(SqlRow r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("fingerprint", r.fingerprint());
    out.put("sample", r.sample());
    time(out, r.time());
    out.put("errors", r.errors());
    out.put("rows", r.rows());
    out.put("batches", r.batches());
    return out;
  }

  private static Map<String, Object> http(HttpRow r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", r.method());
    out.put("route", r.route());
    out.put("count", r.time().count());
    for (int c = 1; c <= 5; c++) {
      out.put("status" + c + "xx", r.status(c));
    }
    time(out, r.time());
    out.put("bytes", r.bytes());
    out.put("queriesPerRequest", round(r.queriesPerRequest()));
    out.put("maxQueriesPerRequest", r.maxQueriesPerRequest());
    out.put("sqlMsPerRequest", round(r.sqlMsPerRequest()));
    out.put("nPlusOne", r.nPlusOne());
    List<Map<String, Object>> queries = new ArrayList<>();
    for (RouteQuery q : r.queries()) {
      Map<String, Object> query = new LinkedHashMap<>();
      query.put("fingerprint", q.fingerprint());
      query.put("count", q.count());
      query.put("requests", q.requests());
      query.put("perRequest", round(q.perRequest()));
      query.put("maxPerRequest", q.maxPerRequest());
      query.put("totalMs", round(q.totalMs()));
      query.put("nPlusOne", q.nPlusOne());
      queries.add(query);
    }
    out.put("queries", queries);
    return out;
  }

  private static Map<String, Object> counter(CounterRow r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", r.name());
    out.put("count", r.count());
    out.put("hits", r.hits());
    out.put("misses", r.misses());
    out.put("hitRate", r.hitRate());
    return out;
  }

  private static void time(Map<String, Object> out, LatencySummary t) {
    out.put("count", t.count());
    out.put("totalMs", round(t.totalMs()));
    out.put("meanMs", round(t.meanMs()));
    out.put("p50Ms", round(t.p50Ms()));
    out.put("p90Ms", round(t.p90Ms()));
    out.put("p95Ms", round(t.p95Ms()));
    out.put("p99Ms", round(t.p99Ms()));
    out.put("maxMs", round(t.maxMs()));
    if (t.histogram() != null) {
      out.put("histogram", t.histogram());
    }
  }

  /** Milliseconds keep microsecond resolution: three decimals. */
  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  // Reading.

  public static Snapshot fromMap(Map<String, Object> root) {
    Map<String, Object> sections = new LinkedHashMap<>();
    root.forEach((key, value) -> {
      if (!CORE_KEYS.contains(key)) {
        sections.put(key, SectionCodecs.byName(key).<Object>map(c -> c.read(Fields.of(value))).orElse(value));
      }
    });
    return new Snapshot(
        readMeta(Fields.of(root.get("meta"))),
        Fields.list(root.get("sql")).stream().map(SnapshotJson::readSql).toList(),
        Fields.list(root.get("http")).stream().map(SnapshotJson::readHttp).toList(),
        Fields.list(root.get("counters")).stream().map(SnapshotJson::readCounter).toList(),
        sections, readParts(root.get("parts")));
  }

  private static Map<String, Snapshot> readParts(Object parts) {
    Map<String, Snapshot> out = new LinkedHashMap<>();
    if (parts instanceof Map<?, ?> byHost) {
      byHost.forEach((host, part) -> {
        if (part instanceof Map<?, ?> map) {
          @SuppressWarnings("unchecked")
          Map<String, Object> root = (Map<String, Object>) map;
          out.put(String.valueOf(host), fromMap(root));
        }
      });
    }
    return out;
  }

  public static RunMeta readMeta(Fields m) {
    String id = m.string("id");
    String started = m.string("startedAt");
    if (id == null || started == null) {
      throw new IllegalArgumentException("not a run snapshot: meta.id or meta.startedAt missing");
    }
    String ended = m.string("endedAt");
    return new RunMeta(
        id,
        Instant.parse(started),
        ended == null ? null : Instant.parse(ended),
        m.longOrNull("score"),
        m.boolOrNull("pass"),
        m.string("revision"),
        Boolean.TRUE.equals(m.boolOrNull("dirty")),
        m.string("revisionSource"),
        m.string("note"),
        m.longValue("requests"),
        m.longValue("queries"),
        m.longValue("healthFailures"),
        m.fieldsList("hosts").stream().map(SnapshotJson::readHost).toList(),
        Boolean.TRUE.equals(m.boolOrNull("partial")),
        m.string("label"));
  }

  private static HostInfo readHost(Fields h) {
    return new HostInfo(h.string("name"), h.string("address"), h.string("role"), h.string("version"),
        h.string("revision"), doubleOrNaN(h.raw("clockOffsetMs")), doubleOrNaN(h.raw("roundTripMs")),
        h.string("status") == null ? HostInfo.MISSING : h.string("status"), h.string("reason"),
        h.longValue("waitedMs"));
  }

  private static double doubleOrNaN(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  private static SqlRow readSql(Fields f) {
    return new SqlRow(f.string("fingerprint"), f.string("sample"), readTime(f), f.longValue("errors"),
        f.longValue("rows"), f.longValue("batches"));
  }

  private static HttpRow readHttp(Fields f) {
    long[] status = new long[5];
    for (int c = 1; c <= 5; c++) {
      status[c - 1] = f.longValue("status" + c + "xx");
    }
    List<RouteQuery> queries = f.fieldsList("queries").stream().map(q -> new RouteQuery(
        q.string("fingerprint"), q.longValue("count"), q.longValue("requests"),
        q.doubleValue("perRequest"), q.longValue("maxPerRequest"), q.doubleValue("totalMs"),
        Boolean.TRUE.equals(q.boolOrNull("nPlusOne")))).toList();
    return new HttpRow(f.string("method"), f.string("route"), readTime(f), status,
        f.longValue("bytes"), f.doubleValue("queriesPerRequest"), f.longValue("maxQueriesPerRequest"),
        f.doubleValue("sqlMsPerRequest"), Boolean.TRUE.equals(f.boolOrNull("nPlusOne")), queries);
  }

  private static CounterRow readCounter(Fields f) {
    Object rate = f.raw("hitRate");
    return new CounterRow(f.string("name"), f.longValue("count"), f.longValue("hits"),
        f.longValue("misses"), rate instanceof Number n ? n.doubleValue() : null);
  }

  private static LatencySummary readTime(Fields f) {
    return new LatencySummary(f.longValue("count"), f.doubleValue("totalMs"), f.doubleValue("meanMs"),
        f.doubleValue("p50Ms"), f.doubleValue("p90Ms"), f.doubleValue("p95Ms"),
        f.doubleValue("p99Ms"), f.doubleValue("maxMs"), f.string("histogram"));
  }
}
