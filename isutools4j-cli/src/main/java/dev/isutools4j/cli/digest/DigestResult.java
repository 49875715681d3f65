package dev.isutools4j.cli.digest;

import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.access.AccessRow;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;

/** What a digest read, in the shape the commands print: a summary and rows as JSON maps. */
final class DigestResult {

  private final Supplier<Map<String, Object>> reportMap;
  private final Function<Collection<Double>, List<Map<String, Object>>> rowMaps;
  private final Malformed malformed;
  private final long lines;
  private final long counted;
  private final long filteredOut;
  private final String unit;
  private final List<String> notes = new ArrayList<>();
  private List<Map<String, Object>> slowest; // asked for with --top

  private DigestResult(Supplier<Map<String, Object>> reportMap,
      Function<Collection<Double>, List<Map<String, Object>>> rowMaps, Malformed malformed,
      long lines, long counted, long filteredOut, String unit) {
    this.reportMap = reportMap;
    this.rowMaps = rowMaps;
    this.malformed = malformed;
    this.lines = lines;
    this.counted = counted;
    this.filteredOut = filteredOut;
    this.unit = unit;
  }

  static DigestResult of(AccessReport report) {
    return of(report, null, false);
  }

  /**
   * The access log's rows, each with {@code appCount} after its count when {@code appCounts} (a
   * run's requests per {@code "METHOD route"}) is given: null for a route the run has not.
   */
  static DigestResult of(AccessReport report, Map<String, Long> appCounts, boolean slowest) {
    Function<AccessRow, Map<String, Object>> toMap = appCounts == null ? AccessRow::toMap
        : r -> withAppCount(r.toMap(), appCounts.get(r.method() + " " + r.route()));
    boolean untimed = report.requests() > 0 && report.totals().timed() == 0;
    Supplier<Map<String, Object>> summary = untimed ? () -> {
      Map<String, Object> m = report.toMap();
      m.put("requestTimes", false);
      if (m.get("totals") instanceof Map<?, ?> totals) {
        withoutTimes(List.of(cast(totals)));
      }
      return m;
    } : report::toMap;
    Function<Collection<Double>, List<Map<String, Object>>> rows =
        percentiles -> rowMaps(report.rows(), percentiles, toMap, AccessRow::percentileMs);
    DigestResult result = new DigestResult(summary, untimed ? rows.andThen(DigestResult::withoutTimes) : rows,
        report.malformed(), report.lines(), report.requests(),
        report.lines() - report.blank() - report.malformed().count() - report.requests(), "requests");
    if (slowest) {
      result.slowest = new ArrayList<>();
      report.slowest().forEach(r -> result.slowest.add(r.toMap()));
    }
    if (untimed) {
      result.notes.add("no line carries a request time (nginx's $request_time, LTSV's reqtime): the"
          + " time columns are left empty, not zero; add it to the log format to see where the time goes");
    }
    return result;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Map<?, ?> map) {
    return (Map<String, Object>) map;
  }

  /** Rows of a log without request times: their time columns absent, not 0. */
  private static List<Map<String, Object>> withoutTimes(List<Map<String, Object>> rows) {
    for (Map<String, Object> row : rows) {
      row.replaceAll((key, value) -> key.endsWith("Ms") && !key.startsWith("upstream") ? null : value);
    }
    return rows;
  }

  private static Map<String, Object> withAppCount(Map<String, Object> row, Long appCount) {
    Map<String, Object> out = new LinkedHashMap<>();
    row.forEach((k, v) -> {
      out.put(k, v);
      if (k.equals("count")) {
        out.put("appCount", appCount);
      }
    });
    return out;
  }

  static DigestResult of(SlowReport report) {
    long counted = report.rows().stream().mapToLong(SlowRow::count).sum();
    return new DigestResult(report::toMap,
        percentiles -> rowMaps(report.rows(), percentiles, SlowRow::toMap, SlowRow::percentileMs),
        report.malformed(), report.lines(), counted, report.entries() - counted, "entries");
  }

  /** The summary fields (the run snapshot section's, rows left out). */
  Map<String, Object> summary() {
    Map<String, Object> m = reportMap.get();
    m.remove("rows");
    return m;
  }

  /** Every row as its JSON map, with the given percentiles added where they are not yet. */
  List<Map<String, Object>> rows(Collection<Double> percentiles) {
    return rowMaps.apply(percentiles);
  }

  Malformed malformed() {
    return malformed;
  }

  /** Lines read, every one. */
  long lines() {
    return lines;
  }

  /** Requests or entries counted in the rows. */
  long counted() {
    return counted;
  }

  /** Requests or entries read but left out by the filter. */
  long filteredOut() {
    return filteredOut;
  }

  /** The slowest single requests when they were asked for, slowest first; else null. */
  List<Map<String, Object>> slowest() {
    return slowest;
  }

  /** What the reader should know about what was read, for stderr. */
  List<String> notes() {
    return notes;
  }

  /** What {@link #counted} counts: "requests" or "entries". */
  String unit() {
    return unit;
  }

  private static <R> List<Map<String, Object>> rowMaps(List<R> rows, Collection<Double> percentiles,
      Function<R, Map<String, Object>> toMap, ToDoubleBiFunction<R, Double> percentileMs) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (R r : rows) {
      Map<String, Object> row = toMap.apply(r);
      for (double p : percentiles) {
        String key = Columns.percentile(p).key();
        if (!row.containsKey(key)) {
          row.put(key, Math.round(percentileMs.applyAsDouble(r, p) * 1000) / 1000.0);
        }
      }
      out.add(row);
    }
    return out;
  }
}
