package dev.isutools4j.internal.web;

import java.util.List;
import java.util.Map;

/**
 * An advisor row's evidence as one line of text for the page: {@code name: value · ...}, each
 * number with its unit as the name says ({@code totalMs} a duration, {@code ...Bytes} a size,
 * {@code ...Pct} a percentage), other numbers grouped, strings and lists as they are (an empty list
 * as a dash). The advisor
 * stores the measured values raw; only their display is formatted, here.
 */
final class EvidenceText {

  private EvidenceText() {}

  static String of(Map<String, Object> evidence) {
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, Object> e : evidence.entrySet()) {
      if (text.length() > 0) {
        text.append(" · ");
      }
      text.append(e.getKey()).append(": ").append(value(e.getKey(), e.getValue()));
    }
    return text.toString();
  }

  static String value(String name, Object value) {
    if (value instanceof List<?> list && list.isEmpty()) {
      return Units.NONE;
    }
    if (value instanceof List<?> list) {
      return String.join(", ", list.stream().map(v -> value(name, v)).toList());
    }
    if (!(value instanceof Number number)) {
      return String.valueOf(value);
    }
    double d = number.doubleValue();
    if (name.endsWith("Ms")) {
      return Units.ms(d);
    }
    if (name.endsWith("Bytes")) {
      return Units.bytes(number.longValue());
    }
    if (name.endsWith("Pct")) {
      return Units.percent(d / 100);
    }
    boolean whole = value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof java.math.BigInteger || d == Math.rint(d) && Math.abs(d) < 1e15;
    return whole ? Units.count(number.longValue()) : Units.ratio(d);
  }
}
