package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.TimeStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One fingerprint of a slow log, with pt-query-digest's columns. Times are milliseconds with the
 * log's microsecond resolution.
 *
 * @param fingerprint the SQL table's fingerprint; for an administrator command its text
 * @param admin whether the row is an administrator command (such as {@code Quit})
 * @param examinedPerSent rows examined per row sent; NaN when no row was sent
 * @param sample the statement with the highest query time, cut to a few KiB ("…" marks a cut)
 * @param sampleMs that statement's query time
 * @param sampleSchema the schema it ran in, or null when the log does not say
 * @param queryTimes the query times themselves, for any other percentile
 */
public record SlowRow(
    String fingerprint,
    boolean admin,
    long count,
    double totalMs,
    double avgMs,
    double minMs,
    double maxMs,
    double p50Ms,
    double p95Ms,
    double stddevMs,
    double lockTotalMs,
    double lockMaxMs,
    long rowsSent,
    long rowsSentMax,
    long rowsExamined,
    long rowsExaminedMax,
    long rowsAffected,
    long bytesSent,
    double examinedPerSent,
    String sample,
    double sampleMs,
    String sampleSchema,
    TimeStats queryTimes) {

  /** The row of {@code g}, its sample passed through {@code mask} (once per row). */
  static SlowRow of(SlowGroup g, UnaryOperator<String> mask) {
    TimeStats q = g.query;
    return new SlowRow(g.fingerprint, g.admin, q.count(), q.totalMs(), q.avgMs(), q.minMs(),
        q.maxMs(), q.percentileMs(50), q.percentileMs(95), q.stddevMs(), g.lockMicros / 1e3,
        g.maxLockMicros / 1e3, g.rowsSent, g.maxRowsSent, g.rowsExamined, g.maxRowsExamined,
        g.rowsAffected, g.bytesSent,
        g.rowsSent == 0 ? Double.NaN : (double) g.rowsExamined / g.rowsSent,
        g.sampleText(mask), g.sampleMicros < 0 ? 0 : g.sampleMicros / 1e3, g.sampleSchema, q);
  }

  /** The query time at {@code percentile} (0..100). */
  public double percentileMs(double percentile) {
    return queryTimes.percentileMs(percentile);
  }

  /** The row as the section writes it (docs/SNAPSHOT.md). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("fingerprint", fingerprint);
    if (admin) {
      out.put("admin", true);
    }
    out.put("count", count);
    out.put("totalMs", ms(totalMs));
    out.put("avgMs", ms(avgMs));
    out.put("minMs", ms(minMs));
    out.put("maxMs", ms(maxMs));
    out.put("p50Ms", ms(p50Ms));
    out.put("p95Ms", ms(p95Ms));
    out.put("stddevMs", ms(stddevMs));
    out.put("lockTotalMs", ms(lockTotalMs));
    out.put("lockMaxMs", ms(lockMaxMs));
    out.put("rowsSent", rowsSent);
    out.put("rowsSentMax", rowsSentMax);
    out.put("rowsExamined", rowsExamined);
    out.put("rowsExaminedMax", rowsExaminedMax);
    out.put("rowsAffected", rowsAffected);
    out.put("bytesSent", bytesSent);
    out.put("examinedPerSent", Double.isNaN(examinedPerSent) ? null : ms(examinedPerSent));
    out.put("sample", sample);
    out.put("sampleMs", ms(sampleMs));
    out.put("sampleSchema", sampleSchema);
    return out;
  }

  static double ms(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
