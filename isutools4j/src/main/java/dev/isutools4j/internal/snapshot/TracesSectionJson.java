package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code traces} section's JSON (docs/SNAPSHOT.md). A timeline is written column by column
 * (one array per field, a statement's values at the same index), its fingerprints as indexes into
 * the section's {@code fingerprints}: a hundred timelines of a hundred statements stay a small
 * part of the run's file.
 */
public final class TracesSectionJson implements SectionCodec<TracesSection> {

  @Override
  public String name() {
    return "traces";
  }

  @Override
  public Class<TracesSection> type() {
    return TracesSection.class;
  }

  @Override
  public Map<String, Object> write(TracesSection section) {
    Map<String, Integer> index = new LinkedHashMap<>();
    List<Object> requests = new ArrayList<>();
    for (Request r : section.requests()) {
      requests.add(request(r, index));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("top", section.top());
    out.put("perRoute", section.perRoute());
    out.put("statementLimit", section.statementLimit());
    out.put("fingerprints", new ArrayList<>(index.keySet()));
    out.put("requests", requests);
    return out;
  }

  private static Map<String, Object> request(Request r, Map<String, Integer> index) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", r.method());
    out.put("route", r.route());
    out.put("path", r.path());
    out.put("status", r.status());
    out.put("startMs", ms(r.startMs()));
    out.put("totalMs", ms(r.totalMs()));
    out.put("bytes", r.bytes());
    out.put("thread", r.thread());
    out.put("top", r.top());
    out.put("statements", r.statements());
    out.put("dropped", r.dropped());
    out.put("sqlMs", ms(r.sqlMs()));
    out.put("timeline", timeline(r.timeline(), index));
    return out;
  }

  private static Map<String, Object> timeline(List<Statement> statements, Map<String, Integer> index) {
    List<Double> starts = new ArrayList<>();
    List<Double> durations = new ArrayList<>();
    List<Long> rows = new ArrayList<>();
    List<Integer> sql = new ArrayList<>();
    List<Integer> items = new ArrayList<>();
    List<String> samples = new ArrayList<>();
    List<Integer> failed = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      Statement s = statements.get(i);
      starts.add(ms(s.startMs()));
      durations.add(ms(s.durationMs()));
      rows.add(s.rows());
      sql.add(s.fingerprint() == null ? -1
          : index.computeIfAbsent(s.fingerprint(), f -> index.size()));
      items.add(s.items());
      samples.add(s.sample());
      if (s.failed()) {
        failed.add(i);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("startMs", starts);
    out.put("durationMs", durations);
    out.put("rows", rows);
    out.put("sql", sql);
    out.put("items", items);
    out.put("samples", samples);
    out.put("failed", failed);
    return out;
  }

  /** Milliseconds with three decimals, as the rest of the document. */
  private static double ms(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  @Override
  public TracesSection read(Fields json) {
    List<String> fingerprints = strings(json.raw("fingerprints"));
    List<Request> requests = new ArrayList<>();
    for (Fields r : json.fieldsList("requests")) {
      requests.add(readRequest(r, fingerprints));
    }
    return new TracesSection((int) json.longValue("top"), (int) json.longValue("perRoute"),
        (int) json.longValue("statementLimit"), requests);
  }

  private static Request readRequest(Fields r, List<String> fingerprints) {
    return new Request(r.string("method"), r.string("route"), r.string("path"),
        (int) r.longValue("status"), r.doubleValue("startMs"), r.doubleValue("totalMs"),
        r.longValue("bytes"), r.string("thread"), Boolean.TRUE.equals(r.boolOrNull("top")),
        (int) r.longValue("statements"), (int) r.longValue("dropped"), r.doubleValue("sqlMs"),
        readTimeline(Fields.of(r.raw("timeline")), fingerprints));
  }

  private static List<Statement> readTimeline(Fields t, List<String> fingerprints) {
    List<?> starts = list(t.raw("startMs"));
    List<?> durations = list(t.raw("durationMs"));
    List<?> rows = list(t.raw("rows"));
    List<?> sql = list(t.raw("sql"));
    List<?> items = list(t.raw("items"));
    List<?> samples = list(t.raw("samples"));
    Set<Integer> failed = new HashSet<>();
    for (Object i : list(t.raw("failed"))) {
      if (i instanceof Number n) {
        failed.add(n.intValue());
      }
    }
    List<Statement> out = new ArrayList<>(starts.size());
    for (int i = 0; i < starts.size(); i++) {
      int fingerprint = (int) number(sql, i, -1);
      out.add(new Statement(number(starts, i, 0), number(durations, i, 0), (long) number(rows, i, 0),
          fingerprint >= 0 && fingerprint < fingerprints.size() ? fingerprints.get(fingerprint) : null,
          i < samples.size() && samples.get(i) != null ? samples.get(i).toString() : null,
          (int) number(items, i, 1), failed.contains(i)));
    }
    return out;
  }

  private static List<?> list(Object value) {
    return value instanceof List<?> l ? l : List.of();
  }

  private static double number(List<?> values, int i, double fallback) {
    return i < values.size() && values.get(i) instanceof Number n ? n.doubleValue() : fallback;
  }

  private static List<String> strings(Object value) {
    List<String> out = new ArrayList<>();
    for (Object v : list(value)) {
      out.add(v == null ? null : v.toString());
    }
    return out;
  }
}
