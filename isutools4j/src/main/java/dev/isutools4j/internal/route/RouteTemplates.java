package dev.isutools4j.internal.route;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The routes an app reported (its HTTP table's {@code "METHOD route"} keys) as templates per
 * method, each method's most specific first ({@link RouteTemplate#SPECIFICITY}), so that a path
 * seen outside the app, such as an access log's, is named by the template the app chose for it.
 *
 * <p>A route that is not a template is left out: one not starting with '/' ({@code (other)}),
 * one that does not parse, and one that matches every path ({@code /**}, a static resource
 * handler's or a not-found page's): it would take in every path nginx served by itself.
 *
 * <p>Immutable and thread-safe.
 */
public final class RouteTemplates {

  private static final RouteTemplates NONE = new RouteTemplates(Map.of(), List.of(), 0);

  private final Map<String, RouteTemplate[]> byMethod;
  private final List<String> unstablePrefixes;
  private final int size;

  private RouteTemplates(Map<String, RouteTemplate[]> byMethod, List<String> unstablePrefixes,
      int size) {
    this.byMethod = byMethod;
    this.unstablePrefixes = unstablePrefixes;
    this.size = size;
  }

  /** No templates. */
  public static RouteTemplates none() {
    return NONE;
  }

  /** The templates of {@code "METHOD route"} keys, as the HTTP table names its rows. */
  public static RouteTemplates ofKeys(Collection<String> keys) {
    Map<String, Set<String>> routes = new HashMap<>();
    for (String key : keys) {
      int space = key == null ? -1 : key.indexOf(' ');
      if (space > 0) {
        routes.computeIfAbsent(key.substring(0, space), m -> new LinkedHashSet<>())
            .add(key.substring(space + 1));
      }
    }
    Map<String, RouteTemplate[]> byMethod = new HashMap<>();
    Set<String> unstable = new LinkedHashSet<>();
    int size = 0;
    for (Map.Entry<String, Set<String>> e : routes.entrySet()) {
      List<RouteTemplate> templates = new ArrayList<>();
      for (String route : e.getValue()) {
        RouteTemplate t = templateOrNull(route);
        if (t != null) {
          templates.add(t);
          if (!t.shapeStable()) {
            unstable.add(t.literalPrefix());
          }
        }
      }
      if (!templates.isEmpty()) {
        templates.sort(RouteTemplate.SPECIFICITY);
        byMethod.put(e.getKey(), templates.toArray(new RouteTemplate[0]));
        size += templates.size();
      }
    }
    return size == 0 ? NONE : new RouteTemplates(Map.copyOf(byMethod), List.copyOf(unstable), size);
  }

  private static RouteTemplate templateOrNull(String route) {
    if (!route.startsWith("/")) {
      return null;
    }
    try {
      RouteTemplate t = RouteTemplate.parse(route);
      return t.matchesEverything() ? null : t;
    } catch (IllegalArgumentException notATemplate) {
      return null;
    }
  }

  /**
   * The most specific template of {@code method} that {@code path} (without query string)
   * matches, or null.
   */
  public String match(String method, String path) {
    RouteTemplate[] templates = byMethod.get(method);
    if (templates == null) {
      return null;
    }
    String[] segments = null;
    for (RouteTemplate t : templates) {
      if (!t.mayMatch(path)) {
        continue;
      }
      if (segments == null) {
        segments = PathSegments.of(path);
        if (segments == null) {
          return null;
        }
      }
      if (t.matches(segments)) {
        return t.text();
      }
    }
    return null;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** How many templates, over every method. */
  public int size() {
    return size;
  }

  /** Whether every template is {@link RouteTemplate#shapeStable()}. */
  public boolean shapeStable() {
    return unstablePrefixes.isEmpty();
  }

  /**
   * The literal prefixes of the templates that are not shape-stable: a path that starts with none
   * of them is matched alike by every path of its shape (the others cannot match it).
   */
  public List<String> unstablePrefixes() {
    return unstablePrefixes;
  }
}
