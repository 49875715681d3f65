package dev.isutools4j.cli.digest;

import java.util.List;
import java.util.Locale;

/**
 * One column of a digest's table: the names it is chosen by ({@code --sort}, {@code -o},
 * {@code --filter}), its header, the key of the JSON row field it shows, and how it is printed.
 */
record Column(String header, String key, Kind kind, List<String> names) {

  /** How a column's values are printed and compared. */
  enum Kind {
    /** Text, left-aligned; compared as text. */
    TEXT,
    /** A whole number. */
    COUNT,
    /** Milliseconds, three decimals (microseconds). */
    MS,
    /** Bytes, a whole number. */
    BYTES,
    /** A ratio or an average, three decimals. */
    DECIMAL;

    boolean numeric() {
      return this != TEXT;
    }
  }

  Column {
    names = List.copyOf(names);
  }

  static Column of(String header, String key, Kind kind, String... names) {
    return new Column(header, key, kind, List.of(names));
  }

  /** Whether {@code name} (any case) is one of this column's names or its JSON key. */
  boolean named(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return key.toLowerCase(Locale.ROOT).equals(n) || names.contains(n);
  }

  /** The value of the column in a row, formatted; "" for none. */
  String format(Object value) {
    if (value == null) {
      return "";
    }
    return switch (kind) {
      case TEXT -> value.toString();
      case COUNT, BYTES -> value instanceof Number n ? Long.toString(n.longValue()) : value.toString();
      case MS, DECIMAL -> value instanceof Number n ? threeDecimals(n.doubleValue()) : value.toString();
    };
  }

  /** {@code %.3f} without Formatter, which costs a microsecond a call: tables have many cells. */
  static String threeDecimals(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v) || Math.abs(v) >= 1e15) {
      return String.format(Locale.ROOT, "%.3f", v);
    }
    long thousandths = Math.round(Math.abs(v) * 1000);
    long whole = thousandths / 1000;
    int frac = (int) (thousandths % 1000);
    StringBuilder b = new StringBuilder(24);
    if (v < 0 && thousandths != 0) {
      b.append('-');
    }
    b.append(whole).append('.');
    if (frac < 100) {
      b.append('0');
    }
    if (frac < 10) {
      b.append('0');
    }
    return b.append(frac).toString();
  }
}
