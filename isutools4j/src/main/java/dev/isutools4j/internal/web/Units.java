package dev.isutools4j.internal.web;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Human formatting of durations, sizes, counts and times. No {@code String.format}: these run once
 * per table cell on pages with tens of thousands of cells.
 */
final class Units {

  /** Narrow no-break space (U+202F): the thin space that groups digits and never wraps. */
  static final char THIN = '\u202F';

  /** Shown where there is no value. */
  static final String NONE = "—";

  private static final String[] BYTE_UNITS = {"KiB", "MiB", "GiB", "TiB"};
  private static final DateTimeFormatter LOCAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

  private Units() {}

  /**
   * A duration given in milliseconds: under 1 ms in whole microseconds ({@code 456 µs}), under
   * 10 ms with two decimals ({@code 1.23 ms}), under 1 s with one ({@code 12.3 ms}), else seconds
   * with two ({@code 1.23 s}). The unit is chosen after rounding, so a boundary never shows as
   * {@code 1000 µs} or {@code 1000.0 ms}.
   */
  static String ms(double ms) {
    if (Double.isNaN(ms)) {
      return NONE;
    }
    StringBuilder out = new StringBuilder(12);
    if (ms < 0) {
      out.append('-');
      ms = -ms;
    }
    long us = Math.round(ms * 1000);
    if (us < 1000) {
      return out.append(us).append(" µs").toString();
    }
    // Each branch rounds the value itself, never an already rounded one (1.23456 is 1.23, not 1.24).
    long hundredths = Math.round(ms * 100);
    if (hundredths < 1000) {
      return fixed(out, hundredths, 2).append(" ms").toString();
    }
    long tenths = Math.round(ms * 10);
    if (tenths < 10_000) {
      return fixed(out, tenths, 1).append(" ms").toString();
    }
    return fixed(out, Math.round(ms / 10), 2).append(" s").toString();
  }

  /** A size in bytes: {@code 1023 B}, {@code 1.0 KiB}, ... {@code 1.5 GiB}, with one decimal. */
  static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    double scaled = bytes;
    for (int i = 0; i < BYTE_UNITS.length; i++) {
      scaled /= 1024;
      long tenths = Math.round(scaled * 10);
      if (tenths < 10_240 || i == BYTE_UNITS.length - 1) {
        return fixed(new StringBuilder(12), tenths, 1).append(' ').append(BYTE_UNITS[i]).toString();
      }
    }
    throw new AssertionError("unreachable");
  }

  /** A count with its digits grouped by threes with a thin space: {@code 12 345 678}. */
  static String count(long n) {
    return grouped(new StringBuilder(16), n).toString();
  }

  /** A ratio such as queries per request: two decimals below 100, else a grouped whole number. */
  static String ratio(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return NONE;
    }
    StringBuilder out = new StringBuilder(12);
    if (value < 0) {
      out.append('-');
      value = -value;
    }
    long hundredths = Math.round(value * 100);
    if (hundredths < 10_000) {
      return fixed(out, hundredths, 2).toString();
    }
    return grouped(out, Math.round(value)).toString();
  }

  /** A fraction 0..1 as a percentage with one decimal ({@code 87.5 %}); null shows as a dash. */
  static String percent(Double fraction) {
    if (fraction == null || fraction.isNaN()) {
      return NONE;
    }
    double value = fraction * 100;
    StringBuilder out = new StringBuilder(8);
    if (value < 0) {
      out.append('-');
      value = -value;
    }
    return fixed(out, Math.round(value * 10), 1).append(" %").toString();
  }

  /** A time in this JVM's zone, to the second: {@code 2026-05-01 12:34:56}; null shows as a dash. */
  static String time(Instant instant) {
    return instant == null ? NONE : LOCAL.format(instant);
  }

  /**
   * A run's length, given in seconds: as {@link #ms} below two minutes ({@code 61.00 s}), then in
   * minutes and seconds ({@code 12 min 05 s}), hours and minutes, or days and hours.
   */
  static String seconds(double seconds) {
    if (Double.isNaN(seconds) || seconds < 120) {
      return ms(seconds * 1000);
    }
    long s = Math.round(seconds);
    StringBuilder out = new StringBuilder(16);
    if (s < 7_200) {
      return twoDigits(out.append(s / 60).append(" min "), s % 60).append(" s").toString();
    }
    long minutes = s / 60;
    if (minutes < 48 * 60) {
      return twoDigits(out.append(minutes / 60).append(" h "), minutes % 60).append(" min").toString();
    }
    long hours = minutes / 60;
    return out.append(hours / 24).append(" d ").append(hours % 24).append(" h").toString();
  }

  private static StringBuilder twoDigits(StringBuilder out, long n) {
    return out.append(n < 10 ? "0" : "").append(n);
  }

  /** Appends {@code scaled / 10^decimals} with exactly {@code decimals} digits after the point. */
  private static StringBuilder fixed(StringBuilder out, long scaled, int decimals) {
    long unit = decimals == 1 ? 10 : 100;
    out.append(scaled / unit).append('.');
    long fraction = scaled % unit;
    if (decimals == 2 && fraction < 10) {
      out.append('0');
    }
    return out.append(fraction);
  }

  private static StringBuilder grouped(StringBuilder out, long n) {
    if (n == Long.MIN_VALUE) {
      return out.append(n);
    }
    if (n < 0) {
      out.append('-');
      n = -n;
    }
    String digits = Long.toString(n);
    int lead = digits.length() % 3;
    if (lead == 0) {
      lead = 3;
    }
    out.append(digits, 0, lead);
    for (int i = lead; i < digits.length(); i += 3) {
      out.append(THIN).append(digits, i, i + 3);
    }
    return out;
  }
}
