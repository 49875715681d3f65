package dev.isutools4j.internal.route;

/*
 * What a catch-all is. A template is read as segments between '/'; it is a catch-all when it has at
 * least one wildcard segment and every other segment is empty. A wildcard segment is
 *
 *   *  **                     Ant patterns: Spring MVC (its resource handler "/**"), servlet mappings, Vert.x
 *   {*path}                   Spring's PathPattern capture of the rest of the path
 *   {path:.*} {path: .+}      a variable whose regex takes anything: Spring, JAX-RS (Jersey, RESTEasy)
 *   {+path}                   RFC 6570 reserved expansion: Micronaut, Helidon
 *   {...} {path...}           Ktor's tailcard
 *   *path                     Play's and Spark's globs
 *   <path>                    Javalin's parameter that takes slashes
 *
 * A named one-segment variable ("/{id}", "/{accountName}") is a route the app chose, not a catch-all;
 * so is anything with a literal ("/static/**", "/**" + "/*.html").
 */

/** Templates that match any path, and so name no route. No regex, one walk over the template. */
final class CatchAllTemplates {

  private CatchAllTemplates() {}

  /** Whether {@code template} (never null) matches any path, segment by segment. */
  static boolean isCatchAll(String template) {
    boolean wildcard = false;
    int from = 0;
    int length = template.length();
    while (from <= length) {
      int to = template.indexOf('/', from);
      if (to < 0) {
        to = length;
      }
      if (to > from) {
        if (!isWildcard(template, from, to)) {
          return false;
        }
        wildcard = true;
      }
      from = to + 1;
    }
    return wildcard;
  }

  /** Whether the segment {@code s[from, to)}, not empty, is one of the wildcards above. */
  private static boolean isWildcard(String s, int from, int to) {
    char first = s.charAt(from);
    char last = s.charAt(to - 1);
    if (first == '*') {
      // "*", "**" and a glob "*path"
      int n = to - from;
      return n == 1 || (n == 2 && last == '*') || isName(s, from + 1, to);
    }
    if (first == '<' && last == '>') {
      return to - from > 2 && isName(s, from + 1, to - 1);
    }
    if (first != '{' || last != '}' || to - from < 3) {
      return false;
    }
    int inner = from + 1;
    int end = to - 1;
    char mark = s.charAt(inner);
    if (mark == '*' || mark == '+') {
      return isName(s, inner + 1, end);
    }
    if (s.startsWith("...", end - 3) && end - 3 >= inner) {
      return end - 3 == inner || isName(s, inner, end - 3);
    }
    int colon = s.indexOf(':', inner);
    return colon > inner && colon < end && isName(s, inner, colon)
        && matchesAnything(s.substring(colon + 1, end).strip());
  }

  private static boolean matchesAnything(String regex) {
    return switch (regex) {
      case ".*", ".+", ".*?", ".+?", "(.*)", "(.+)" -> true;
      default -> false;
    };
  }

  /** A variable's name: letters, digits, '_' and '-', at least one. */
  private static boolean isName(String s, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_' && c != '-') {
        return false;
      }
    }
    return true;
  }
}
