package dev.isutools4j.cli.logs;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Rows as a text table, Markdown, TSV or CSV; one call prints the header and every row. */
final class RowsWriter {

  private RowsWriter() {}

  static void write(OutputFormat format, List<Column> columns, List<Map<String, Object>> rows,
      PrintStream out) {
    switch (format) {
      case table -> table(columns, rows, out);
      case markdown -> markdown(columns, rows, out);
      case tsv -> separated(columns, rows, out, '\t');
      case csv -> separated(columns, rows, out, ',');
      case json -> throw new IllegalArgumentException("JSON is written as a document");
    }
  }

  private static List<String[]> cells(List<Column> columns, List<Map<String, Object>> rows) {
    List<String[]> out = new ArrayList<>(rows.size());
    for (Map<String, Object> row : rows) {
      String[] line = new String[columns.size()];
      for (int i = 0; i < line.length; i++) {
        Column c = columns.get(i);
        line[i] = flat(c.format(row.get(c.key())));
      }
      out.add(line);
    }
    return out;
  }

  private static void table(List<Column> columns, List<Map<String, Object>> rows, PrintStream out) {
    List<String[]> cells = cells(columns, rows);
    int[] width = new int[columns.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = columns.get(i).header().length();
      for (String[] line : cells) {
        width[i] = Math.max(width[i], display(line[i]).length());
      }
    }
    StringBuilder rule = new StringBuilder("+");
    for (int w : width) {
      rule.append("-".repeat(w + 2)).append('+');
    }
    out.println(rule);
    StringBuilder header = new StringBuilder("|");
    for (int i = 0; i < width.length; i++) {
      header.append(' ').append(pad(columns.get(i).header(), width[i], false)).append(" |");
    }
    out.println(header);
    out.println(rule);
    for (String[] line : cells) {
      StringBuilder b = new StringBuilder("|");
      for (int i = 0; i < width.length; i++) {
        b.append(' ').append(pad(display(line[i]), width[i], columns.get(i).kind().numeric()))
            .append(" |");
      }
      out.println(b);
    }
    out.println(rule);
  }

  private static void markdown(List<Column> columns, List<Map<String, Object>> rows, PrintStream out) {
    StringBuilder header = new StringBuilder("|");
    StringBuilder align = new StringBuilder("|");
    for (Column c : columns) {
      header.append(' ').append(c.header()).append(" |");
      align.append(c.kind().numeric() ? "---:|" : ":---|");
    }
    out.println(header);
    out.println(align);
    for (String[] line : cells(columns, rows)) {
      StringBuilder b = new StringBuilder("|");
      for (String cell : line) {
        b.append(' ').append(display(cell).replace("|", "\\|")).append(" |");
      }
      out.println(b);
    }
  }

  private static void separated(List<Column> columns, List<Map<String, Object>> rows,
      PrintStream out, char separator) {
    List<String> keys = columns.stream().map(Column::key).toList();
    out.println(join(keys.toArray(new String[0]), separator));
    for (String[] line : cells(columns, rows)) {
      out.println(join(line, separator));
    }
  }

  private static String join(String[] cells, char separator) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        b.append(separator);
      }
      b.append(separator == ',' ? csv(cells[i]) : cells[i]);
    }
    return b.toString();
  }

  static String csv(String cell) {
    if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0) {
      return cell;
    }
    return '"' + cell.replace("\"", "\"\"") + '"';
  }

  /** A cell on one line: tabs, line breaks and other control characters become spaces. */
  private static String flat(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (b == null) {
          b = new StringBuilder(s);
        }
        b.setCharAt(i, ' ');
      }
    }
    return b == null ? s : b.toString();
  }

  private static String display(String cell) {
    return cell.isEmpty() ? "-" : cell;
  }

  private static String pad(String s, int width, boolean right) {
    String fill = " ".repeat(Math.max(0, width - s.length()));
    return right ? fill + s : s + fill;
  }
}
