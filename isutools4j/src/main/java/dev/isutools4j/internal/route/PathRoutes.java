package dev.isutools4j.internal.route;

import java.util.List;

/**
 * Route names for request paths seen outside the app, such as the lines of an access log. In
 * order: the app's own route templates of the same run, when it reported them
 * ({@link #withTemplates}: a path its method's most specific template matches is named by that
 * template, as the app's HTTP table names it); then the HTTP table's rules, the user's
 * {@code isutools.routes} in order; then automatic id collapsing. Query strings are dropped.
 * Without templates, a path the app names {@code /posts/{postId}} reads {@code /posts/{id}}.
 *
 * <p>Thread-safe; repeated paths cost one cache lookup (the cache is bounded) when no template
 * matched them.
 */
public final class PathRoutes {

  private final Routes routes;
  private final RouteTemplates templates;

  private PathRoutes(Routes routes, RouteTemplates templates) {
    this.routes = routes;
    this.templates = templates;
  }

  /** Routes by the given rules ({@code isutools.routes} syntax; null or blank for none). */
  public static PathRoutes of(String rules) {
    return new PathRoutes(new Routes(RouteRules.parse(rules)), RouteTemplates.none());
  }

  /** The same rules, after the app's templates (null for none). */
  public PathRoutes withTemplates(RouteTemplates t) {
    return new PathRoutes(routes, t == null ? RouteTemplates.none() : t);
  }

  /** The app's templates in use; empty when there are none. */
  public RouteTemplates templates() {
    return templates;
  }

  /** The route of a request path by the rules, with or without its query string; never null. */
  public String route(String rawPath) {
    return routes.route(null, rawPath);
  }

  /**
   * The route of a request: its method's template matching the path, else the path's route by
   * the rules ({@link #route(String)}); never null.
   */
  public String route(String method, String rawPath) {
    if (!templates.isEmpty() && method != null && rawPath != null) {
      int end = RouteNormalizer.pathEnd(rawPath);
      String template = templates.match(method, end == rawPath.length() ? rawPath
          : rawPath.substring(0, end));
      if (template != null) {
        return template;
      }
    }
    return routes.route(null, rawPath);
  }

  /**
   * Whether a route depends on the path only through its shape: with no user rules, two paths
   * whose pieces differ only in ids (all digits, or long hex) have the same route, unless they
   * start with one of {@link #byPathPrefixes()}.
   */
  public boolean idsOnly() {
    return routes.rules().isEmpty();
  }

  /**
   * Where a path's ids may change its route although {@link #idsOnly()}: the literal prefixes of
   * the templates that are not shape-stable ({@link RouteTemplate#shapeStable()}, such as
   * {@code /items/{id:[0-9]{2}}}); usually none.
   */
  public List<String> byPathPrefixes() {
    return templates.unstablePrefixes();
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
