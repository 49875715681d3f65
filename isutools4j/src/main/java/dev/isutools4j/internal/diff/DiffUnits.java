package dev.isutools4j.internal.diff;

/** Short, plain formatting of milliseconds for sentences: {@code 450 s}, {@code 2 ms}, {@code 0.1 ms}. */
public final class DiffUnits {

  private DiffUnits() {}

  /** Milliseconds as text, trailing zeros dropped: µs-range values as fractions of a ms. */
  public static String ms(double ms) {
    if (Double.isNaN(ms)) {
      return "—";
    }
    String sign = ms < 0 ? "-" : "";
    double a = Math.abs(ms);
    if (a >= 1000) {
      return sign + trim(a / 1000, a >= 10_000 ? 0 : 1) + " s";
    }
    if (a >= 10) {
      return sign + trim(a, 0) + " ms";
    }
    if (a >= 1) {
      return sign + trim(a, 1) + " ms";
    }
    return sign + trim(a, 3) + " ms";
  }

  /** A fraction 0..1 as a percentage: whole from 10 % up ({@code 42%}), one decimal below ({@code 3.5%}). */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "—";
    }
    double value = fraction * 100;
    return trim(value, Math.abs(value) >= 10 ? 0 : 1) + "%";
  }

  /** The number with at most {@code decimals} decimals, trailing zeros dropped. */
  static String trim(double value, int decimals) {
    long scale = 1;
    for (int i = 0; i < decimals; i++) {
      scale *= 10;
    }
    long scaled = Math.round(value * scale);
    long whole = scaled / scale;
    long fraction = Math.abs(scaled % scale);
    if (fraction == 0) {
      return Long.toString(whole);
    }
    StringBuilder digits = new StringBuilder(Long.toString(fraction));
    while (digits.length() < decimals) {
      digits.insert(0, '0');
    }
    while (digits.charAt(digits.length() - 1) == '0') {
      digits.setLength(digits.length() - 1);
    }
    return (scaled < 0 && whole == 0 ? "-" : "") + whole + "." + digits;
  }

  /** Three decimals, as the run document writes milliseconds. */
  static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
