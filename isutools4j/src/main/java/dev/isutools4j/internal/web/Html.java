package dev.isutools4j.internal.web;

import java.nio.charset.StandardCharsets;

/**
 * Escaping for HTML text, attribute values and URL path segments.
 *
 * <p>Everything shown on the pages may come from the app (SQL samples, routes, notes, section data),
 * so all of it goes through here. One escape serves text and double- or single-quoted attributes.
 */
final class Html {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Html() {}

  /** The text with {@code & < > " '} escaped; null becomes the empty string. */
  static String escape(String text) {
    if (text == null) {
      return "";
    }
    int first = firstSpecial(text);
    if (first < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    out.append(text, 0, first);
    appendFrom(out, text, first);
    return out.toString();
  }

  /** Appends the text escaped; null appends nothing. */
  static StringBuilder escape(StringBuilder out, String text) {
    if (text == null) {
      return out;
    }
    int first = firstSpecial(text);
    if (first < 0) {
      return out.append(text);
    }
    out.append(text, 0, first);
    appendFrom(out, text, first);
    return out;
  }

  /**
   * One URL path segment: every byte outside the unreserved set is percent-encoded (UTF-8), so the
   * result is safe as a relative link and in an attribute.
   */
  static String pathSegment(String segment) {
    if (segment == null) {
      return "";
    }
    boolean plain = true;
    for (int i = 0; i < segment.length() && plain; i++) {
      plain = unreserved(segment.charAt(i));
    }
    // A segment of only dots would mean "this" or "parent" directory.
    if (plain && !segment.isEmpty() && segment.chars().anyMatch(c -> c != '.')) {
      return segment;
    }
    StringBuilder out = new StringBuilder(segment.length() * 3);
    for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c < 0x80 && unreserved(c) && c != '.') {
        out.append(c);
      } else {
        out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
      }
    }
    return out.toString();
  }

  /**
   * Appends JSON text for an inline {@code <script type="application/json">}: every {@code <} is
   * written as its JSON escape (backslash, u003c), which reads back as the same character, so no
   * {@code </script>} or {@code <!--} inside a string can end or change the element. Valid JSON
   * has {@code <} only in strings, so the result is still the same JSON.
   */
  static StringBuilder scriptJson(StringBuilder out, String json) {
    int from = 0;
    for (int i = json.indexOf('<'); i >= 0; i = json.indexOf('<', from)) {
      out.append(json, from, i).append("\\u003c");
      from = i + 1;
    }
    return out.append(json, from, json.length());
  }

  private static boolean unreserved(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '-' || c == '.' || c == '_' || c == '~';
  }

  private static int firstSpecial(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') {
        return i;
      }
    }
    return -1;
  }

  private static void appendFrom(StringBuilder out, String text, int from) {
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
  }
}
