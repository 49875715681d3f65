package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The {@code slowLog} section (docs/SNAPSHOT.md): the MySQL or MariaDB slow log entries written
 * during the run, one row per fingerprint. Times are milliseconds with three decimals. In the
 * document the parts of {@code log} and {@code digest} are the section's own keys.
 *
 * @param log whether and what was read of the file
 * @param digest what the entries held; null when the file is not read or could not be
 */
public record SlowLogSection(LogRead log, Digest digest) implements Section {

  /** The rows, most total time first; none without a digest. */
  public List<Row> rows() {
    return digest == null ? List.of() : digest.rows();
  }

  /**
   * What the entries held.
   *
   * @param lines every line read
   * @param entries statements read, administrator commands included
   * @param banners server banners: the server started, or (re)opened the log
   * @param cutStatements statements over the cap, grouped by their start
   * @param inspectorStatements statements of isutools4j's database inspector, counted in
   *     {@code entries} and left out of the rows (on a host with no app only; 0 elsewhere)
   * @param malformed headers with no statement, text outside entries
   */
  public record Digest(
      long lines,
      long entries,
      long banners,
      long cutStatements,
      long inspectorStatements,
      LogMalformed malformed,
      Totals totals,
      List<Row> rows) {

    public Digest {
      rows = List.copyOf(rows);
    }
  }

  /** Every row's sums. */
  public record Totals(
      long fingerprints,
      double totalMs,
      double lockTotalMs,
      long rowsSent,
      long rowsExamined,
      long rowsAffected) {}

  /**
   * One fingerprint, with pt-query-digest's columns.
   *
   * @param admin an administrator command such as {@code Quit} (written only when true)
   * @param appCount the SQL table's count for the fingerprint; null when the app did not run it
   * @param examinedPerSent rows examined per row sent; null when no row was sent
   * @param sample the slowest statement, cut at a few KiB ("…")
   * @param sampleMs that statement's query time
   * @param sampleSchema its schema; null when the log does not say
   */
  public record Row(
      String fingerprint,
      boolean admin,
      long count,
      Long appCount,
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
      Double examinedPerSent,
      String sample,
      double sampleMs,
      String sampleSchema) {

    /** The same row with another sample statement. */
    public Row withSample(String newSample) {
      return new Row(fingerprint, admin, count, appCount, totalMs, avgMs, minMs, maxMs, p50Ms,
          p95Ms, stddevMs, lockTotalMs, lockMaxMs, rowsSent, rowsSentMax, rowsExamined,
          rowsExaminedMax, rowsAffected, bytesSent, examinedPerSent, newSample, sampleMs,
          sampleSchema);
    }
  }
}
