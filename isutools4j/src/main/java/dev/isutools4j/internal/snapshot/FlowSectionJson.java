package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.PerSession;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the {@code flow} section (docs/SNAPSHOT.md). */
public final class FlowSectionJson implements SectionCodec<FlowSection> {

  public static final String NAME = "flow";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<FlowSection> type() {
    return FlowSection.class;
  }

  @Override
  public Map<String, Object> write(FlowSection s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("cookies", s.cookies());
    out.put("requests", s.requests());
    out.put("withoutSession", s.withoutSession());
    out.put("sessions", s.sessions());
    Map<String, Object> perSession = new LinkedHashMap<>();
    perSession.put("mean", s.perSession().mean());
    perSession.put("p50", s.perSession().p50());
    perSession.put("max", s.perSession().max());
    out.put("requestsPerSession", perSession);
    out.put("evicted", s.evicted());
    out.put("dropped", s.dropped());
    List<Map<String, Object>> transitions = new ArrayList<>(s.transitions().size());
    for (Transition t : s.transitions()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("from", t.from());
      row.put("to", t.to());
      row.put("status", t.status());
      row.put("count", t.count());
      transitions.add(row);
    }
    out.put("transitions", transitions);
    out.put("otherTransitions", s.otherTransitions());
    out.put("entries", routes(s.entries()));
    out.put("exits", routes(s.exits()));
    List<Map<String, Object>> paths = new ArrayList<>(s.paths().size());
    for (Path p : s.paths()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("routes", p.routes());
      row.put("count", p.count());
      paths.add(row);
    }
    out.put("paths", paths);
    out.put("untrackedPaths", s.untrackedPaths());
    return out;
  }

  private static List<Map<String, Object>> routes(List<RouteCount> counts) {
    List<Map<String, Object>> out = new ArrayList<>(counts.size());
    for (RouteCount c : counts) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("route", c.route());
      row.put("count", c.count());
      out.add(row);
    }
    return out;
  }

  @Override
  public FlowSection read(Fields json) {
    Fields perSession = Fields.of(json.raw("requestsPerSession"));
    return new FlowSection(strings(json.raw("cookies")), json.longValue("requests"),
        json.longValue("withoutSession"), json.longValue("sessions"),
        new PerSession(perSession.doubleValue("mean"), perSession.longValue("p50"),
            perSession.longValue("max")),
        json.longValue("evicted"), json.longValue("dropped"),
        json.fieldsList("transitions").stream().map(t -> new Transition(t.string("from"),
            t.string("to"), (int) t.longValue("status"), t.longValue("count"))).toList(),
        json.longValue("otherTransitions"),
        readRoutes(json.fieldsList("entries")), readRoutes(json.fieldsList("exits")),
        json.fieldsList("paths").stream().map(p -> new Path(strings(p.raw("routes")),
            p.longValue("count"))).toList(),
        json.longValue("untrackedPaths"));
  }

  private static List<RouteCount> readRoutes(List<Fields> rows) {
    return rows.stream().map(r -> new RouteCount(r.string("route"), r.longValue("count"))).toList();
  }

  private static List<String> strings(Object value) {
    if (!(value instanceof List<?> list)) {
      return List.of();
    }
    List<String> out = new ArrayList<>(list.size());
    for (Object o : list) {
      if (o != null) {
        out.add(o.toString());
      }
    }
    return out;
  }
}
