package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.LogMalformed;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.LogSource;
import java.util.List;

/**
 * What the access log and slow log parts of the run page share: the line saying what was read,
 * the notes (rotation, truncation, a missing file) and errors, and the malformed lines.
 */
final class LogViews {

  private LogViews() {}

  /**
   * Writes the "not read" line, or what was read with {@code counted} after it (its lines, from
   * {@link #counted}; "" without a digest), and returns false when the section has no rows to show.
   */
  static boolean header(StringBuilder out, LogRead log, String counted, List<String> problems) {
    if (!log.supported()) {
      out.append("<p class=\"muted\">not read: ");
      Html.escape(out, log.reason()).append("</p>");
      return false;
    }
    LogSource source = log.source() == null ? LogSource.EMPTY : log.source();
    StringBuilder line = new StringBuilder(160);
    line.append(source.file()).append(" · ").append(Units.bytes(source.bytes()))
        .append(" read since reset").append(counted);
    out.append("<p class=\"limits\">");
    Html.escape(out, line.toString()).append("</p>");
    String error = log.error();
    if (!log.notes().isEmpty() || !problems.isEmpty() || error != null) {
      out.append("<ul class=\"flags\">");
      if (error != null) {
        Html.escape(out.append("<li class=\"error\">"), error).append("</li>");
      }
      for (String note : log.notes()) {
        Html.escape(out.append("<li data-flag=\"log-file\">"), note).append("</li>");
      }
      for (String problem : problems) {
        Html.escape(out.append("<li data-flag=\"setting\">"), problem).append("</li>");
      }
      out.append("</ul>");
    }
    return error == null;
  }

  /** {@code " · 812 lines, 812 requests"}: the lines read and how many were {@code what}. */
  static String counted(long lines, long n, String what) {
    return " · " + Units.count(lines) + " lines, " + Units.count(n) + ' ' + what;
  }

  /** The malformed lines: their count and the first few, with line numbers. */
  static void malformed(StringBuilder out, LogMalformed malformed, String id) {
    long count = malformed.count();
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
    for (LogMalformed.Example e : malformed.examples()) {
      table.row().cell(e.line(), Units.count(e.line()))
          .cell(e.offset(), Long.toString(e.offset()))
          .cell(String.valueOf(e.reason()), String.valueOf(e.reason()));
      table.open(e.text(), null).append("<code>");
      Html.escape(out, e.text()).append("</code>");
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

  /** A milliseconds cell. */
  static void ms(Table table, double ms) {
    table.cell(ms, Units.ms(ms));
  }
}
