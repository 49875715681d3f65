package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.List;

/**
 * The run page's checklist, from the {@code advisor} section: the counts per status, then one row
 * per finding (status, rule, evidence with its units, fix), warns first; row {@code i} has the
 * id {@link #anchor}.
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
    List<Row> rows = advisor.rows();
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      // The statuses are declared in checklist order; one this version does not know sorts last.
      int rank = row.status() == null ? Status.values().length : row.status().ordinal();
      String status = row.status() == null ? "unknown" : row.status().key();
      String badge = "<span class=\"badge s-" + Html.escape(status) + "\">" + Html.escape(status)
          + "</span>";
      String title = String.valueOf(row.title());
      table.row(null, null, anchor(i)).html(String.valueOf(rank), badge)
          .html(title, Html.escape(title) + " <span class=\"muted\"><code>"
              + Html.escape(String.valueOf(row.rule())) + "</code></span>");
      String evidence = EvidenceText.of(row.evidence());
      table.cell(evidence, evidence);
      String fix = row.fix();
      table.html(fix, fix.isEmpty() ? "" : "<code>" + Html.escape(fix) + "</code>").endRow();
    }
    table.end();
  }

  /** The id of the row at this index of the section's rows. */
  static String anchor(int index) {
    return "advisor-" + (index + 1);
  }
}
