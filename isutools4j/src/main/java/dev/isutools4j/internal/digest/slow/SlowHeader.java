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

  /** What a layout's value is read into. */
  private enum Value {
    QUERY_TIME, LOCK_TIME, ROWS_SENT, ROWS_EXAMINED, ROWS_AFFECTED, BYTES_SENT, SCHEMA, NONE
  }

  /** One step of a line's layout: its label, then a value. */
  private record Step(byte[] label, Value value) {
    Step(String label, Value value) {
      this(Bytes.ascii(label), value);
    }
  }

  // The lines MariaDB and MySQL write in every entry, as they write them.
  private static final Step[] TIMES = {new Step(" Query_time: ", Value.QUERY_TIME),
      new Step("  Lock_time: ", Value.LOCK_TIME), new Step("  Rows_sent: ", Value.ROWS_SENT),
      new Step("  Rows_examined: ", Value.ROWS_EXAMINED)};
  private static final Step[] THREAD = {new Step(" Thread_id: ", Value.NONE),
      new Step("  Schema: ", Value.SCHEMA)};
  private static final Step[] ROWS = {new Step(" Rows_affected: ", Value.ROWS_AFFECTED),
      new Step("  Bytes_sent: ", Value.BYTES_SENT)};

  private SlowHeader() {}

  /** {@code # Query_time: T  Lock_time: T  Rows_sent: N  Rows_examined: N}, then any pairs. */
  static void readTimesLine(byte[] b, int from, int to, SlowEntry e) {
    readByLayout(b, from, to, e, TIMES);
  }

  /** MariaDB's {@code # Thread_id: N  Schema: S  QC_hit: No}: the schema, then any pairs. */
  static void readThreadLine(byte[] b, int from, int to, SlowEntry e) {
    readByLayout(b, from, to, e, THREAD);
  }

  /** MariaDB's {@code # Rows_affected: N  Bytes_sent: N}, then any pairs. */
  static void readRowsLine(byte[] b, int from, int to, SlowEntry e) {
    readByLayout(b, from, to, e, ROWS);
  }

  /**
   * Reads a line by its layout, label by label, without looking for keys; what follows its last
   * value (MySQL 8's log_slow_extra pairs, MariaDB's QC_hit) goes to the key-by-key reader. Any
   * other spacing, order or an empty value sends the whole line there instead: a value already
   * set is then set again by it, the same word after the same key.
   */
  private static void readByLayout(byte[] b, int from, int to, SlowEntry e, Step[] layout) {
    int at = from;
    for (Step step : layout) {
      int start = valueAfter(b, at, to, step.label);
      int end = valueEnd(b, start, to);
      if (end < 0) {
        read(b, from, to, e);
        return;
      }
      switch (step.value) {
        case QUERY_TIME -> e.queryMicros = Math.max(0, Bytes.micros(b, start, end));
        case LOCK_TIME -> e.lockMicros = Math.max(0, Bytes.micros(b, start, end));
        case ROWS_SENT -> e.rowsSent = Math.max(0, Bytes.number(b, start, end));
        case ROWS_EXAMINED -> e.rowsExamined = Math.max(0, Bytes.number(b, start, end));
        case ROWS_AFFECTED -> e.rowsAffected = Math.max(0, Bytes.number(b, start, end));
        case BYTES_SENT -> e.bytesSent = Math.max(0, Bytes.number(b, start, end));
        case SCHEMA -> e.schema(b, start, end);
        case NONE -> {
          // skipped
        }
      }
      at = end;
    }
    if (at < to) {
      read(b, at, to, e);
    }
  }

  /** Where the value after {@code label} at {@code at} starts; -1 if {@code label} is not there. */
  private static int valueAfter(byte[] b, int at, int to, byte[] label) {
    return at >= 0 && Bytes.startsWith(b, at, to, label) ? at + label.length : -1;
  }

  /**
   * The end of the value at {@code i}; -1 for -1, for an empty value and for a word ending with
   * ':', which the key-by-key reader takes for the next key.
   */
  private static int valueEnd(byte[] b, int i, int to) {
    int end = word(b, i, to);
    return end <= i || b[end - 1] == ':' ? -1 : end;
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
