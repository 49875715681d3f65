package dev.isutools4j.cli.logs;

import dev.isutools4j.logs.Malformed;
import dev.isutools4j.logs.access.AccessReport;
import dev.isutools4j.logs.access.AccessRow;
import dev.isutools4j.logs.slow.SlowReport;
import dev.isutools4j.logs.slow.SlowRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/** What a digest read, in the shape the commands print: a summary and rows as JSON maps. */
interface DigestResult {

  /** The summary fields (the run snapshot section's, rows left out). */
  Map<String, Object> summary();

  /** Every row as its JSON map, with the given percentiles added where they are not yet. */
  List<Map<String, Object>> rows(Collection<Double> percentiles);

  Malformed malformed();

  /** Lines read, every one. */
  long lines();

  /** Requests or entries counted in the rows. */
  long counted();

  /** Requests or entries read but left out by the filter. */
  long filteredOut();

  /** What {@link #counted} counts: "requests" or "entries". */
  String unit();

  static DigestResult of(AccessReport report) {
    return new DigestResult() {
      @Override
      public Map<String, Object> summary() {
        Map<String, Object> m = report.toMap();
        m.remove("rows");
        return m;
      }

      @Override
      public List<Map<String, Object>> rows(Collection<Double> percentiles) {
        List<Map<String, Object>> out = new ArrayList<>(report.rows().size());
        for (AccessRow r : report.rows()) {
          out.add(withPercentiles(r.toMap(), percentiles, r::percentileMs));
        }
        return out;
      }

      @Override
      public Malformed malformed() {
        return report.malformed();
      }

      @Override
      public long lines() {
        return report.lines();
      }

      @Override
      public long counted() {
        return report.requests();
      }

      @Override
      public long filteredOut() {
        return report.lines() - report.blank() - report.malformed().count() - report.requests();
      }

      @Override
      public String unit() {
        return "requests";
      }
    };
  }

  static DigestResult of(SlowReport report) {
    long counted = report.rows().stream().mapToLong(SlowRow::count).sum();
    return new DigestResult() {
      @Override
      public Map<String, Object> summary() {
        Map<String, Object> m = report.toMap();
        m.remove("rows");
        return m;
      }

      @Override
      public List<Map<String, Object>> rows(Collection<Double> percentiles) {
        List<Map<String, Object>> out = new ArrayList<>(report.rows().size());
        for (SlowRow r : report.rows()) {
          out.add(withPercentiles(r.toMap(), percentiles, r::percentileMs));
        }
        return out;
      }

      @Override
      public Malformed malformed() {
        return report.malformed();
      }

      @Override
      public long lines() {
        return report.lines();
      }

      @Override
      public long counted() {
        return counted;
      }

      @Override
      public long filteredOut() {
        return report.entries() - counted;
      }

      @Override
      public String unit() {
        return "entries";
      }
    };
  }

  private static Map<String, Object> withPercentiles(Map<String, Object> row,
      Collection<Double> percentiles, DoubleUnaryOperator percentileMs) {
    for (double p : percentiles) {
      String key = Columns.percentile(p).key();
      if (!row.containsKey(key)) {
        row.put(key, Math.round(percentileMs.applyAsDouble(p) * 1000) / 1000.0);
      }
    }
    return row;
  }
}
