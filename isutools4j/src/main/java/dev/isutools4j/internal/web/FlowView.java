package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run page's user flow: a line of counts, the transitions drawn ({@link FlowChart}), the
 * routes sessions began and ended on, the most frequent paths, and every listed transition in a
 * collapsed table. A run with nothing to draw gets one line saying why.
 */
final class FlowView {

  static final String ANCHOR = "h-flow";

  private FlowView() {}

  static void write(StringBuilder out, Optional<FlowSection> section) {
    out.append("<h2 id=\"").append(ANCHOR).append("\">User flow");
    if (section.isPresent() && section.get().sessions() > 0) {
      FlowSection f = section.get();
      out.append(" <span class=\"muted\">(").append(Units.count(f.sessions())).append(" sessions, ")
          .append(Units.count(f.transitionCount())).append(" transitions)</span>");
    }
    out.append("</h2>");
    String why = empty(section);
    if (why != null) {
      out.append("<p class=\"muted empty-section\" id=\"flow-empty\">");
      Html.escape(out, why).append("</p>");
      return;
    }
    FlowSection flow = section.get();
    summary(out, flow);
    if (flow.transitions().isEmpty()) {
      out.append("<p class=\"muted\" id=\"flow-no-transitions\">every session was one request"
          + " long: no transitions to draw</p>");
    } else {
      out.append("<figure class=\"flow\">");
      FlowChart.write(out, flow.transitions(), flow.transitionCount());
      out.append("<figcaption class=\"muted\">each band: a session's request followed by its next,"
          + " as wide as how often; colour: the second request's status (<span class=\"key s2\">2xx"
          + "</span> <span class=\"key s3\">3xx</span> <span class=\"key s4\">4xx</span> <span"
          + " class=\"key s5\">5xx</span>)");
      if (flow.transitions().size() > FlowChart.SHOWN) {
        out.append("; the ").append(FlowChart.SHOWN).append(" most frequent of ")
            .append(Units.count(flow.transitions().size())).append(" drawn");
      }
      out.append("</figcaption></figure>");
    }
    entriesAndExits(out, flow);
    paths(out, flow);
    if (!flow.transitions().isEmpty()) {
      transitions(out, flow);
    }
  }

  /** Why there is nothing to show, or null when there is. */
  static String empty(Optional<FlowSection> section) {
    if (section.isEmpty()) {
      return "not followed: no flow section in this run (saved before the user flow was recorded,"
          + " or by a host with no app JVM)";
    }
    FlowSection f = section.get();
    if (f.off()) {
      return "not followed: the user flow is off (isutools.flow.cookies=off)";
    }
    if (f.sessions() == 0) {
      if (f.withoutSession() == 0 && f.dropped() == 0) {
        return "no sessions: no HTTP requests in this run";
      }
      return "no session seen: none of the run's " + Units.count(f.withoutSession())
          + " requests carried or was given a cookie named " + String.join(", ", f.cookies())
          + " (set isutools.flow.cookies to the app's session cookie)";
    }
    return null;
  }

  private static void summary(StringBuilder out, FlowSection f) {
    out.append("<p id=\"flow-summary\">").append(Units.count(f.sessions())).append(" sessions, ")
        .append(Units.count(f.requests())).append(" requests in them: per session mean ")
        .append(Units.ratio(f.perSession().mean())).append(", median ")
        .append(Units.count(f.perSession().p50())).append(", max ")
        .append(Units.count(f.perSession().max())).append(" · ")
        .append(Units.count(f.withoutSession())).append(" requests without a session · <span title=\"");
    Html.escape(out, "isutools.flow.cookies: " + String.join(", ", f.cookies())).append("\">cookies ");
    List<String> named = f.cookies().subList(0, Math.min(3, f.cookies().size()));
    Html.escape(out, String.join(", ", named));
    if (f.cookies().size() > named.size()) {
      out.append(" and ").append(f.cookies().size() - named.size()).append(" more");
    }
    out.append("</span>");
    if (f.evicted() > 0) {
      out.append(" · <span class=\"flow-warn\">").append(Units.count(f.evicted()))
          .append(" sessions ended early to make room (isutools.flow.sessions)</span>");
    }
    if (f.dropped() > 0) {
      out.append(" · <span class=\"flow-warn\">").append(Units.count(f.dropped()))
          .append(" requests not counted: the flow thread fell behind</span>");
    }
    out.append("</p>");
  }

  private static void entriesAndExits(StringBuilder out, FlowSection f) {
    Map<String, long[]> byRoute = new LinkedHashMap<>();
    for (RouteCount c : f.entries()) {
      byRoute.computeIfAbsent(c.route(), r -> new long[2])[0] = c.count();
    }
    for (RouteCount c : f.exits()) {
      byRoute.computeIfAbsent(c.route(), r -> new long[2])[1] = c.count();
    }
    out.append("<h3>Where sessions began and ended</h3>");
    Table table = new Table(out, "flow-ends").left("route")
        .column("began", Table.Align.RIGHT, "sessions whose first request this was")
        .column("ended", Table.Align.RIGHT, "sessions whose last request this was")
        .sortedBy(1, true).begin();
    for (Map.Entry<String, long[]> e : byRoute.entrySet()) {
      table.row().cell(e.getKey(), e.getKey());
      table.cell(e.getValue()[0], Units.count(e.getValue()[0]));
      table.cell(e.getValue()[1], Units.count(e.getValue()[1]));
      table.endRow();
    }
    table.end();
  }

  private static void paths(StringBuilder out, FlowSection f) {
    out.append("<h3>Most frequent paths <span class=\"muted\">(3 to 5 requests in a row of one"
        + " session)</span></h3>");
    if (f.paths().isEmpty()) {
      out.append("<p class=\"muted\" id=\"flow-no-paths\">no session made three requests</p>");
      return;
    }
    Table table = new Table(out, "flow-paths").left("path").right("count").sortedBy(1, true).begin();
    for (Path p : f.paths()) {
      String text = String.join(" → ", p.routes());
      table.row().cell(text, text).cell(p.count(), Units.count(p.count())).endRow();
    }
    table.end();
    if (f.untrackedPaths() > 0) {
      out.append("<p class=\"muted\">").append(Units.count(f.untrackedPaths()))
          .append(" runs of requests not counted: their path came after the cap on distinct paths</p>");
    }
  }

  private static void transitions(StringBuilder out, FlowSection f) {
    long all = f.transitionCount();
    out.append("<details id=\"flow-transitions-all\"><summary>every transition (")
        .append(Units.count(f.transitions().size())).append(")</summary>");
    Table table = new Table(out, "flow-transitions").left("from").left("to")
        .column("status", Table.Align.RIGHT, "the status of the second request")
        .right("count").column("share", Table.Align.RIGHT, "of all transitions of the run")
        .sortedBy(3, true).begin();
    for (Transition t : f.transitions()) {
      table.row().cell(t.from(), t.from()).cell(t.to(), t.to())
          .cell(t.status(), Integer.toString(t.status())).cell(t.count(), Units.count(t.count()))
          .cell((double) t.count() / all, Units.percent((double) t.count() / all)).endRow();
    }
    table.end();
    out.append("</details>");
    if (f.otherTransitions() > 0) {
      out.append("<p class=\"muted\">").append(Units.count(f.otherTransitions()))
          .append(" transitions not listed: beyond the ").append(FlowSection.KEPT_TRANSITIONS)
          .append(" most frequent, or the distinct ones followed in memory</p>");
    }
  }
}
