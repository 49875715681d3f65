package dev.isutools4j.internal.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A request's path with its query string, the values of secret-looking parameters masked: a
 * parameter whose name contains {@code password}, {@code passhash}, {@code token} or {@code secret}
 * (in any case, percent-decoded) keeps its name and shows {@code ***}. Other values are kept as
 * they came.
 */
final class QueryMask {

  static final List<String> SECRET_NAMES = List.of("password", "passhash", "token", "secret");
  static final String MASK = "***";

  private QueryMask() {}

  /** {@code path?query}, masked; the path alone when there is no query string. */
  static String path(String rawPath, String rawQuery) {
    String path = rawPath == null ? "?" : rawPath;
    if (rawQuery == null || rawQuery.isEmpty()) {
      return path;
    }
    StringBuilder out = new StringBuilder(path.length() + rawQuery.length() + 1).append(path).append('?');
    int from = 0;
    while (from <= rawQuery.length()) {
      int amp = rawQuery.indexOf('&', from);
      int end = amp < 0 ? rawQuery.length() : amp;
      parameter(out, rawQuery, from, end);
      if (amp < 0) {
        break;
      }
      out.append('&');
      from = amp + 1;
    }
    return out.toString();
  }

  private static void parameter(StringBuilder out, String query, int from, int end) {
    int eq = query.indexOf('=', from);
    if (eq < 0 || eq >= end || !secret(query.substring(from, eq))) {
      out.append(query, from, end);
      return;
    }
    out.append(query, from, eq + 1).append(MASK);
  }

  private static boolean secret(String rawName) {
    String name;
    try {
      name = URLDecoder.decode(rawName, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
    } catch (IllegalArgumentException malformed) {
      name = rawName.toLowerCase(Locale.ROOT);
    }
    for (String secret : SECRET_NAMES) {
      if (name.contains(secret)) {
        return true;
      }
    }
    return false;
  }
}
