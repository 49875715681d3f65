package dev.isutools4j.internal.advise;

import java.util.Locale;

/** Lenient reading of the text values servers report (variables, sysctls, URL properties). */
final class Values {

  private Values() {}

  /** A whole number, or null when absent or not a number. */
  static Long longOrNull(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    if (value == null) {
      return null;
    }
    try {
      return Long.parseLong(value.toString().trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** ON / 1 / TRUE / YES as true, OFF / 0 / FALSE / NO as false, anything else null. */
  static Boolean onOff(Object value) {
    if (value == null) {
      return null;
    }
    return switch (value.toString().trim().toLowerCase(Locale.ROOT)) {
      case "on", "1", "true", "yes" -> Boolean.TRUE;
      case "off", "0", "false", "no" -> Boolean.FALSE;
      default -> null;
    };
  }

  /** Bytes for people: 1.5 GiB. */
  static String bytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
