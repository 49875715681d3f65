package dev.isutools4j.internal.collect.logtail;

import java.util.Map;

/**
 * The app's own count for a log row's key, from the run's tables: the HTTP table's count for the
 * same {@code "METHOD route"}, or the SQL table's for the same fingerprint.
 */
final class AppCounts {

  private final Map<String, Long> exact;

  AppCounts(Map<String, Long> app) {
    this.exact = app;
  }

  /** The app's count for exactly {@code key}, or null. */
  Long exact(String key) {
    return exact.get(key);
  }
}
