package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Section;
import java.util.Collection;
import java.util.Map;

/**
 * The sections no codec knows (a file of a later version, say), each as pretty-printed, JSON-like
 * text in a collapsed {@code <details>}: what the page cannot show in a table is still shown.
 */
final class Sections {

  private static final int MAX_DEPTH = 32;

  private Sections() {}

  /** Writes the unknown sections; returns how many. */
  static int write(StringBuilder out, Map<String, Object> sections) {
    int written = 0;
    if (sections == null) {
      return 0;
    }
    for (Map.Entry<String, Object> section : sections.entrySet()) {
      if (section.getValue() instanceof Section) {
        continue; // shown by its own view
      }
      out.append("<details class=\"section\" id=\"section-");
      Html.escape(out, section.getKey()).append("\"><summary>");
      Html.escape(out, section.getKey()).append("</summary><pre>");
      value(out, section.getValue(), 0);
      out.append("</pre></details>");
      written++;
    }
    return written;
  }

  /** Appends one value, escaped for HTML, indented two spaces per level. */
  static void value(StringBuilder out, Object value, int depth) {
    if (depth > MAX_DEPTH) {
      out.append("…");
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Map<?, ?> map) {
      map(out, map, depth);
    } else if (value instanceof Collection<?> list) {
      list(out, list, depth);
    } else if (value instanceof Object[] array) {
      list(out, java.util.Arrays.asList(array), depth);
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else {
      string(out, String.valueOf(value));
    }
  }

  private static void map(StringBuilder out, Map<?, ?> map, int depth) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append('{');
    boolean first = true;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.append(first ? "\n" : ",\n");
      first = false;
      indent(out, depth + 1);
      string(out, String.valueOf(e.getKey()));
      out.append(": ");
      value(out, e.getValue(), depth + 1);
    }
    out.append('\n');
    indent(out, depth);
    out.append('}');
  }

  private static void list(StringBuilder out, Collection<?> list, int depth) {
    if (list.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append('[');
    boolean first = true;
    for (Object item : list) {
      out.append(first ? "\n" : ",\n");
      first = false;
      indent(out, depth + 1);
      value(out, item, depth + 1);
    }
    out.append('\n');
    indent(out, depth);
    out.append(']');
  }

  /** A JSON string literal, then HTML-escaped. */
  private static void string(StringBuilder out, String s) {
    out.append("&quot;");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\&quot;");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '\'' -> out.append("&#39;");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append("&quot;");
  }

  private static void indent(StringBuilder out, int depth) {
    for (int i = 0; i < depth; i++) {
      out.append("  ");
    }
  }
}
