package dev.isutools4j.cli.digest;

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
    // One string for the whole table, printed at once: System.out flushes at every line.
    StringBuilder b = new StringBuilder((rows.size() + 5) * (sum(width) + 3 * width.length + 2));
    rule(b, width);
    b.append('|');
    for (int i = 0; i < width.length; i++) {
      b.append(' ');
      pad(b, columns.get(i).header(), width[i], false);
      b.append(" |");
    }
    b.append('\n');
    rule(b, width);
    for (String[] line : cells) {
      b.append('|');
      for (int i = 0; i < width.length; i++) {
        b.append(' ');
        pad(b, display(line[i]), width[i], columns.get(i).kind().numeric());
        b.append(" |");
      }
      b.append('\n');
    }
    rule(b, width);
    out.print(b);
  }

  private static void rule(StringBuilder b, int[] width) {
    b.append('+');
    for (int w : width) {
      for (int k = 0; k < w + 2; k++) {
        b.append('-');
      }
      b.append('+');
    }
    b.append('\n');
  }

  private static int sum(int[] values) {
    int s = 0;
    for (int v : values) {
      s += v;
    }
    return s;
  }

  private static void markdown(List<Column> columns, List<Map<String, Object>> rows, PrintStream out) {
    StringBuilder b = new StringBuilder((rows.size() + 2) * 16 * columns.size());
    b.append('|');
    for (Column c : columns) {
      b.append(' ').append(c.header()).append(" |");
    }
    b.append("\n|");
    for (Column c : columns) {
      b.append(c.kind().numeric() ? "---:|" : ":---|");
    }
    b.append('\n');
    for (String[] line : cells(columns, rows)) {
      b.append('|');
      for (String cell : line) {
        b.append(' ').append(display(cell).replace("|", "\\|")).append(" |");
      }
      b.append('\n');
    }
    out.print(b);
  }

  private static void separated(List<Column> columns, List<Map<String, Object>> rows,
      PrintStream out, char separator) {
    StringBuilder b = new StringBuilder((rows.size() + 1) * 12 * columns.size());
    List<String> keys = columns.stream().map(Column::key).toList();
    b.append(join(keys.toArray(new String[0]), separator)).append('\n');
    for (String[] line : cells(columns, rows)) {
      b.append(join(line, separator)).append('\n');
    }
    out.print(b);
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

  private static void pad(StringBuilder b, String s, int width, boolean right) {
    if (!right) {
      b.append(s);
    }
    for (int k = s.length(); k < width; k++) {
      b.append(' ');
    }
    if (right) {
      b.append(s);
    }
  }
}
