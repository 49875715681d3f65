package dev.isutools4j.cli.digest;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The commands' outputs read back: JSON documents, CSV (RFC 4180), TSV and the text table. */
final class Parsed {

  private Parsed() {}

  static Map<String, Object> json(String text) {
    try {
      return JSON.std.mapFrom(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> jsonRows(String text) {
    return (List<Map<String, Object>>) json(text).get("rows");
  }

  /** The rows by key: "METHOD route" or the fingerprint. */
  static Map<String, Map<String, Object>> byKey(List<Map<String, Object>> rows) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map<String, Object> r : rows) {
      out.put(r.containsKey("fingerprint") ? (String) r.get("fingerprint")
          : r.get("method") + " " + r.get("route"), r);
    }
    return out;
  }

  static List<Map<String, String>> tsv(String text) {
    List<List<String>> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      lines.add(List.of(line.split("\t", -1)));
    }
    return records(lines);
  }

  static List<Map<String, String>> csv(String text) {
    List<List<String>> lines = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        fields.add(field.toString());
        field.setLength(0);
        lines.add(fields);
        fields = new ArrayList<>();
      } else if (c != '\r') {
        field.append(c);
      }
    }
    if (field.length() > 0 || !fields.isEmpty()) {
      fields.add(field.toString());
      lines.add(fields);
    }
    return records(lines);
  }

  /** The text table's rows by its headers (the lines between the second and the last rule). */
  static List<Map<String, String>> table(String text) {
    List<List<String>> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("|")) {
        List<String> cells = new ArrayList<>();
        for (String cell : line.substring(1, line.length() - 1).split("\\|", -1)) {
          cells.add(cell.trim());
        }
        lines.add(cells);
      }
    }
    return records(lines);
  }

  private static List<Map<String, String>> records(List<List<String>> lines) {
    List<Map<String, String>> out = new ArrayList<>();
    if (lines.isEmpty()) {
      return out;
    }
    List<String> header = lines.get(0);
    for (List<String> line : lines.subList(1, lines.size())) {
      if (line.size() == 1 && line.get(0).isEmpty()) {
        continue;
      }
      if (line.size() != header.size()) {
        throw new IllegalStateException("a row of " + line.size() + " cells under " + header.size()
            + " headers: " + line);
      }
      Map<String, String> m = new LinkedHashMap<>();
      for (int i = 0; i < header.size(); i++) {
        m.put(header.get(i), line.get(i));
      }
      out.add(m);
    }
    return out;
  }
}
