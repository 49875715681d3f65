package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;
import java.util.Map;

/**
 * The run page's checklist, from the {@code advisor} section: the counts per status, then one row
 * per finding (status, rule, evidence, fix), warns first.
 */
final class AdvisorView {

  static final String SECTION = "advisor";
  private static final List<String> ORDER = List.of("warn", "missing", "info", "ok", "skip");

  private AdvisorView() {}

  static void write(StringBuilder out, Object section) {
    Fields advisor = Fields.of(section);
    out.append("<h2 id=\"h-advisor\">Advisor</h2><p class=\"advisor-counts\">");
    Fields counts = Fields.of(advisor.raw("counts"));
    for (String status : ORDER) {
      out.append("<span class=\"badge s-").append(status).append("\">")
          .append(counts.longValue(status)).append(' ').append(status).append("</span> ");
    }
    out.append("</p>");
    Table table = new Table(out, "advisor").left("status").left("check").left("evidence").left("fix")
        .sortedBy(0, false).begin();
    for (Fields row : advisor.fieldsList("rows")) {
      String status = String.valueOf(row.string("status"));
      int rank = ORDER.indexOf(status);
      String badge = "<span class=\"badge s-" + Html.escape(status) + "\">" + Html.escape(status)
          + "</span>";
      String title = String.valueOf(row.string("title"));
      table.row().html(String.valueOf(rank < 0 ? ORDER.size() : rank), badge)
          .html(title, Html.escape(title) + " <span class=\"muted\"><code>"
              + Html.escape(String.valueOf(row.string("rule"))) + "</code></span>");
      String evidence = evidence(row.raw("evidence"));
      table.cell(evidence, evidence);
      String fix = row.string("fix") == null ? "" : row.string("fix");
      table.html(fix, fix.isEmpty() ? "" : "<code>" + Html.escape(fix) + "</code>").endRow();
    }
    table.end();
  }

  private static String evidence(Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      return value == null ? "" : String.valueOf(value);
    }
    StringBuilder text = new StringBuilder();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (text.length() > 0) {
        text.append(" · ");
      }
      text.append(e.getKey()).append(": ");
      text.append(e.getValue() instanceof List<?> list
          ? String.join(", ", list.stream().map(String::valueOf).toList()) : e.getValue());
    }
    return text.toString();
  }
}
