package dev.isutools4j.internal.web;

import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/runs/current/live?since=T}: the open run as it goes, as the page that follows it
 * polls it. The machine samples are those taken after {@code T} (epoch milliseconds; all of them
 * without it), each metric as a column, so that a poll every second carries one or two samples.
 * Described in docs/SNAPSHOT.md ("The live state of the open run").
 */
final class LiveJson {

  private LiveJson() {}

  static Map<String, Object> of(LiveRun live, long since) {
    RunMeta m = live.meta();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", m.id());
    out.put("at", live.atMillis());
    out.put("startedAt", m.startedAt() == null ? null : m.startedAt().toEpochMilli());
    out.put("requests", m.requests());
    out.put("queries", m.queries());
    out.put("requestsPerSec", round(live.requestsPerSec()));
    List<Map<String, Object>> sql = new ArrayList<>();
    for (SqlRow r : live.sql()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("fingerprint", r.fingerprint());
      row.put("count", r.time().count());
      row.put("totalMs", round(r.time().totalMs()));
      row.put("meanMs", round(r.time().meanMs()));
      row.put("p95Ms", round(r.time().p95Ms()));
      sql.add(row);
    }
    out.put("sql", sql);
    List<Map<String, Object>> http = new ArrayList<>();
    for (HttpRow r : live.http()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("method", r.method());
      row.put("route", r.route());
      row.put("count", r.time().count());
      row.put("totalMs", round(r.time().totalMs()));
      row.put("p95Ms", round(r.time().p95Ms()));
      row.put("queriesPerRequest", round(r.queriesPerRequest()));
      row.put("nPlusOne", r.nPlusOne());
      http.add(row);
    }
    out.put("http", http);
    live.section(MachineSection.class).ifPresent(machine -> out.put("machine", machine(machine, since)));
    out.put("atSave", live.atSave());
    return out;
  }

  private static Map<String, Object> machine(MachineSection machine, long since) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supported", machine.supported());
    if (!machine.supported()) {
      out.put("reason", machine.reason());
      return out;
    }
    List<MachineSection.Sample> series = machine.series();
    int from = firstAfter(series, since);
    out.put("samples", machine.summary().samples());
    out.put("keptEvery", machine.summary().keptEvery());
    List<Long> t = new ArrayList<>();
    for (int i = from; i < series.size(); i++) {
      t.add(series.get(i).t());
    }
    out.put("t", t);
    Map<String, Object> values = new LinkedHashMap<>();
    for (MachineMetric metric : MachineMetric.ALL) {
      List<Double> column = new ArrayList<>();
      boolean any = false;
      for (int i = from; i < series.size(); i++) {
        double v = series.get(i).value(metric);
        any |= !Double.isNaN(v);
        column.add(Double.isFinite(v) ? v : null);
      }
      if (any) {
        values.put(metric.key(), column);
      }
    }
    out.put("v", values);
    if (machine.error() != null) {
      out.put("error", machine.error());
    }
    return out;
  }

  /** The index of the first sample after {@code since}: the series is in time order. */
  static int firstAfter(List<MachineSection.Sample> series, long since) {
    int lo = 0;
    int hi = series.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (series.get(mid).t() <= since) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static Double round(double v) {
    return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : null;
  }
}
