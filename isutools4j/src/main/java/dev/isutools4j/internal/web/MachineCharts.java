package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The machine section's time charts: one small chart per group (CPU, requests, p95, SQL, memory,
 * network, disk, GC, pool) on one shared time axis, and the data the page script reads for the
 * hover readout. Self-contained: everything is inline, so a saved page works from disk.
 */
final class MachineCharts {

  private MachineCharts() {}

  /** Writes the charts of {@code series} (the section's samples); {@code poolNote} replaces the
   * pool chart when the pool is not visible (null otherwise). */
  static void write(StringBuilder out, List<Sample> series, String poolNote) {
    int n = series.size();
    if (n == 0) {
      out.append("<p class=\"muted\">no samples in this run</p>");
      return;
    }
    double[] seconds = new double[n];
    long t0 = series.get(0).t();
    for (int i = 0; i < n; i++) {
      seconds[i] = (series.get(i).t() - t0) / 1000.0;
    }
    double span = Math.max(seconds[n - 1], 1);
    Set<MachineMetric> drawn = EnumSet.noneOf(MachineMetric.class);
    out.append("<div class=\"mcharts\">");
    for (MachineMetrics.Chart chart : MachineMetrics.CHARTS) {
      out.append("<figure class=\"mchart\" id=\"chart-").append(chart.id()).append("\"><figcaption>");
      Html.escape(out, chart.title());
      if (chart.id().equals("pool") && poolNote != null) {
        out.append(" <span class=\"note\">");
        Html.escape(out, poolNote).append("</span></figcaption></figure>");
        continue;
      }
      double[][] values = new double[chart.lines().size()][];
      for (int line = 0; line < values.length; line++) {
        MachineMetrics.Line m = chart.lines().get(line);
        values[line] = column(series, m.metric());
        drawn.add(m.metric());
        out.append("<span class=\"key\" style=\"--c:")
            .append(TimeChart.COLORS[line % TimeChart.COLORS.length]).append("\" data-key=\"")
            .append(m.metric().key()).append("\">");
        Html.escape(out, m.label()).append("</span>");
      }
      out.append("<span class=\"readout\"></span></figcaption>");
      TimeChart.write(out, chart, seconds, span, values, chart.max());
      out.append("</figure>");
    }
    out.append("</div>");
    data(out, series, seconds, span, drawn);
    out.append("<script>\n").append(Assets.MACHINE_SCRIPT).append("</script>");
  }

  /** One number of every sample; NaN where a sample lacks it. */
  static double[] column(List<Sample> series, MachineMetric metric) {
    double[] out = new double[series.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = series.get(i).value(metric);
    }
    return out;
  }

  /** The numbers the page script shows on hover, as JSON in an inert script element. */
  private static void data(StringBuilder out, List<Sample> series, double[] seconds, double span,
      Set<MachineMetric> drawn) {
    out.append("<script type=\"application/json\" id=\"machine-data\">{\"span\":");
    number(out, span).append(",\"t\":[");
    for (int i = 0; i < seconds.length; i++) {
      number(i == 0 ? out : out.append(','), seconds[i]);
    }
    out.append("],\"v\":{");
    boolean first = true;
    for (MachineMetrics.Chart chart : MachineMetrics.CHARTS) {
      for (MachineMetrics.Line m : chart.lines()) {
        if (!drawn.remove(m.metric())) {
          continue; // not drawn, or written already
        }
        out.append(first ? "\"" : ",\"").append(m.metric().key()).append("\":[");
        first = false;
        for (int i = 0; i < series.size(); i++) {
          if (i > 0) {
            out.append(',');
          }
          number(out, series.get(i).value(m.metric()));
        }
        out.append(']');
      }
    }
    out.append("}}</script>");
  }

  /** A JSON number: whole values without a fraction, others to three decimals. */
  static StringBuilder number(StringBuilder out, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return out.append("null");
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return out.append((long) v);
    }
    return out.append(Math.round(v * 1000) / 1000.0);
  }
}
