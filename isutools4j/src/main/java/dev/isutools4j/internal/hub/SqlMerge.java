package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.stats.Latency;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** SQL rows of one fingerprint from several hosts into one. */
final class SqlMerge {

  private SqlMerge() {}

  /** One row per group, most total time first (as {@code Recorder.sqlRows}). */
  static List<SqlRow> rows(List<List<SqlRow>> groups) {
    List<SqlRow> out = new ArrayList<>();
    for (List<SqlRow> group : groups) {
      out.add(group.size() == 1 ? group.get(0) : merge(group));
    }
    out.sort(Comparator.comparingDouble((SqlRow r) -> r.time().totalMs()).reversed());
    return out;
  }

  private static SqlRow merge(List<SqlRow> group) {
    long errors = 0;
    long rows = 0;
    long batches = 0;
    SqlRow sampled = null;
    for (SqlRow r : group) {
      errors += r.errors();
      rows += r.rows();
      batches += r.batches();
      if (r.sample() != null && (sampled == null || r.time().totalMs() > sampled.time().totalMs())) {
        sampled = r;
      }
    }
    return new SqlRow(group.get(0).fingerprint(), sampled == null ? null : sampled.sample(),
        Latency.merge(group.stream().map(SqlRow::time).toList()), errors, rows, batches);
  }
}
