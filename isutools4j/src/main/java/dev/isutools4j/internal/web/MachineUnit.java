package dev.isutools4j.internal.web;

/** How a number of the machine section reads: its unit, for tables, chart axes and the tooltip. */
enum MachineUnit {
  PERCENT("pct"),
  COUNT("n"),
  RATE("rate"),
  BYTES("b"),
  BYTES_RATE("bps"),
  MS("ms"),
  MS_RATE("msps");

  /** The unit's name for the page script. */
  final String code;

  MachineUnit(String code) {
    this.code = code;
  }

  String format(double value) {
    if (Double.isNaN(value)) {
      return Units.NONE;
    }
    return switch (this) {
      case PERCENT -> Units.percent(value / 100);
      case COUNT -> number(value);
      case RATE -> number(value) + "/s";
      case BYTES -> Units.bytes(Math.round(value));
      case BYTES_RATE -> Units.bytes(Math.round(value)) + "/s";
      case MS -> Units.ms(value);
      case MS_RATE -> Units.ms(value) + "/s";
    };
  }

  /** Whole numbers grouped ({@code 12 345}), small ones with up to two decimals. */
  static String number(double value) {
    if (Math.abs(value) >= 100 || value == Math.rint(value)) {
      return Units.count(Math.round(value));
    }
    return Units.ratio(value);
  }
}
