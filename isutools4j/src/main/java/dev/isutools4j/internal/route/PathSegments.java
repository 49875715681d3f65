package dev.isutools4j.internal.route;

/** A request path as the segments a {@link RouteTemplate} matches one by one. */
final class PathSegments {

  private static final String[] ROOT = {""};

  private PathSegments() {}

  /**
   * The segments of {@code path} (without query string): the texts between its '/'s, so
   * {@code /} is one empty segment, {@code /a/b/} is {@code a}, {@code b} and an empty one; null
   * when the path does not start with '/' (such as {@code *}), which no template matches.
   */
  static String[] of(String path) {
    if (path.isEmpty() || path.charAt(0) != '/') {
      return null;
    }
    if (path.length() == 1) {
      return ROOT;
    }
    int n = 1;
    for (int i = 1; i < path.length(); i++) {
      if (path.charAt(i) == '/') {
        n++;
      }
    }
    String[] out = new String[n];
    int from = 1;
    int k = 0;
    for (int i = 1; i <= path.length(); i++) {
      if (i == path.length() || path.charAt(i) == '/') {
        out[k++] = path.substring(from, i);
        from = i + 1;
      }
    }
    return out;
  }
}
