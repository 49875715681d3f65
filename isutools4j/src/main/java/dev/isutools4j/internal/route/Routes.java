package dev.isutools4j.internal.route;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The route of a request, the key of its row in the HTTP table. In order of preference:
 *
 * <ol>
 *   <li>the framework's template (such as Spring MVC's best-matching pattern), used as is, unless it
 *       is a catch-all that matches any path (Spring's resource handler {@code /**}, see
 *       {@code CatchAllTemplates}): such a path is outside the framework's routes and is named like
 *       one seen without a template, so that it lines up with the access log's row;
 *   <li>else the name given by the user's {@link RouteRules}, tried on the path without its query
 *       string or fragment (an empty path is tried as "/"; a path over 512 chars is tried on its
 *       first 512);
 *   <li>else the path with its ids collapsed by {@link RouteNormalizer}.
 * </ol>
 *
 * <p>Paths of at most 512 chars are cached with their route, so a repeated path costs one lookup.
 * The cache holds at most a fixed number of paths and is never cleared: once full, routes of new
 * paths are computed on every request. Thread-safe and lock-free.
 */
public final class Routes {

  static final int DEFAULT_CACHE_LIMIT = 10_000;

  private final RouteRules rules;
  private final int cacheLimit;
  private final ConcurrentHashMap<String, String> cache = new ConcurrentHashMap<>();
  private final AtomicInteger cached = new AtomicInteger();

  public Routes(RouteRules rules) {
    this(rules, DEFAULT_CACHE_LIMIT);
  }

  Routes(RouteRules rules, int cacheLimit) {
    if (cacheLimit < 0) {
      throw new IllegalArgumentException("cacheLimit < 0: " + cacheLimit);
    }
    this.rules = rules == null ? RouteRules.empty() : rules;
    this.cacheLimit = cacheLimit;
  }

  /**
   * The route of a request.
   *
   * @param template the framework's route template, or null when unknown; a catch-all is ignored
   * @param rawPath the request path as sent, possibly with a query string; may be null
   * @return never null; starts with "/" unless it is a template or a rule's name
   */
  public String route(String template, String rawPath) {
    if (template != null && !template.isBlank() && !CatchAllTemplates.isCatchAll(template)) {
      return template;
    }
    if (rawPath == null) {
      return "/";
    }
    int end = RouteNormalizer.pathEnd(rawPath);
    String path = end == rawPath.length() ? rawPath : rawPath.substring(0, end);
    if (path.length() > RouteNormalizer.MAX_LENGTH) {
      return compute(path);
    }
    String route = cache.get(path);
    if (route == null) {
      route = compute(path);
      if (reserveCacheSlot() && cache.putIfAbsent(path, route) != null) {
        cached.decrementAndGet();
      }
    }
    return route;
  }

  private String compute(String path) {
    if (!rules.isEmpty()) {
      String name = rules.match(ruleInput(path));
      if (name != null) {
        return name;
      }
    }
    return RouteNormalizer.normalize(path);
  }

  private static String ruleInput(String path) {
    if (path.isEmpty()) {
      return "/";
    }
    int end = RouteNormalizer.capped(path, path.length());
    return end == path.length() ? path : path.substring(0, end);
  }

  /** Takes one of the cache's slots, or returns false when all are taken. */
  private boolean reserveCacheSlot() {
    int n;
    do {
      n = cached.get();
      if (n >= cacheLimit) {
        return false;
      }
    } while (!cached.compareAndSet(n, n + 1));
    return true;
  }

  /** The user's rules, for reporting their {@link RouteRules#problems()}. */
  RouteRules rules() {
    return rules;
  }

  /** How many paths are cached; never more than the limit. */
  int cacheSize() {
    return cache.size();
  }
}
