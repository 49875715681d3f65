package dev.isutools4j.internal.web;

/**
 * One small inline SVG line chart over time. Every chart of a page has the same size and is given
 * the same time span, so their x axes line up. Lines longer than twice the plot's width in pixels
 * are thinned to each pixel column's lowest and highest value, which keeps peaks and keeps a page
 * of 3,600 samples quick to write and to draw. A gap in the data (NaN) breaks the line.
 */
final class TimeChart {

  static final int WIDTH = 560;
  static final int HEIGHT = 150;
  static final int LEFT = 64;
  static final int RIGHT = 16;
  static final int TOP = 8;
  static final int BOTTOM = 20;
  static final int PLOT_WIDTH = WIDTH - LEFT - RIGHT;
  static final int PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
  static final String[] COLORS = {"#1f6fb4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"};
  private static final double[] STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
      7200, 14400};

  private TimeChart() {}

  /**
   * Writes the {@code <svg>}.
   *
   * @param seconds each sample's time since the first one
   * @param span the time axis' length in seconds (shared by the page's charts)
   * @param values one array per line, aligned with {@code seconds}
   * @param max the y axis' top, or NaN to fit the data
   */
  static void write(StringBuilder out, MachineMetrics.Chart chart, double[] seconds, double span,
      double[][] values, double max) {
    double[][] times = new double[values.length][];
    java.util.Arrays.fill(times, seconds);
    write(out, chart, times, span, values, max);
  }

  /**
   * Writes the {@code <svg>} of lines that each have their own sample times, such as one line per
   * host of a run across hosts.
   *
   * @param seconds per line, each sample's time since the chart's origin
   */
  static void write(StringBuilder out, MachineMetrics.Chart chart, double[][] seconds, double span,
      double[][] values, double max) {
    double top = !Double.isNaN(max) ? max
        : chart.unit() == MachineUnit.BYTES || chart.unit() == MachineUnit.BYTES_RATE
            ? binaryCeiling(peak(values)) : niceCeiling(peak(values));
    out.append("<svg class=\"mchart\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
        .append("\" data-chart=\"").append(chart.id()).append("\" data-unit=\"")
        .append(chart.unit().code).append("\" data-x0=\"").append(LEFT).append("\" data-w=\"")
        .append(PLOT_WIDTH).append("\" role=\"img\" aria-label=\"");
    Html.escape(out, chart.title()).append(" over time\">");
    yAxis(out, chart.unit(), top);
    xAxis(out, span);
    for (int line = 0; line < values.length; line++) {
      polyline(out, seconds[line], values[line], span, top, COLORS[line % COLORS.length]);
    }
    out.append("<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"").append(TOP).append("\" y2=\"")
        .append(TOP + PLOT_HEIGHT).append("\" visibility=\"hidden\"/>");
    out.append("<rect class=\"hover\" x=\"").append(LEFT).append("\" y=\"").append(TOP)
        .append("\" width=\"").append(PLOT_WIDTH).append("\" height=\"").append(PLOT_HEIGHT)
        .append("\"/></svg>");
  }

  private static void yAxis(StringBuilder out, MachineUnit unit, double top) {
    for (int i = 0; i <= 2; i++) {
      double value = top * i / 2;
      double y = TOP + PLOT_HEIGHT - PLOT_HEIGHT * i / 2.0;
      out.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(LEFT + PLOT_WIDTH)
          .append("\" y1=\"");
      coord(out, y).append("\" y2=\"");
      coord(out, y).append("\"/><text class=\"ylabel\" x=\"").append(LEFT - 4).append("\" y=\"");
      coord(out, y + 4).append("\">");
      Html.escape(out, unit.format(value)).append("</text>");
    }
  }

  private static void xAxis(StringBuilder out, double span) {
    double step = STEPS[STEPS.length - 1];
    for (double s : STEPS) {
      if (span / s <= 6) {
        step = s;
        break;
      }
    }
    for (double t = 0; t <= span + 1e-9; t += step) {
      double x = LEFT + PLOT_WIDTH * t / span;
      out.append("<text class=\"xlabel\" x=\"");
      coord(out, x).append("\" y=\"").append(HEIGHT - 5).append("\">");
      time(out, t).append("</text>");
    }
  }

  private static void polyline(StringBuilder out, double[] seconds, double[] values, double span,
      double top, String color) {
    boolean thin = seconds.length > 2 * PLOT_WIDTH;
    boolean open = false;
    int column = -1;
    double low = 0;
    double high = 0;
    int lowAt = 0;
    int highAt = 0;
    for (int i = 0; i <= seconds.length; i++) {
      boolean end = i == seconds.length;
      double v = end ? Double.NaN : values[i];
      int col = end ? -2 : (int) (PLOT_WIDTH * seconds[i] / span);
      if (thin && column >= 0 && (col != column || Double.isNaN(v))) {
        // Flush the column: its lowest and highest points, in time order.
        point(out, seconds[Math.min(lowAt, highAt)], Math.min(lowAt, highAt) == lowAt ? low : high, span, top);
        if (lowAt != highAt) {
          point(out, seconds[Math.max(lowAt, highAt)], Math.max(lowAt, highAt) == lowAt ? low : high, span, top);
        }
        column = -1;
      }
      if (Double.isNaN(v)) {
        if (open) {
          out.append("\"/>");
          open = false;
        }
        continue;
      }
      if (!open) {
        out.append("<polyline class=\"line\" stroke=\"").append(color).append("\" points=\"");
        open = true;
      }
      if (!thin) {
        point(out, seconds[i], v, span, top);
      } else if (column < 0) {
        column = col;
        low = v;
        high = v;
        lowAt = i;
        highAt = i;
      } else {
        if (v < low) {
          low = v;
          lowAt = i;
        }
        if (v > high) {
          high = v;
          highAt = i;
        }
      }
    }
  }

  private static void point(StringBuilder out, double t, double v, double span, double top) {
    double x = LEFT + PLOT_WIDTH * t / span;
    double y = TOP + PLOT_HEIGHT - PLOT_HEIGHT * Math.min(Math.max(v / top, 0), 1);
    coord(out, x).append(',');
    coord(out, y).append(' ');
  }

  static double peak(double[][] values) {
    double peak = 0;
    for (double[] line : values) {
      for (double v : line) {
        if (v > peak) {
          peak = v;
        }
      }
    }
    return peak;
  }

  /** The smallest 1, 2, 2.5 or 5 times a power of ten at or above {@code value} (1 for 0). */
  static double niceCeiling(double value) {
    if (!(value > 0)) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * power >= value * (1 - 1e-12)) {
        return m * power;
      }
    }
    return 10 * power;
  }

  /** The smallest power of two times a power of 1024 at or above {@code value} (1 KiB for 0). */
  static double binaryCeiling(double value) {
    if (!(value > 1024)) {
      return 1024;
    }
    double base = Math.pow(1024, Math.floor(Math.log(value) / Math.log(1024)));
    double m = 1;
    while (m * base < value * (1 - 1e-12)) {
      m *= 2;
    }
    return m * base;
  }

  /** {@code 45 s} under two minutes, else {@code 12:05}. */
  static StringBuilder time(StringBuilder out, double seconds) {
    long s = Math.round(seconds);
    if (s < 120) {
      return out.append(s).append(" s");
    }
    out.append(s / 60).append(':');
    return out.append(s % 60 < 10 ? "0" : "").append(s % 60);
  }

  /** One decimal at most: SVG coordinates in a fraction of a pixel are plenty. */
  static StringBuilder coord(StringBuilder out, double v) {
    long tenths = Math.round(v * 10);
    if (tenths < 0) {
      out.append('-');
      tenths = -tenths;
    }
    out.append(tenths / 10);
    if (tenths % 10 != 0) {
      out.append('.').append(tenths % 10);
    }
    return out;
  }
}
