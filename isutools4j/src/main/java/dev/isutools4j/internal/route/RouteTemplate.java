package dev.isutools4j.internal.route;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A framework's route template, such as Spring's {@code /image/{id}.{ext}}, {@code /@{accountName}}
 * or {@code /api/{a}/items/{b:[0-9]+}}, compiled once into a matcher of request paths. The syntax
 * is Spring's ({@link TemplateSegment}): {@code {name}}, {@code {name:regex}}, {@code *},
 * {@code ?}, {@code **} and {@code {*name}}. A path matches when each of its segments passes the
 * template's segment in turn; it is matched as sent (not percent-decoded), case-sensitive, and a
 * trailing '/' must be in the template too, as Spring 6 does by default.
 *
 * <p>{@link #SPECIFICITY} orders templates as Spring ranks the patterns that match one request,
 * so that the first template of that order to match a path is the one the app chose.
 *
 * <p>Immutable and thread-safe.
 */
public final class RouteTemplate {

  /**
   * Spring's {@code PathPattern.SPECIFICITY_COMPARATOR}, most specific first: a template ending in
   * {@code **} or {@code {*name}} after every other (the longer of two such first); then the
   * lower score (each variable 1, each {@code *} 100); then the longer normalized length (a
   * variable counting one char); then the text.
   */
  public static final Comparator<RouteTemplate> SPECIFICITY = Comparator
      .comparingInt((RouteTemplate t) -> t.catchAll ? 1 : 0)
      .thenComparingInt(t -> t.catchAll ? -t.normalizedLength : 0)
      .thenComparingInt(t -> t.score)
      .thenComparingInt(t -> -t.normalizedLength)
      .thenComparing(t -> t.text);

  private final String text;
  private final TemplateSegment[] segments;
  private final String literalPrefix;
  private final int score;
  private final int normalizedLength;
  private final boolean catchAll;
  private final boolean everything;
  private final boolean shapeStable;

  private RouteTemplate(String text, TemplateSegment[] segments) {
    this.text = text;
    this.segments = segments;
    int variables = 0;
    int wildcards = 0;
    int length = 0;
    boolean stable = true;
    for (TemplateSegment s : segments) {
      variables += s.variables();
      wildcards += s.wildcards();
      length += 1 + s.normalizedLength(); // the '/' before it counts one
      stable &= s.shapeStable();
    }
    this.score = variables + 100 * wildcards;
    this.normalizedLength = length;
    this.catchAll = segments[segments.length - 1] instanceof TemplateSegment.Rest;
    this.everything = segments.length == 1 && catchAll;
    this.shapeStable = stable;
    this.literalPrefix = literalPrefix(text);
  }

  /**
   * The template of {@code text}, which starts with '/'.
   *
   * @throws IllegalArgumentException when it is not a template in Spring's syntax (no leading '/',
   *     unbalanced braces, a regex that does not compile)
   */
  public static RouteTemplate parse(String text) {
    if (text == null || !text.startsWith("/")) {
      throw new IllegalArgumentException("a template starts with '/'");
    }
    List<TemplateSegment> segments = new ArrayList<>();
    int from = 1;
    int i = 1;
    while (i <= text.length()) {
      if (i == text.length() || text.charAt(i) == '/') {
        segments.add(TemplateSegment.parse(text.substring(from, i)));
        from = i + 1;
      } else if (text.charAt(i) == '{') {
        i = TemplateSegment.closing(text, i); // a regex may hold a '/'
      }
      i++;
    }
    return new RouteTemplate(text, segments.toArray(new TemplateSegment[0]));
  }

  /** The template's text, as the app named its route. */
  public String text() {
    return text;
  }

  /** Whether {@code path} (without query string, starting with '/') matches. */
  public boolean matches(String path) {
    return path.startsWith(literalPrefix) && matches(PathSegments.of(path));
  }

  /** Whether the segments of a path ({@link PathSegments#of}) match. */
  boolean matches(String[] path) {
    return path != null && matchFrom(0, path, 0);
  }

  /** Whether the path's text starts with what every path this template matches starts with. */
  boolean mayMatch(String path) {
    return path.startsWith(literalPrefix);
  }

  /** What every path this template matches starts with (maybe nothing). */
  public String literalPrefix() {
    return literalPrefix;
  }

  private boolean matchFrom(int t, String[] path, int p) {
    for (; t < segments.length; t++, p++) {
      TemplateSegment s = segments[t];
      if (s instanceof TemplateSegment.Rest) {
        for (int k = path.length; k >= p; k--) {
          if (matchFrom(t + 1, path, k)) {
            return true;
          }
        }
        return false;
      }
      if (p >= path.length || !s.matches(path[p], p == path.length - 1)) {
        return false;
      }
    }
    return p == path.length;
  }

  /** Whether it matches every path ({@code /**}, {@code /{*path}}): it tells no route apart. */
  public boolean matchesEverything() {
    return everything;
  }

  /**
   * Whether every path of one {@code PathShape} (the same but for its ids: pieces of digits, or of
   * 16 and more hex digits) matches alike, so that a digest may key its cache by shape.
   */
  public boolean shapeStable() {
    return shapeStable;
  }

  /**
   * The text before the segment of the first variable or wildcard, without the '/' before it
   * ({@code /api/**} matches {@code /api}): a cheap test before the segments.
   */
  private static String literalPrefix(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{' || c == '*' || c == '?') {
        return text.substring(0, text.lastIndexOf('/', i));
      }
    }
    return text;
  }

  @Override
  public String toString() {
    return text;
  }
}
