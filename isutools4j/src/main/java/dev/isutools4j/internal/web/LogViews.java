package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;

/**
 * What the access log and slow log parts of the run page share: the line saying what was read,
 * the notes (rotation, truncation, a missing file) and errors, and the malformed lines.
 */
final class LogViews {

  private LogViews() {}

  /** Writes the "not read" line and returns false when the section has no rows to show. */
  static boolean header(StringBuilder out, Fields section, String what) {
    if (Boolean.FALSE.equals(section.boolOrNull("supported"))) {
      out.append("<p class=\"muted\">not read: ");
      Html.escape(out, section.string("reason")).append("</p>");
      return false;
    }
    Fields source = Fields.of(section.raw("source"));
    StringBuilder line = new StringBuilder(160);
    line.append(source.string("file")).append(" · ").append(Units.bytes(source.longValue("bytes")))
        .append(" read since reset");
    if (section.raw("lines") instanceof Number) {
      line.append(" · ").append(Units.count(section.longValue("lines"))).append(" lines, ")
          .append(Units.count(section.longValue(what))).append(' ').append(what);
    }
    if (section.string("format") != null) {
      line.append(" · format ").append(section.string("format"));
    }
    out.append("<p class=\"limits\">");
    Html.escape(out, line.toString()).append("</p>");
    List<?> notes = section.raw("notes") instanceof List<?> l ? l : List.of();
    List<?> problems = section.raw("problems") instanceof List<?> l ? l : List.of();
    String error = section.string("error");
    if (!notes.isEmpty() || !problems.isEmpty() || error != null) {
      out.append("<ul class=\"flags\">");
      if (error != null) {
        Html.escape(out.append("<li class=\"error\">"), error).append("</li>");
      }
      for (Object note : notes) {
        Html.escape(out.append("<li data-flag=\"log-file\">"), String.valueOf(note)).append("</li>");
      }
      for (Object problem : problems) {
        Html.escape(out.append("<li data-flag=\"setting\">"), String.valueOf(problem)).append("</li>");
      }
      out.append("</ul>");
    }
    return error == null;
  }

  /** The malformed lines: their count and the first few, with line numbers. */
  static void malformed(StringBuilder out, Fields section, String id) {
    Fields malformed = Fields.of(section.raw("malformed"));
    long count = malformed.longValue("count");
    if (count == 0) {
      return;
    }
    out.append("<details class=\"section\" id=\"").append(id).append("\"><summary>")
        .append(Units.count(count)).append(count == 1 ? " malformed line" : " malformed lines")
        .append(" (the first ones)</summary>");
    Table table = new Table(out, id + "-table")
        .column("line", Table.Align.RIGHT, "counted from the first line read since reset")
        .column("offset", Table.Align.RIGHT, "byte offset in the file").left("why").left("text")
        .begin();
    for (Fields e : malformed.fieldsList("examples")) {
      table.row().cell(e.longValue("line"), Units.count(e.longValue("line")))
          .cell(e.longValue("offset"), Long.toString(e.longValue("offset")))
          .cell(String.valueOf(e.string("reason")), String.valueOf(e.string("reason")));
      table.open(e.string("text"), null).append("<code>");
      Html.escape(out, e.string("text")).append("</code>");
      table.close().endRow();
    }
    table.end();
    out.append("</details>");
  }

  /** A count cell, blank when the value is absent. */
  static void count(Table table, Long value) {
    if (value == null) {
      table.blank();
    } else {
      table.cell(value, Units.count(value));
    }
  }

  /** A milliseconds cell, blank when the value is absent. */
  static void ms(Table table, Fields row, String key) {
    if (row.raw(key) instanceof Number n) {
      table.cell(n.doubleValue(), Units.ms(n.doubleValue()));
    } else {
      table.blank();
    }
  }
}
