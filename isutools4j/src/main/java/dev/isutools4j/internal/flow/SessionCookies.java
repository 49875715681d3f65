package dev.isutools4j.internal.flow;

import java.util.List;

/**
 * Finds a session cookie's value in a request's {@code Cookie} header or in a response's
 * {@code Set-Cookie} header, by the names the settings give ({@code isutools.flow.cookies}). A
 * value is returned as its bounds in the header, packed into one long, so nothing is copied.
 *
 * <p>Hot path: allocation-free. Immutable, so every thread shares one.
 */
final class SessionCookies {

  /** No session cookie in the header. */
  static final long NONE = -1;

  private final String[] names;

  SessionCookies(List<String> names) {
    this.names = names.toArray(new String[0]);
  }

  boolean none() {
    return names.length == 0;
  }

  /** The bounds of the value of the header's first session cookie, or {@link #NONE}. */
  long inCookie(String header) {
    if (header == null || names.length == 0) {
      return NONE;
    }
    int length = header.length();
    for (int from = 0; from < length; ) {
      int end = header.indexOf(';', from);
      if (end < 0) {
        end = length;
      }
      long value = pair(header, from, end);
      if (value != NONE) {
        return value;
      }
      from = end + 1;
    }
    return NONE;
  }

  /**
   * The bounds of the value this {@code Set-Cookie} header gives a session cookie, or {@link
   * #NONE}: another cookie, or the session cookie being removed (an empty value, {@code
   * Max-Age=0}, or an {@code Expires} in 1970, which is how servers delete a cookie).
   */
  long inSetCookie(String header) {
    if (header == null || names.length == 0) {
      return NONE;
    }
    int end = header.indexOf(';');
    if (end < 0) {
      end = header.length();
    }
    long value = pair(header, 0, end);
    return value == NONE || removes(header, end) ? NONE : value;
  }

  static int start(long bounds) {
    return (int) (bounds >>> 32);
  }

  static int end(long bounds) {
    return (int) bounds;
  }

  /** The value's bounds of {@code name=value} within {@code [from, to)} if the name is a session cookie's. */
  private long pair(String s, int from, int to) {
    from = skipSpace(s, from, to);
    int eq = s.indexOf('=', from);
    if (eq < 0 || eq >= to || !named(s, from, trimEnd(s, from, eq))) {
      return NONE;
    }
    int start = skipSpace(s, eq + 1, to);
    int end = trimEnd(s, start, to);
    if (end - start >= 2 && s.charAt(start) == '"' && s.charAt(end - 1) == '"') {
      start++;
      end--;
    }
    return end > start ? ((long) start << 32) | end : NONE;
  }

  private boolean named(String s, int from, int to) {
    int length = to - from;
    for (String name : names) {
      if (name.length() == length && s.regionMatches(from, name, 0, length)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the attributes from {@code from} on delete the cookie. */
  private static boolean removes(String header, int from) {
    int length = header.length();
    while (from < length) {
      int start = skipSpace(header, from + 1, length);
      int end = header.indexOf(';', start);
      if (end < 0) {
        end = length;
      }
      if (attribute(header, start, end, "Max-Age")) {
        int value = skipSpace(header, header.indexOf('=', start) + 1, end);
        if (value < end && (header.charAt(value) == '-' || allZeros(header, value, trimEnd(header, value, end)))) {
          return true;
        }
      } else if (attribute(header, start, end, "Expires") && contains(header, start, end, "1970")) {
        return true;
      }
      from = end;
    }
    return false;
  }

  private static boolean attribute(String s, int start, int end, String name) {
    int after = start + name.length();
    if (after >= end || !s.regionMatches(true, start, name, 0, name.length())) {
      return false;
    }
    int eq = skipSpace(s, after, end);
    return eq < end && s.charAt(eq) == '=';
  }

  private static boolean allZeros(String s, int start, int end) {
    for (int i = start; i < end; i++) {
      if (s.charAt(i) != '0') {
        return false;
      }
    }
    return end > start;
  }

  private static boolean contains(String s, int start, int end, String part) {
    for (int i = start; i + part.length() <= end; i++) {
      if (s.startsWith(part, i)) {
        return true;
      }
    }
    return false;
  }

  private static int skipSpace(String s, int from, int to) {
    while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
      from++;
    }
    return from;
  }

  private static int trimEnd(String s, int from, int to) {
    while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
      to--;
    }
    return to;
  }
}
