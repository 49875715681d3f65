package dev.isutools4j.internal.digest;

/**
 * Where a record of a log may start, told from one line's first bytes: where a file may be split
 * into parts read by different threads, so that no record straddles two parts.
 */
public interface RecordBoundary {

  /** Every line is a record (an access log). */
  RecordBoundary ANY_LINE = (b, from, to) -> true;

  /** Whether the line {@code b[from, to)} (perhaps only its start) is a record's first line. */
  boolean startsRecord(byte[] b, int from, int to);
}
