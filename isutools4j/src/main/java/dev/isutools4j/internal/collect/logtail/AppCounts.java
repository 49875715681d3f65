package dev.isutools4j.internal.collect.logtail;

import java.util.HashMap;
import java.util.Map;

/**
 * The app's own count for a log row's key, from the run's tables: the HTTP table's count for the
 * same {@code "METHOD route"} (or the SQL table's for the same fingerprint). A route also matches
 * an app route of the same shape: the framework names ids its own way ({@code /posts/{postId}})
 * where the log's route reads {@code /posts/{id}}, so placeholders match placeholders, when only
 * one app route has that shape.
 */
final class AppCounts {

  /** The app's key a row matched, and its count. */
  record Match(String key, long count) {}

  private final Map<String, Long> exact;
  private final Map<String, Match> byShape = new HashMap<>();

  AppCounts(Map<String, Long> app) {
    this.exact = app;
    Map<String, Integer> shapes = new HashMap<>();
    for (Map.Entry<String, Long> e : app.entrySet()) {
      String shape = shape(e.getKey());
      if (shapes.merge(shape, 1, Integer::sum) == 1) {
        byShape.put(shape, new Match(e.getKey(), e.getValue()));
      } else {
        byShape.remove(shape); // two app routes of one shape: neither is the match
      }
    }
  }

  /** The app's count for exactly {@code key}, or null. */
  Long exact(String key) {
    return exact.get(key);
  }

  /** The match for {@code key}, the same key or else one of the same shape; or null. */
  Match find(String key) {
    Long n = exact.get(key);
    if (n != null) {
      return new Match(key, n);
    }
    return key.indexOf('{') < 0 ? null : byShape.get(shape(key));
  }

  /** The key with the name inside every {@code {...}} dropped: {@code /posts/{}}. */
  static String shape(String key) {
    if (key.indexOf('{') < 0) {
      return key;
    }
    StringBuilder out = new StringBuilder(key.length());
    int depth = 0;
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c == '{') {
        if (depth++ == 0) {
          out.append('{');
        }
      } else if (c == '}' && depth > 0) {
        if (--depth == 0) {
          out.append('}');
        }
      } else if (depth == 0) {
        out.append(c);
      }
    }
    return out.toString();
  }
}
