package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.snapshot.TimelineLines;
import dev.isutools4j.internal.snapshot.TimelineLines.Line;
import dev.isutools4j.internal.snapshot.TimelineLines.Part;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's slowest requests, each a {@code <details>} that opens into its timeline: a line per
 * statement (repeats collapsed, {@link TimelineLines}) with when it started, the app's time before
 * it, its SQL time, rows and fingerprint, and a bar on the request's time axis (inline SVG). The
 * run's slowest first, then each route's slowest that are not among them.
 */
final class TracesView {

  /** Lines shown per timeline; the rest are counted. */
  static final int MAX_LINES = 200;
  /** The width of the time axis in the bars' own units (they stretch to the cell). */
  private static final int AXIS = 1000;

  private TracesView() {}

  static void write(StringBuilder out, TracesSection section, List<SqlRow> sql) {
    List<Request> top = new ArrayList<>();
    Map<String, List<Request>> byRoute = new LinkedHashMap<>();
    for (Request r : section.requests()) {
      if (r.top()) {
        top.add(r);
      } else {
        byRoute.computeIfAbsent(r.method() + " " + r.route(), k -> new ArrayList<>()).add(r);
      }
    }
    if (!section.on()) {
      out.append("<h2 id=\"h-traces\">Slowest requests</h2>");
      RunPage.nothing(out, "off: no request kept (isutools.traces and isutools.traces.per.route are 0)");
      return;
    }
    List<String> kept = new ArrayList<>();
    if (section.top() > 0) {
      kept.add("the " + Units.count(section.top()) + " slowest of the run");
    }
    if (section.perRoute() > 0) {
      kept.add("each route's " + Units.count(section.perRoute()) + " slowest");
    }
    out.append("<h2 id=\"h-traces\">Slowest requests <span class=\"muted\">(")
        .append(Units.count(section.requests().size())).append(" kept: ").append(String.join(" and ", kept))
        .append(")</span></h2>");
    if (section.requests().isEmpty()) {
      RunPage.nothing(out, "no requests recorded in this run");
      return;
    }
    out.append("<p class=\"muted\">Open a request for its timeline: each statement (repeats in a row or"
        + " in a loop collapsed into one line with their count), the time in the app before it, and"
        + " where it ran on the request's time axis.</p>");
    Map<String, String> samples = new HashMap<>();
    for (SqlRow row : sql) {
      samples.put(row.fingerprint(), row.sample());
    }
    int[] id = {0};
    out.append("<div class=\"traces\" id=\"traces-top\">");
    for (int i = 0; i < top.size(); i++) {
      request(out, top.get(i), "#" + (i + 1), ++id[0], samples);
    }
    out.append("</div>");
    if (!byRoute.isEmpty()) {
      out.append("<h3 id=\"h-traces-routes\">Each route's slowest"
          + " <span class=\"muted\">(those not among the run's slowest above)</span></h3>");
      out.append("<div class=\"traces\" id=\"traces-routes\">");
      byRoute.forEach((route, requests) -> {
        for (int i = 0; i < requests.size(); i++) {
          request(out, requests.get(i), route + " #" + (i + 1), ++id[0], samples);
        }
      });
      out.append("</div>");
    }
  }

  private static void request(StringBuilder out, Request r, String rank, int id,
      Map<String, String> samples) {
    double axis = axis(r);
    out.append("<details class=\"trace\" id=\"trace-").append(id).append("\"><summary>");
    out.append("<span class=\"trace-rank\">");
    Html.escape(out, rank).append("</span><span class=\"trace-ms\">").append(Units.ms(r.totalMs()))
        .append("</span><code class=\"trace-path\">");
    Html.escape(out, r.method()).append(' ');
    Html.escape(out, r.path()).append("</code>");
    out.append("<span class=\"trace-status").append(r.status() >= 500 ? " fail" : "").append("\">")
        .append(r.status()).append("</span>");
    out.append("<span class=\"muted trace-facts\">").append(Units.count(r.statements()))
        .append(r.statements() == 1 ? " statement" : " statements").append(", SQL ")
        .append(Units.ms(r.sqlMs()));
    if (r.totalMs() > 0) {
      out.append(" (").append(Units.percent(Math.min(1, r.sqlMs() / r.totalMs()))).append(')');
    }
    out.append(" · at ").append(Units.ms(r.startMs())).append(" into the run · ")
        .append(Units.bytes(r.bytes())).append(" · ");
    Html.escape(out, r.thread()).append("</span>");
    overview(out, r.timeline(), axis);
    out.append("</summary><div class=\"trace-body\"><p class=\"muted\">route <code>");
    Html.escape(out, r.method() + " " + r.route()).append("</code>; SQL ").append(Units.ms(r.sqlMs()))
        .append(", the app's own time ").append(Units.ms(r.appMs()));
    if (r.dropped() > 0) {
      out.append("; <span class=\"trace-dropped\">").append(Units.count(r.dropped()))
          .append(" more statements beyond the timeline's limit not kept</span>");
    }
    out.append("</p>");
    if (r.timeline().isEmpty()) {
      out.append("<p class=\"muted empty-section\">no SQL: all of its time was the app's own</p>");
    } else {
      timeline(out, r, axis, samples);
    }
    out.append("</div></details>");
  }

  /** The request's time axis: its total time, or longer if a statement ended after it. */
  private static double axis(Request r) {
    double axis = r.totalMs();
    for (Statement s : r.timeline()) {
      axis = Math.max(axis, s.endMs());
    }
    return axis > 0 ? axis : 1;
  }

  private static void timeline(StringBuilder out, Request r, double axis, Map<String, String> samples) {
    List<Statement> statements = r.timeline();
    List<Line> lines = TimelineLines.of(statements);
    out.append("<table class=\"timeline\"><thead><tr><th class=\"r\">at</th>")
        .append("<th class=\"r\" title=\"time in the app's own code since the previous statement ended\">app before</th>")
        .append("<th class=\"r\">SQL</th><th class=\"r\">rows</th><th>statement</th>")
        .append("<th class=\"tcol\">on the request's time axis</th></tr></thead><tbody>");
    double ended = 0;
    int shown = Math.min(lines.size(), MAX_LINES);
    for (int i = 0; i < shown; i++) {
      Line line = lines.get(i);
      Statement first = statements.get(line.from());
      out.append("<tr class=\"").append(line.collapsed() ? "tline rep" : "tline").append("\">");
      out.append("<td class=\"r\">").append(Units.ms(first.startMs())).append("</td>");
      out.append("<td class=\"r\">").append(Units.ms(Math.max(0, first.startMs() - ended))).append("</td>");
      out.append("<td class=\"r\">").append(Units.ms(line.sqlMs())).append("</td>");
      long rows = line.parts().stream().mapToLong(Part::rows).sum();
      out.append("<td class=\"r\">").append(Units.count(rows)).append("</td><td class=\"sql\">");
      if (line.collapsed()) {
        repeat(out, line, statements);
      } else {
        statement(out, first, samples);
      }
      out.append("</td><td class=\"tcol\">");
      bars(out, statements, line.from(), line.to(), axis);
      out.append("</td></tr>");
      for (int s = line.from(); s < line.to(); s++) {
        ended = Math.max(ended, statements.get(s).endMs());
      }
    }
    if (shown < lines.size()) {
      int hidden = lines.get(lines.size() - 1).to() - lines.get(shown).from();
      out.append("<tr class=\"empty\"><td colspan=\"6\">").append(Units.count(hidden))
          .append(" more statements not shown: only the first ").append(MAX_LINES).append(" lines</td></tr>");
    } else {
      out.append("<tr class=\"tend\"><td class=\"r\">").append(Units.ms(ended)).append("</td><td class=\"r\">")
          .append(Units.ms(Math.max(0, r.totalMs() - ended)))
          .append("</td><td></td><td></td><td class=\"muted\">after the last statement, to the response's end</td><td></td></tr>");
    }
    out.append("</tbody></table>");
  }

  private static void statement(StringBuilder out, Statement s, Map<String, String> samples) {
    out.append("<code class=\"fp\">");
    Html.escape(out, s.fingerprint() == null ? Units.NONE : s.fingerprint()).append("</code>");
    if (s.items() > 1) {
      out.append(" <span class=\"badge s-info\">batch of ").append(Units.count(s.items())).append("</span>");
    }
    if (s.failed()) {
      out.append(" <span class=\"badge fail-badge\">failed</span>");
    }
    String sample = s.sample() != null ? s.sample() : samples.get(s.fingerprint());
    if (sample != null && !sample.isEmpty()) {
      out.append("<details><summary>").append(s.sample() != null ? "with its values" : "the fingerprint's sample")
          .append("</summary><code class=\"sample\">");
      Html.escape(out, sample).append("</code></details>");
    }
  }

  private static void repeat(StringBuilder out, Line line, List<Statement> statements) {
    Statement first = statements.get(line.from());
    Statement last = statements.get(line.to() - 1);
    out.append("<span class=\"badge rep\" title=\"").append(line.parts().size() == 1
        ? "this statement ran this many times in a row" : "this sequence of statements ran this many times in a row")
        .append("\">× ").append(Units.count(line.repeats())).append("</span> <span class=\"muted\">")
        .append(Units.count(line.statements())).append(" statements over ")
        .append(Units.ms(last.endMs() - first.startMs())).append("</span>");
    out.append("<ul class=\"rep-parts\">");
    for (Part part : line.parts()) {
      out.append("<li><code class=\"fp\">");
      Html.escape(out, part.fingerprint() == null ? Units.NONE : part.fingerprint())
          .append("</code> <span class=\"rep-count\">× ").append(Units.count(part.count())).append("</span>, ")
          .append(Units.ms(part.ms())).append("</li>");
    }
    out.append("</ul>");
  }

  /** Statements {@code [from, to)} as bars on the request's time axis, one rect each. */
  private static void bars(StringBuilder out, List<Statement> statements, int from, int to, double axis) {
    svg(out, "tbar");
    for (int i = from; i < to; i++) {
      Statement s = statements.get(i);
      out.append("<rect").append(s.failed() ? " class=\"failed\"" : "").append(" x=\"").append(x(s, axis))
          .append("\" y=\"1\" width=\"").append(width(s, axis)).append("\" height=\"8\"/>");
    }
    out.append("</svg>");
  }

  /** Every statement of the request at a glance, as one path: small, whatever the statements. */
  private static void overview(StringBuilder out, List<Statement> statements, double axis) {
    svg(out, "tbar overview");
    if (!statements.isEmpty()) {
      out.append("<path class=\"st\" d=\"");
      for (Statement s : statements) {
        String width = width(s, axis);
        out.append('M').append(x(s, axis)).append(" 1h").append(width).append("v8h-").append(width).append('z');
      }
      out.append("\"/>");
    }
    out.append("</svg>");
  }

  private static void svg(StringBuilder out, String cls) {
    out.append("<svg class=\"").append(cls).append("\" viewBox=\"0 0 ").append(AXIS)
        .append(" 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\"><rect class=\"axis\" x=\"0\" y=\"0\" width=\"")
        .append(AXIS).append("\" height=\"10\"/>");
  }

  private static String x(Statement s, double axis) {
    return round(s.startMs() / axis * AXIS);
  }

  private static String width(Statement s, double axis) {
    return round(Math.max(s.durationMs() / axis * AXIS, 1));
  }

  private static String round(double value) {
    return Double.toString(Math.round(value * 10) / 10.0);
  }
}
