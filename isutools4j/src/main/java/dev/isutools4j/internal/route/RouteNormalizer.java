package dev.isutools4j.internal.route;

/*
 * What collapses. The path is cut at the first '?' or '#', then at 512 chars ("…" is appended when
 * that cut happens). It is read as segments between '/', and each segment as pieces between '.',
 * so a file name keeps its extension: "/image/123.jpg" becomes "/image/{id}.jpg". A piece becomes
 *
 *   {id}    ASCII digits, optionally after one '-' or '+'    123, -5, 2024
 *   {uuid}  8-4-4-4-12 hex digits with dashes                550e8400-e29b-41d4-a716-446655440000
 *   {hex}   16 or more hex digits, at least one a digit      3f9a8c7e1b2d4f60, an md5 or sha1
 *   {ulid}  26 Crockford base32 chars, the first one 0-7     01ARZ3NDEKTSV4RRFFQ69G5FAV
 *
 * Everything else stays as sent: words and mixed pieces ("v1", "api2", "index2.html", "123abc",
 * "0x1f", "report-2024.pdf"), "@alice", percent escapes, repeated and trailing slashes. Dots split
 * pieces, so "1.5" becomes "{id}.{id}" and "app.3f9a8c7e1b2d4f60.js" becomes "app.{hex}.js".
 */

/** Automatic route names: collapses ids in a request path. No regex, one walk over the path. */
final class RouteNormalizer {

  /** Longer paths are cut to this many chars before collapsing. */
  static final int MAX_LENGTH = 512;

  /** Appended to a path that was cut. */
  static final char CUT_MARK = '\u2026';

  private RouteNormalizer() {}

  /**
   * The route of {@code rawPath}, which is never null and always starts with "/": null, empty or
   * query-only input gives "/", and a path not starting with "/" (such as "*") gets one prepended.
   * Returns {@code rawPath} itself when nothing changes; otherwise the only allocation is the result.
   */
  static String normalize(String rawPath) {
    if (rawPath == null) {
      return "/";
    }
    int full = pathEnd(rawPath);
    int end = capped(rawPath, full);
    boolean slash = end > 0 && rawPath.charAt(0) == '/';
    StringBuilder out = null;
    int copied = 0;
    int from = 0;
    while (from < end) {
      int to = from;
      while (to < end && rawPath.charAt(to) != '/' && rawPath.charAt(to) != '.') {
        to++;
      }
      String placeholder = placeholder(rawPath, from, to);
      if (placeholder != null) {
        if (out == null) {
          out = start(end, slash);
        }
        out.append(rawPath, copied, from).append(placeholder);
        copied = to;
      }
      from = to + 1;
    }
    if (out == null) {
      if (slash && end == rawPath.length()) {
        return rawPath;
      }
      if (end == 0) {
        return "/";
      }
      out = start(end, slash);
    }
    out.append(rawPath, copied, end);
    if (end < full) {
      out.append(CUT_MARK);
    }
    return out.toString();
  }

  /** Index of the first '?' or '#' of {@code path}, or its length: where the path part ends. */
  static int pathEnd(String path) {
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == '?' || c == '#') {
        return i;
      }
    }
    return path.length();
  }

  /** {@code end}, or at most {@link #MAX_LENGTH}, never splitting a surrogate pair. */
  static int capped(String path, int end) {
    if (end <= MAX_LENGTH) {
      return end;
    }
    return Character.isHighSurrogate(path.charAt(MAX_LENGTH - 1)) ? MAX_LENGTH - 1 : MAX_LENGTH;
  }

  private static StringBuilder start(int length, boolean slash) {
    StringBuilder out = new StringBuilder(length + 16);
    if (!slash) {
      out.append('/');
    }
    return out;
  }

  /** The placeholder for the piece {@code s[from, to)}, or null to keep it. */
  private static String placeholder(String s, int from, int to) {
    int length = to - from;
    if (length == 0) {
      return null;
    }
    if (isNumber(s, from, to)) {
      return "{id}";
    }
    if (length == 36 && isUuid(s, from)) {
      return "{uuid}";
    }
    if (length >= 16 && isHexWithDigit(s, from, to)) {
      return "{hex}";
    }
    if (length == 26 && isUlid(s, from, to)) {
      return "{ulid}";
    }
    return null;
  }

  private static boolean isNumber(String s, int from, int to) {
    char first = s.charAt(from);
    if ((first == '-' || first == '+') && to - from > 1) {
      from++;
    }
    for (int i = from; i < to; i++) {
      if (!isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isUuid(String s, int from) {
    for (int i = 0; i < 36; i++) {
      char c = s.charAt(from + i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : !isHex(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isHexWithDigit(String s, int from, int to) {
    boolean digit = false;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!isHex(c)) {
        return false;
      }
      digit |= isDigit(c);
    }
    return digit;
  }

  private static boolean isUlid(String s, int from, int to) {
    char first = s.charAt(from);
    if (first < '0' || first > '7') {
      return false;
    }
    for (int i = from + 1; i < to; i++) {
      if (!isCrockford(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(char c) {
    char lower = (char) (c | 0x20);
    return isDigit(c) || (lower >= 'a' && lower <= 'f');
  }

  /** Crockford base32, either case: digits and letters except I, L, O and U. */
  private static boolean isCrockford(char c) {
    char lower = (char) (c | 0x20);
    return isDigit(c)
        || (lower >= 'a' && lower <= 'z'
            && lower != 'i' && lower != 'l' && lower != 'o' && lower != 'u');
  }
}
