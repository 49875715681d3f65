package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run across hosts' machine charts: CPU busy and network (in + out) with one line per host on
 * one time axis. Each host's sample times are put on the hub's clock (its {@code t} minus the
 * host's {@code clockOffsetMs}), so hosts whose clocks disagree still line up. The numbers behind
 * the lines are inlined as JSON ({@code hosts-data}: per host its times in seconds from the chart's
 * origin, CPU busy in percent and network in bytes per second) for the hover readout.
 */
final class HostCharts {

  /** The id of the inline JSON element the hover script reads. */
  static final String DATA = "hosts-data";

  private record Line(String host, double[] seconds, double[] cpu, double[] network) {}

  private HostCharts() {}

  static void write(StringBuilder out, List<HostInfo> hosts, Map<String, Snapshot> parts) {
    List<String> unsampled = new ArrayList<>();
    List<HostInfo> sampled = new ArrayList<>();
    double origin = Double.POSITIVE_INFINITY;
    double end = Double.NEGATIVE_INFINITY;
    for (HostInfo host : hosts) {
      List<Sample> series = series(parts.get(host.name()));
      if (series.isEmpty()) {
        if (host.hasPart()) {
          unsampled.add(host.name());
        }
        continue;
      }
      sampled.add(host);
      double offset = offset(host);
      origin = Math.min(origin, series.get(0).t() - offset);
      end = Math.max(end, series.get(series.size() - 1).t() - offset);
    }
    if (sampled.isEmpty()) {
      out.append("<p class=\"muted\" id=\"hosts-no-samples\">no host sampled its machine in this run</p>");
      return;
    }
    List<Line> lines = new ArrayList<>(sampled.size());
    for (HostInfo host : sampled) {
      lines.add(line(host, series(parts.get(host.name())), origin));
    }
    double span = Math.max((end - origin) / 1000.0, 1);
    out.append("<p class=\"muted\">times on the hub's clock: each host's samples moved by its"
        + " clock offset</p><div class=\"mcharts\">");
    chart(out, new MachineMetrics.Chart("host-cpu", "CPU busy per host", MachineUnit.PERCENT, 100,
        List.of()), lines, span, true);
    chart(out, new MachineMetrics.Chart("host-network", "network per host (in + out)",
        MachineUnit.BYTES_RATE, Double.NaN, List.of()), lines, span, false);
    out.append("</div>");
    if (!unsampled.isEmpty()) {
      out.append("<p class=\"muted\" id=\"hosts-unsampled\">no machine samples from ");
      Html.escape(out, String.join(", ", unsampled)).append("</p>");
    }
    data(out, lines, span);
    out.append("<script>\n").append(Assets.HOSTS_SCRIPT).append("</script>");
  }

  /** The host's clock minus the hub's; 0 when it was not measured. */
  static double offset(HostInfo host) {
    return Double.isNaN(host.clockOffsetMs()) ? 0 : host.clockOffsetMs();
  }

  private static List<Sample> series(Snapshot part) {
    if (part == null) {
      return List.of();
    }
    return part.section(MachineSection.class).filter(MachineSection::supported)
        .map(MachineSection::series).orElse(List.of());
  }

  private static Line line(HostInfo host, List<Sample> series, double origin) {
    int n = series.size();
    double offset = offset(host);
    double[] seconds = new double[n];
    double[] cpu = new double[n];
    double[] network = new double[n];
    for (int i = 0; i < n; i++) {
      Sample s = series.get(i);
      seconds[i] = (s.t() - offset - origin) / 1000.0;
      cpu[i] = s.value(MachineMetric.CPU_BUSY);
      double in = s.value(MachineMetric.NET_IN);
      double outBytes = s.value(MachineMetric.NET_OUT);
      network[i] = Double.isNaN(in) ? outBytes : Double.isNaN(outBytes) ? in : in + outBytes;
    }
    return new Line(host.name(), seconds, cpu, network);
  }

  private static void chart(StringBuilder out, MachineMetrics.Chart chart, List<Line> lines,
      double span, boolean cpu) {
    out.append("<figure class=\"mchart hostchart\" id=\"chart-").append(chart.id())
        .append("\" data-series=\"").append(cpu ? "cpu" : "net").append("\"><figcaption>");
    Html.escape(out, chart.title());
    double[][] seconds = new double[lines.size()][];
    double[][] values = new double[lines.size()][];
    for (int i = 0; i < lines.size(); i++) {
      Line line = lines.get(i);
      seconds[i] = line.seconds();
      values[i] = cpu ? line.cpu() : line.network();
      out.append("<span class=\"key\" style=\"--c:")
          .append(TimeChart.COLORS[i % TimeChart.COLORS.length]).append("\" data-host=\"");
      Html.escape(out, line.host()).append("\">");
      Html.escape(out, line.host()).append("</span>");
    }
    out.append("<span class=\"readout\"></span></figcaption>");
    TimeChart.write(out, chart, seconds, span, values, chart.max());
    out.append("</figure>");
  }

  private static void data(StringBuilder out, List<Line> lines, double span) {
    StringBuilder json = new StringBuilder(256 + lines.size() * 1_024);
    MachineCharts.number(json.append("{\"span\":"), span).append(",\"hosts\":{");
    for (int i = 0; i < lines.size(); i++) {
      Line line = lines.get(i);
      json.append(i == 0 ? "" : ",");
      string(json, line.host()).append(":{\"t\":");
      array(json, line.seconds()).append(",\"cpu\":");
      array(json, line.cpu()).append(",\"net\":");
      array(json, line.network()).append('}');
    }
    json.append("}}");
    out.append("<script type=\"application/json\" id=\"").append(DATA).append("\">");
    Html.scriptJson(out, json.toString()).append("</script>");
  }

  private static StringBuilder array(StringBuilder out, double[] values) {
    out.append('[');
    for (int i = 0; i < values.length; i++) {
      MachineCharts.number(i == 0 ? out : out.append(','), values[i]);
    }
    return out.append(']');
  }

  /** A JSON string: host names are the user's, so quotes, backslashes and controls are escaped. */
  private static StringBuilder string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"');
  }
}
