package dev.isutools4j.internal.web;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes one sortable table straight into the page's builder.
 *
 * <p>Every body cell gets its raw value in {@code data-sort} so that the page script sorts by the
 * exact number, never by the formatted text. A totals row goes in {@code <tfoot>}, which the script
 * leaves alone, so it stays last whatever the order.
 *
 * <p>Use: declare the columns, {@link #begin}, then {@link #row} / cells / {@link #endRow} per row,
 * optionally {@link #totals} and its cells, then {@link #end}.
 */
final class Table {

  enum Align { LEFT, RIGHT, CENTER }

  private record Column(String header, Align align, String title) {}

  private final StringBuilder out;
  private final String id;
  private final List<Column> columns = new ArrayList<>();
  private int sortedColumn = -1;
  private boolean sortedDescending;
  private int cell;
  private int rows;
  private boolean inFoot;

  Table(StringBuilder out, String id) {
    this.out = out;
    this.id = id;
  }

  Table left(String header) {
    return column(header, Align.LEFT, null);
  }

  Table right(String header) {
    return column(header, Align.RIGHT, null);
  }

  /** A column; {@code title} (nullable) explains the header on hover. */
  Table column(String header, Align align, String title) {
    columns.add(new Column(header, align, title));
    return this;
  }

  /** Marks the column the rows arrive sorted by, so its header shows the arrow. */
  Table sortedBy(int column, boolean descending) {
    sortedColumn = column;
    sortedDescending = descending;
    return this;
  }

  int columnCount() {
    return columns.size();
  }

  Table begin() {
    out.append("<div class=\"scroll\"><table class=\"sortable\" id=\"").append(id)
        .append("\"><thead><tr>");
    for (int i = 0; i < columns.size(); i++) {
      Column c = columns.get(i);
      out.append("<th tabindex=\"0\"");
      String cls = alignClass(c.align);
      if (i == sortedColumn) {
        cls = cls.isEmpty() ? (sortedDescending ? "desc" : "asc")
            : cls + (sortedDescending ? " desc" : " asc");
      }
      if (!cls.isEmpty()) {
        out.append(" class=\"").append(cls).append('"');
      }
      if (i == sortedColumn) {
        out.append(" aria-sort=\"").append(sortedDescending ? "descending" : "ascending").append('"');
      }
      if (c.title != null) {
        out.append(" title=\"");
        Html.escape(out, c.title).append('"');
      }
      out.append('>');
      Html.escape(out, c.header).append("</th>");
    }
    out.append("</tr></thead><tbody>");
    return this;
  }

  Table row() {
    return row(null);
  }

  /** Starts a row with an optional CSS class. */
  Table row(String cssClass) {
    return row(cssClass, null);
  }

  /** Starts a row with an optional CSS class and optional text in {@code data-filter}. */
  Table row(String cssClass, String filter) {
    return row(cssClass, filter, null);
  }

  /** Starts a row with an optional CSS class, {@code data-filter} and id (a link's target). */
  Table row(String cssClass, String filter, String rowId) {
    cell = 0;
    if (!inFoot) {
      rows++;
    }
    out.append("<tr");
    if (rowId != null) {
      out.append(" id=\"");
      Html.escape(out, rowId).append('"');
    }
    if (cssClass != null) {
      out.append(" class=\"").append(cssClass).append('"');
    }
    if (filter != null) {
      out.append(" data-filter=\"");
      Html.escape(out, filter).append('"');
    }
    out.append('>');
    return this;
  }

  Table endRow() {
    out.append("</tr>");
    return this;
  }

  /** A cell sorted by a whole number. */
  Table cell(long key, String text) {
    return cell(key, text, null);
  }

  /** A cell sorted by a whole number, with the exact value (or any text) in its {@code title}. */
  Table cell(long key, String text, String title) {
    open(title).append(" data-sort=\"").append(key).append("\">");
    Html.escape(out, text).append("</td>");
    return this;
  }

  /** A cell sorted by a number; NaN sorts as blank. */
  Table cell(double key, String text) {
    return cell(key, text, null);
  }

  /** A cell sorted by a number, with the exact value (or any text) in its {@code title}. */
  Table cell(double key, String text, String title) {
    open(title).append(" data-sort=\"");
    if (!Double.isNaN(key)) {
      out.append(key);
    }
    out.append("\">");
    Html.escape(out, text).append("</td>");
    return this;
  }

  /** A cell sorted by text. */
  Table cell(String key, String text) {
    return html(key, Html.escape(text));
  }

  /** A cell whose content is already HTML; {@code key} is plain text and is escaped here. */
  Table html(String key, String html) {
    attrKey(open(null), key).append(html).append("</td>");
    return this;
  }

  /**
   * Starts a cell whose HTML content the caller appends to {@link #out()} and closes with
   * {@link #close}; for big cells, to avoid an intermediate string.
   */
  StringBuilder open(String key, String title) {
    return attrKey(open(title), key);
  }

  Table close() {
    out.append("</td>");
    return this;
  }

  /** One cell over {@code span} columns, sorted as blank. */
  Table span(int span, String html, String cssClass) {
    out.append("<td colspan=\"").append(span).append("\" data-sort=\"\"");
    if (cssClass != null) {
      out.append(" class=\"").append(cssClass).append('"');
    }
    out.append('>').append(html).append("</td>");
    cell += span;
    return this;
  }

  /** An empty cell (no value), sorted as blank. */
  Table blank() {
    open(null).append(" data-sort=\"\"></td>");
    return this;
  }

  /** Ends the body and starts the totals row. */
  Table totals() {
    closeBody();
    inFoot = true;
    out.append("<tfoot>");
    return row("totals");
  }

  void end() {
    if (inFoot) {
      out.append("</tfoot>");
    } else {
      closeBody();
    }
    out.append("</table></div>");
  }

  StringBuilder out() {
    return out;
  }

  private void closeBody() {
    if (rows == 0) {
      out.append("<tr class=\"empty\"><td colspan=\"").append(columns.size())
          .append("\">nothing recorded</td></tr>");
    }
    out.append("</tbody>");
  }

  /** Writes {@code <td} with the column's class and an optional title, leaving the tag open. */
  private StringBuilder open(String title) {
    Align align = cell < columns.size() ? columns.get(cell).align : Align.LEFT;
    cell++;
    out.append("<td");
    String cls = alignClass(align);
    if (!cls.isEmpty()) {
      out.append(" class=\"").append(cls).append('"');
    }
    if (title != null) {
      out.append(" title=\"");
      Html.escape(out, title).append('"');
    }
    return out;
  }

  private StringBuilder attrKey(StringBuilder sb, String key) {
    sb.append(" data-sort=\"");
    return Html.escape(sb, key).append("\">");
  }

  private static String alignClass(Align align) {
    return switch (align) {
      case RIGHT -> "r";
      case CENTER -> "c";
      case LEFT -> "";
    };
  }
}
