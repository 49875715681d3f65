package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.sql.SecretColumns;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A request's path with its query string, the values of secret-looking parameters masked: a
 * parameter whose name (percent-decoded) is secret by {@code isutools.secret.columns}, by default
 * one that contains {@code password}, {@code passhash}, {@code token} or {@code secret} in any
 * case, keeps its name and shows {@code ***}. Other values are kept as they came.
 */
final class QueryMask {

  static final String MASK = "***";

  private QueryMask() {}

  /** {@code path?query}, masked; the path alone when there is no query string. */
  static String path(String rawPath, String rawQuery, SecretColumns secrets) {
    String path = rawPath == null ? "?" : rawPath;
    if (rawQuery == null || rawQuery.isEmpty()) {
      return path;
    }
    StringBuilder out = new StringBuilder(path.length() + rawQuery.length() + 1).append(path).append('?');
    int from = 0;
    while (from <= rawQuery.length()) {
      int amp = rawQuery.indexOf('&', from);
      int end = amp < 0 ? rawQuery.length() : amp;
      parameter(out, rawQuery, from, end, secrets);
      if (amp < 0) {
        break;
      }
      out.append('&');
      from = amp + 1;
    }
    return out.toString();
  }

  private static void parameter(StringBuilder out, String query, int from, int end,
      SecretColumns secrets) {
    int eq = query.indexOf('=', from);
    if (eq < 0 || eq >= end || !secret(query.substring(from, eq), secrets)) {
      out.append(query, from, end);
      return;
    }
    out.append(query, from, eq + 1).append(MASK);
  }

  private static boolean secret(String rawName, SecretColumns secrets) {
    String name;
    try {
      name = URLDecoder.decode(rawName, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      name = rawName;
    }
    return secrets.isSecret(name);
  }
}
