package dev.isutools4j.cli.digest;

import java.util.function.Function;

/**
 * A name a {@code --filter} may compare: a per-line field, read from each log line before it is
 * counted, or a row column, read from each row of the digest before it is shown.
 *
 * @param get the value from a line ({@code AccessLine}, {@code SlowStatement}) or a row (its
 *     JSON map): a Number, a String, or null when the line or row has none
 */
record FilterField(String name, Level level, Type type, Function<Object, Object> get) {

  /** Which subject the field is read from. */
  enum Level {
    LINE,
    ROW
  }

  /** What values the field compares with. */
  enum Type {
    TEXT,
    NUMBER,
    /** Milliseconds; values may carry a unit: us, ms, s. */
    TIME,
    /** Bytes; values may carry a unit: k, m, g (powers of 1024). */
    BYTES,
    /** An HTTP status; values may be a class: 2xx ... 5xx. */
    STATUS
  }

  /** A row column as a field. */
  static FilterField of(Column c) {
    Type type = switch (c.kind()) {
      case TEXT -> Type.TEXT;
      case MS -> Type.TIME;
      case BYTES -> Type.BYTES;
      case COUNT, DECIMAL -> Type.NUMBER;
    };
    String key = c.key();
    return new FilterField(c.key(), Level.ROW, type,
        row -> ((java.util.Map<?, ?>) row).get(key));
  }
}
