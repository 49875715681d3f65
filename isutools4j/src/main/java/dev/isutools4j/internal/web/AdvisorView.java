package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.List;
import java.util.Map;

/**
 * The run page's checklist, from the {@code advisor} section: the counts per status, then one row
 * per finding (status, rule, evidence, fix), warns first.
 */
final class AdvisorView {


  private AdvisorView() {}

  static void write(StringBuilder out, AdvisorSection advisor) {
    out.append("<h2 id=\"h-advisor\">Advisor</h2><p class=\"advisor-counts\">");
    for (Status status : Status.values()) {
      out.append("<span class=\"badge s-").append(status.key()).append("\">")
          .append(advisor.counts().of(status)).append(' ').append(status.key()).append("</span> ");
    }
    out.append("</p>");
    Table table = new Table(out, "advisor").left("status").left("check").left("evidence").left("fix")
        .sortedBy(0, false).begin();
    for (Row row : advisor.rows()) {
      // The statuses are declared in checklist order; one this version does not know sorts last.
      int rank = row.status() == null ? Status.values().length : row.status().ordinal();
      String status = row.status() == null ? "unknown" : row.status().key();
      String badge = "<span class=\"badge s-" + Html.escape(status) + "\">" + Html.escape(status)
          + "</span>";
      String title = String.valueOf(row.title());
      table.row().html(String.valueOf(rank), badge)
          .html(title, Html.escape(title) + " <span class=\"muted\"><code>"
              + Html.escape(String.valueOf(row.rule())) + "</code></span>");
      String evidence = evidence(row.evidence());
      table.cell(evidence, evidence);
      String fix = row.fix();
      table.html(fix, fix.isEmpty() ? "" : "<code>" + Html.escape(fix) + "</code>").endRow();
    }
    table.end();
  }

  private static String evidence(Map<String, Object> values) {
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, Object> e : values.entrySet()) {
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
