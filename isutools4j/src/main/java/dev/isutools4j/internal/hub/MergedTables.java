package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The tables of a run across hosts: the app hosts' SQL, HTTP and counter rows merged key by key
 * (SQL by fingerprint, HTTP by method + route, counters by name), sorted as the recorder sorts
 * them. Counts and totals are added, percentiles are those of the added histograms (exact over the
 * union, see {@code stats.Latency.merge}); a key seen on one host only passes through as that host
 * saved it. Pure: no I/O.
 */
public record MergedTables(List<SqlRow> sql, List<HttpRow> http, List<CounterRow> counters) {

  public MergedTables {
    sql = List.copyOf(sql);
    http = List.copyOf(http);
    counters = List.copyOf(counters);
  }

  /** The tables of these app hosts' parts merged. */
  public static MergedTables of(List<Snapshot> appParts) {
    return new MergedTables(
        SqlMerge.rows(byKey(appParts, Snapshot::sql, SqlRow::fingerprint)),
        // A part read from a damaged file may lack a name: null is a key like any other.
        HttpMerge.rows(byKey(appParts, Snapshot::http, r -> Arrays.asList(r.method(), r.route()))),
        CounterMerge.rows(byKey(appParts, Snapshot::counters, CounterRow::name)));
  }

  /** Each key's rows, one per part that has it, keys in the order first seen. */
  private static <R> List<List<R>> byKey(List<Snapshot> parts, Function<Snapshot, List<R>> table,
      Function<R, Object> key) {
    Map<Object, List<R>> out = new LinkedHashMap<>();
    for (Snapshot part : parts) {
      for (R row : table.apply(part)) {
        out.computeIfAbsent(key.apply(row), k -> new ArrayList<>()).add(row);
      }
    }
    return new ArrayList<>(out.values());
  }
}
