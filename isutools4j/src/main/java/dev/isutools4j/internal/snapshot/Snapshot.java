package dev.isutools4j.internal.snapshot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One immutable record of a run: what the recorder measured and what each collector contributed.
 *
 * @param sql fingerprints, most total time first
 * @param http routes, most total time first
 * @param counters by name
 * @param sections each collector's part, as plain JSON data (maps, lists, strings, numbers), by name
 */
public record Snapshot(
    RunMeta meta,
    List<SqlRow> sql,
    List<HttpRow> http,
    List<CounterRow> counters,
    Map<String, Object> sections) {

  public Snapshot {
    sql = List.copyOf(sql);
    http = List.copyOf(http);
    counters = List.copyOf(counters);
    sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
  }

  /** The same snapshot with other metadata. */
  public Snapshot withMeta(RunMeta newMeta) {
    return new Snapshot(newMeta, sql, http, counters, sections);
  }
}
