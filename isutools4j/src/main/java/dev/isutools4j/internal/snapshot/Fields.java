package dev.isutools4j.internal.snapshot;

import java.util.List;
import java.util.Map;

/** Typed, lenient access to one parsed JSON object: absent or mistyped fields read as empty. */
public final class Fields {

  private final Map<?, ?> map;

  private Fields(Map<?, ?> map) {
    this.map = map;
  }

  public static Fields of(Object value) {
    return new Fields(value instanceof Map<?, ?> m ? m : Map.of());
  }

  /** The elements of a JSON array, each as fields; anything else reads as an empty list. */
  public static List<Fields> list(Object value) {
    return value instanceof List<?> l ? l.stream().map(Fields::of).toList() : List.of();
  }

  public Object raw(String key) {
    return map.get(key);
  }

  public String string(String key) {
    Object value = map.get(key);
    return value == null ? null : value.toString();
  }

  public long longValue(String key) {
    return map.get(key) instanceof Number n ? n.longValue() : 0;
  }

  public Long longOrNull(String key) {
    return map.get(key) instanceof Number n ? n.longValue() : null;
  }

  public double doubleValue(String key) {
    return map.get(key) instanceof Number n ? n.doubleValue() : 0;
  }

  public Boolean boolOrNull(String key) {
    return map.get(key) instanceof Boolean b ? b : null;
  }

  public List<Fields> fieldsList(String key) {
    return list(map.get(key));
  }
}
