package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.Digest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** performance_schema statement digests over a run: the end counts minus the start counts. */
final class Digests {

  static final int TOP = 30;

  /** One row of events_statements_summary_by_digest; times in picoseconds as the server keeps them. */
  record Row(String schema, String digest, String text, long count, long timerWait,
      long rowsExamined, long rowsSent, long noIndexUsed, long noGoodIndexUsed) {

    String key() {
      return schema + "\0" + digest;
    }

    Row minus(Row start) {
      if (start == null || start.count > count) {
        return this; // new in this run, or the table was truncated meanwhile
      }
      return new Row(schema, digest, text, count - start.count, timerWait - start.timerWait,
          rowsExamined - start.rowsExamined, rowsSent - start.rowsSent,
          noIndexUsed - start.noIndexUsed, noGoodIndexUsed - start.noGoodIndexUsed);
    }
  }

  private Digests() {}

  /** The digests that ran during the run, most time first, at most {@link #TOP}. */
  static List<Digest> delta(Map<String, Row> start, Map<String, Row> end) {
    List<Row> ran = new ArrayList<>();
    for (Row row : end.values()) {
      Row d = row.minus(start.get(row.key()));
      if (d.count > 0) {
        ran.add(d);
      }
    }
    ran.sort(Comparator.comparingLong(Row::timerWait).reversed());
    List<Digest> out = new ArrayList<>();
    for (Row r : ran.subList(0, Math.min(TOP, ran.size()))) {
      out.add(new Digest(r.schema, r.digest, r.text, r.count, r.timerWait / 1_000_000_000.0,
          r.rowsExamined, r.rowsSent, r.noIndexUsed, r.noGoodIndexUsed));
    }
    return out;
  }
}
