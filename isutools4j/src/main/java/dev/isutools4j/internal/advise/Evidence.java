package dev.isutools4j.internal.advise;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a finding's evidence in the order the values were put; null values are left out. */
final class Evidence {

  private final Map<String, Object> values = new LinkedHashMap<>();

  static Evidence of(String key, Object value) {
    return new Evidence().and(key, value);
  }

  Evidence and(String key, Object value) {
    if (value != null) {
      values.put(key, value);
    }
    return this;
  }

  Map<String, Object> map() {
    return values;
  }
}
