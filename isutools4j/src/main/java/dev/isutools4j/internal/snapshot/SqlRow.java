package dev.isutools4j.internal.snapshot;


/**
 * One SQL fingerprint of a run.
 *
 * @param sample one real statement of this shape, with its values
 * @param rows rows read by the app (SELECT) or affected (writes)
 * @param batches how many JDBC batches carried statements of this shape
 */
public record SqlRow(
    String fingerprint,
    String sample,
    LatencySummary time,
    long errors,
    long rows,
    long batches) {

  /** The same row with another sample statement. */
  public SqlRow withSample(String newSample) {
    return new SqlRow(fingerprint, newSample, time, errors, rows, batches);
  }
}
