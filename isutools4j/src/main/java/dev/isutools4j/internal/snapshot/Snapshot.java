package dev.isutools4j.internal.snapshot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One immutable record of a run: what the recorder measured and what each collector contributed.
 *
 * @param sql fingerprints, most total time first
 * @param http routes, most total time first
 * @param counters by name
 * @param sections each collector's and analyzer's part by name: a typed {@link Section}, or plain JSON
 *     data for a name no codec knows
 * @param parts in a run that spans several hosts, each host's own part by host name (a whole run of
 *     one host, as that host saved it), in the order of {@code meta.hosts}; then {@code sql},
 *     {@code http} and {@code counters} are the app hosts' tables merged. Empty for a run of one host.
 */
public record Snapshot(
    RunMeta meta,
    List<SqlRow> sql,
    List<HttpRow> http,
    List<CounterRow> counters,
    Map<String, Object> sections,
    Map<String, Snapshot> parts) {

  public Snapshot {
    sql = List.copyOf(sql);
    http = List.copyOf(http);
    counters = List.copyOf(counters);
    sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
  }

  /** A run of one host. */
  public Snapshot(RunMeta meta, List<SqlRow> sql, List<HttpRow> http, List<CounterRow> counters,
      Map<String, Object> sections) {
    this(meta, sql, http, counters, sections, Map.of());
  }

  /** The section of this type, if the run has one. */
  public <S extends Section> Optional<S> section(Class<S> type) {
    for (Object value : sections.values()) {
      if (type.isInstance(value)) {
        return Optional.of(type.cast(value));
      }
    }
    return Optional.empty();
  }

  /** The same snapshot with other metadata. */
  public Snapshot withMeta(RunMeta newMeta) {
    return new Snapshot(newMeta, sql, http, counters, sections, parts);
  }
}
