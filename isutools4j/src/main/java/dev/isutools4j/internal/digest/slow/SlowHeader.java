package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Bytes;

/**
 * The {@code # Key: value  Key: value} lines of a slow log entry's header, in any order and over
 * any number of lines: MariaDB's ({@code Thread_id}, {@code Schema}, {@code QC_hit},
 * {@code Rows_affected}, {@code Bytes_sent}, ...), MySQL 8's {@code log_slow_extra} fields on the
 * {@code Query_time} line, Percona Server's extra lines. Keys not read here are skipped; a key
 * followed directly by another key has an empty value ({@code Schema:   QC_hit: No}).
 */
final class SlowHeader {

  private static final byte[] QUERY_TIME = Bytes.ascii("Query_time");
  private static final byte[] LOCK_TIME = Bytes.ascii("Lock_time");
  private static final byte[] ROWS_SENT = Bytes.ascii("Rows_sent");
  private static final byte[] ROWS_EXAMINED = Bytes.ascii("Rows_examined");
  private static final byte[] ROWS_AFFECTED = Bytes.ascii("Rows_affected");
  private static final byte[] BYTES_SENT = Bytes.ascii("Bytes_sent");
  private static final byte[] SCHEMA = Bytes.ascii("Schema");

  /** The line MariaDB and MySQL write in every entry, as they write it: read by its layout. */
  private static final byte[] QUERY_TIME_AT = Bytes.ascii(" Query_time: ");
  private static final byte[] LOCK_TIME_AT = Bytes.ascii("  Lock_time: ");
  private static final byte[] ROWS_SENT_AT = Bytes.ascii("  Rows_sent: ");
  private static final byte[] ROWS_EXAMINED_AT = Bytes.ascii("  Rows_examined: ");

  private SlowHeader() {}

  /**
   * {@link #read} for a line that may be {@code # Query_time: T  Lock_time: T  Rows_sent: N
   * Rows_examined: N}, possibly followed by more pairs (MySQL 8's {@code log_slow_extra}): its four
   * values are read where that layout puts them, without looking for keys; any other line, or any
   * other spacing, is read by {@link #read}.
   */
  static void readTimesLine(byte[] b, int from, int to, SlowEntry e) {
    // Each step starts where the last ended; -1 (this layout it is not) carries through to the end.
    int query = valueAfter(b, from, to, QUERY_TIME_AT);
    int queryEnd = word(b, query, to);
    int lock = valueAfter(b, queryEnd, to, LOCK_TIME_AT);
    int lockEnd = word(b, lock, to);
    int sent = valueAfter(b, lockEnd, to, ROWS_SENT_AT);
    int sentEnd = word(b, sent, to);
    int examined = valueAfter(b, sentEnd, to, ROWS_EXAMINED_AT);
    int examinedEnd = word(b, examined, to);
    if (examined < 0 || queryEnd == query || lockEnd == lock || sentEnd == sent
        || examinedEnd == examined) {
      read(b, from, to, e); // another layout, or an empty value: the key-by-key reader tells them
      return;
    }
    e.queryMicros = Math.max(0, Bytes.micros(b, query, queryEnd));
    e.lockMicros = Math.max(0, Bytes.micros(b, lock, lockEnd));
    e.rowsSent = Math.max(0, Bytes.number(b, sent, sentEnd));
    e.rowsExamined = Math.max(0, Bytes.number(b, examined, examinedEnd));
    if (examinedEnd < to) {
      read(b, examinedEnd, to, e);
    }
  }

  /** Where the value after {@code label} at {@code at} starts; -1 if {@code label} is not there. */
  private static int valueAfter(byte[] b, int at, int to, byte[] label) {
    return at >= 0 && Bytes.startsWith(b, at, to, label) ? at + label.length : -1;
  }

  /** The end of the word at {@code i}: the next space or tab, or {@code to}; -1 for -1. */
  private static int word(byte[] b, int i, int to) {
    if (i < 0) {
      return -1;
    }
    while (i < to && !isSpace(b[i])) {
      i++;
    }
    return i;
  }

  /**
   * Reads the pairs of {@code b[from, to)} (after its '#') into {@code e}. A key is a word ending
   * with ':'; the scan jumps from colon to colon, so lines of other words (EXPLAIN output) cost
   * little.
   */
  static void read(byte[] b, int from, int to, SlowEntry e) {
    int i = from;
    while (i < to) {
      int colon = Bytes.indexOf(b, i, to, (byte) ':');
      if (colon < 0) {
        return;
      }
      int after = colon + 1;
      if (after < to && !isSpace(b[after])) {
        i = after; // a colon inside a word ("7:49:16"): no key ends here
        continue;
      }
      int keyStart = colon;
      while (keyStart > from && !isSpace(b[keyStart - 1])) {
        keyStart--;
      }
      if (keyStart == colon) {
        i = after;
        continue;
      }
      int j = after;
      while (j < to && isSpace(b[j])) {
        j++;
      }
      int valueStart = j;
      j = word(b, j, to);
      if (j > valueStart && b[j - 1] == ':') {
        value(b, keyStart, colon, b, valueStart, valueStart, e); // the next word is a key
        i = valueStart;
      } else {
        value(b, keyStart, colon, b, valueStart, j, e);
        i = j;
      }
    }
  }

  private static void value(byte[] k, int kFrom, int kTo, byte[] b, int from, int to, SlowEntry e) {
    // Keys of one length are told apart by one byte before the full compare: most keys on a
    // header line are ones not read here (Thread_id, Full_scan, Tmp_table, ...).
    int length = kTo - kFrom;
    byte first = k[kFrom];
    switch (length) {
      case 10 -> {
        if (first == 'Q' && Bytes.equals(k, kFrom, kTo, QUERY_TIME)) {
          e.queryMicros = Math.max(0, Bytes.micros(b, from, to));
        } else if (first == 'B' && Bytes.equals(k, kFrom, kTo, BYTES_SENT)) {
          e.bytesSent = Math.max(0, Bytes.number(b, from, to));
        }
      }
      case 9 -> {
        if (first == 'L' && Bytes.equals(k, kFrom, kTo, LOCK_TIME)) {
          e.lockMicros = Math.max(0, Bytes.micros(b, from, to));
        } else if (first == 'R' && Bytes.equals(k, kFrom, kTo, ROWS_SENT)) {
          e.rowsSent = Math.max(0, Bytes.number(b, from, to));
        }
      }
      case 13 -> {
        byte sixth = k[kFrom + 5]; // Rows_examined, Rows_affected
        if (sixth == 'e' && Bytes.equals(k, kFrom, kTo, ROWS_EXAMINED)) {
          e.rowsExamined = Math.max(0, Bytes.number(b, from, to));
        } else if (sixth == 'a' && Bytes.equals(k, kFrom, kTo, ROWS_AFFECTED)) {
          e.rowsAffected = Math.max(0, Bytes.number(b, from, to));
        }
      }
      case 6 -> {
        if (first == 'S' && Bytes.equals(k, kFrom, kTo, SCHEMA) && to > from) {
          e.schema(b, from, to);
        }
      }
      default -> {
        // not read
      }
    }
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t';
  }
}
