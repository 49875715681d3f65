package dev.isutools4j.internal.keys;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Ids for HTTP method + route pairs, over a {@link KeyIndex} of "METHOD route" keys.
 *
 * <p>Known pairs are found without building the combined key: lock-free and allocation-free.
 */
public final class RouteKeys {

  private final KeyIndex index;
  private final ConcurrentHashMap<String, ConcurrentHashMap<String, Integer>> byMethod =
      new ConcurrentHashMap<>();

  public RouteKeys(int capacity) {
    this.index = new KeyIndex(capacity);
  }

  public int id(String method, String route) {
    ConcurrentHashMap<String, Integer> routes = byMethod.get(method);
    if (routes != null) {
      Integer id = routes.get(route);
      if (id != null) {
        return id;
      }
    }
    int id = index.id(method + " " + route);
    if (id != index.otherId()) {
      byMethod.computeIfAbsent(method, m -> new ConcurrentHashMap<>()).putIfAbsent(route, id);
    }
    return id;
  }

  /** The method of {@code id}, or "" for the "(other)" row. */
  public String method(int id) {
    String key = index.name(id);
    int space = key.indexOf(' ');
    return space < 0 ? "" : key.substring(0, space);
  }

  /** The route of {@code id}. */
  public String route(int id) {
    String key = index.name(id);
    int space = key.indexOf(' ');
    return space < 0 ? key : key.substring(space + 1);
  }

  public KeyIndex index() {
    return index;
  }
}
