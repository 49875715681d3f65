package dev.isutools4j.internal.run;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The open run as it goes, read in a moment for the page that follows it: its meta (requests and
 * statements so far), the requests per second over the last interval, the SQL and routes with the
 * most total time so far, and what each collector offers before the save ({@code Collector.live}),
 * by section name.
 *
 * @param atMillis this host's clock when it was read, epoch milliseconds
 * @param requestsPerSec over the last second or two (see {@link RequestRate})
 * @param sql at most {@link #TOP} rows, most total time first
 * @param http at most {@link #TOP} rows, most total time first
 * @param atSave the collectors that offer nothing before the save (their sections come then)
 */
public record LiveRun(RunMeta meta, long atMillis, double requestsPerSec, List<SqlRow> sql,
    List<HttpRow> http, Map<String, Section> sections, List<String> atSave) {

  /** How many SQL and HTTP rows are kept. */
  public static final int TOP = 10;

  public LiveRun {
    sql = List.copyOf(sql.subList(0, Math.min(TOP, sql.size())));
    http = List.copyOf(http.subList(0, Math.min(TOP, http.size())));
    sections = Map.copyOf(sections);
    atSave = List.copyOf(atSave);
  }

  /** The section of type {@code type}, if a collector offered it. */
  public <T extends Section> Optional<T> section(Class<T> type) {
    return sections.values().stream().filter(type::isInstance).map(type::cast).findFirst();
  }
}
