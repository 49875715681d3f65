package dev.isutools4j.internal.route;

import java.util.List;

/**
 * Route names for request paths seen outside the app, such as the lines of an access log, by the
 * same rules as the HTTP table's rows: the user's {@code isutools.routes} rules in order, then
 * automatic id collapsing; query strings are dropped. A framework's template is not known here, so
 * a path the app names {@code /posts/{postId}} reads {@code /posts/{id}}.
 *
 * <p>Thread-safe; repeated paths cost one cache lookup (the cache is bounded).
 */
public final class PathRoutes {

  private final Routes routes;

  private PathRoutes(Routes routes) {
    this.routes = routes;
  }

  /** Routes by the given rules ({@code isutools.routes} syntax; null or blank for none). */
  public static PathRoutes of(String rules) {
    return new PathRoutes(new Routes(RouteRules.parse(rules)));
  }

  /** The route of a request path, with or without its query string; never null. */
  public String route(String rawPath) {
    return routes.route(null, rawPath);
  }

  /**
   * Whether a route depends on the path only through its shape: with no user rules, two paths
   * whose pieces differ only in ids (all digits, or long hex) have the same route.
   */
  public boolean idsOnly() {
    return routes.rules().isEmpty();
  }

  /** Paths longer than this are cut before naming (see {@code RouteNormalizer}). */
  public static int maxLength() {
    return RouteNormalizer.MAX_LENGTH;
  }

  /** Why entries of the rules were skipped, one line each. */
  public List<String> problems() {
    return routes.rules().problems();
  }
}
