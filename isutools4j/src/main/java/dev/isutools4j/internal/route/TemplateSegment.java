package dev.isutools4j.internal.route;

import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One segment of a {@link RouteTemplate} (the text between two '/'), compiled to the test a path's
 * segment must pass, the way Spring's {@code PathPattern} reads it:
 *
 * <ul>
 *   <li>{@code posts}: the same text ({@link Literal});
 *   <li>{@code {id}}, {@code {id:[0-9]+}}: any text of at least one char, matching the regex when
 *       there is one ({@link Capture});
 *   <li>{@code *}: any text; empty only as the last segment ({@link Wildcard});
 *   <li>{@code **}, {@code {*rest}}: zero or more whole segments ({@link Rest});
 *   <li>anything else with a variable, {@code *} or {@code ?} in it, such as {@code {id}.{ext}} or
 *       {@code @{accountName}}: one regex over the segment, a variable as {@code .*} (or its own
 *       regex), {@code *} as {@code .*}, {@code ?} as one char, the rest literal; with a variable
 *       it needs at least one char ({@link Mixed}).
 * </ul>
 */
sealed interface TemplateSegment {

  /** Whether {@code segment}, one segment of a path, passes; {@code last}: it ends the path. */
  boolean matches(String segment, boolean last);

  /** Captured variables, for ranking: Spring scores each 1. */
  int variables();

  /** {@code *} wildcards, for ranking: Spring scores each 100. */
  int wildcards();

  /** Spring's normalized length: literal chars count, a variable or wildcard counts 1. */
  int normalizedLength();

  /**
   * Whether every path of one {@code PathShape} passes or fails alike: no regex but a digits-only
   * one, and no literal piece that an id of the path (all digits, or 16 and more hex digits) could
   * be.
   */
  boolean shapeStable();

  /** The same text. */
  record Literal(String text) implements TemplateSegment {
    @Override
    public boolean matches(String segment, boolean last) {
      return text.equals(segment);
    }

    @Override
    public int variables() {
      return 0;
    }

    @Override
    public int wildcards() {
      return 0;
    }

    @Override
    public int normalizedLength() {
      return text.length();
    }

    @Override
    public boolean shapeStable() {
      for (String piece : text.split("\\.", -1)) {
        if (couldBeAnId(piece)) {
          return false;
        }
      }
      return true;
    }

    /** All digits, or 16 and more hex digits with a digit and a letter: a piece PathShape marks. */
    private static boolean couldBeAnId(String piece) {
      if (piece.isEmpty()) {
        return false;
      }
      boolean digit = false;
      boolean letter = false;
      for (int i = 0; i < piece.length(); i++) {
        char c = piece.charAt(i);
        if (c >= '0' && c <= '9') {
          digit = true;
        } else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
          letter = true;
        } else {
          return false;
        }
      }
      return !letter || (digit && piece.length() >= 16);
    }
  }

  /** A whole-segment variable: at least one char, and its regex's whole match when it has one. */
  record Capture(Pattern constraint) implements TemplateSegment {

    /**
     * Regexes that take a whole segment of digits and nothing else: the same for every segment of
     * a shape (a digits-only segment is one id piece; any other has a char they refuse).
     */
    private static final Set<String> DIGITS = Set.of("[0-9]+", "\\d+", "[0-9]*",
        "\\d*");

    @Override
    public boolean matches(String segment, boolean last) {
      return !segment.isEmpty() && (constraint == null || constraint.matcher(segment).matches());
    }

    @Override
    public int variables() {
      return 1;
    }

    @Override
    public int wildcards() {
      return 0;
    }

    @Override
    public int normalizedLength() {
      return 1;
    }

    @Override
    public boolean shapeStable() {
      return constraint == null || DIGITS.contains(constraint.pattern());
    }
  }

  /** {@code *}: any segment, empty only at the end of the path. */
  record Wildcard() implements TemplateSegment {
    @Override
    public boolean matches(String segment, boolean last) {
      return last || !segment.isEmpty();
    }

    @Override
    public int variables() {
      return 0;
    }

    @Override
    public int wildcards() {
      return 1;
    }

    @Override
    public int normalizedLength() {
      return 1;
    }

    @Override
    public boolean shapeStable() {
      return true;
    }
  }

  /** {@code **} or {@code {*name}}: zero or more segments; {@link RouteTemplate} walks it. */
  record Rest(boolean captures) implements TemplateSegment {
    @Override
    public boolean matches(String segment, boolean last) {
      return true;
    }

    @Override
    public int variables() {
      return captures ? 1 : 0;
    }

    @Override
    public int wildcards() {
      return 0;
    }

    @Override
    public int normalizedLength() {
      return 1;
    }

    @Override
    public boolean shapeStable() {
      return true;
    }
  }

  /** Literal text mixed with variables, {@code *} or {@code ?}: one regex over the segment. */
  record Mixed(Pattern pattern, int variables, int wildcards, int normalizedLength,
      boolean shapeStable) implements TemplateSegment {
    @Override
    public boolean matches(String segment, boolean last) {
      return (variables == 0 || !segment.isEmpty()) && pattern.matcher(segment).matches();
    }
  }

  /**
   * The segment of template text {@code s} (no '/' outside braces).
   *
   * @throws IllegalArgumentException when it is not Spring's syntax (unbalanced braces, a regex
   *     that does not compile)
   */
  static TemplateSegment parse(String s) {
    if (s.equals("**")) {
      return new Rest(false);
    }
    if (s.startsWith("{*") && s.endsWith("}") && s.indexOf('{', 1) < 0) {
      return new Rest(true);
    }
    if (s.equals("*")) {
      return new Wildcard();
    }
    if (s.indexOf('{') < 0 && s.indexOf('}') < 0 && s.indexOf('*') < 0 && s.indexOf('?') < 0) {
      return new Literal(s);
    }
    if (s.startsWith("{") && closing(s, 0) == s.length() - 1) {
      int colon = s.indexOf(':');
      return new Capture(colon < 0 ? null : compile(s.substring(colon + 1, s.length() - 1)));
    }
    return mixed(s);
  }

  private static TemplateSegment mixed(String s) {
    StringBuilder regex = new StringBuilder(s.length() + 16);
    StringBuilder literal = new StringBuilder();
    int variables = 0;
    int wildcards = 0;
    int nameChars = 0;
    boolean stable = true;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '{') {
        int end = closing(s, i);
        String inside = s.substring(i + 1, end);
        int colon = inside.indexOf(':');
        stable &= flush(literal, regex);
        if (colon < 0) {
          regex.append("(?:.*)");
          nameChars += inside.length();
        } else {
          compile(inside.substring(colon + 1));
          regex.append("(?:").append(inside, colon + 1, inside.length()).append(')');
          nameChars += colon;
          stable = false;
        }
        variables++;
        i = end;
      } else if (c == '*' || c == '?') {
        stable &= flush(literal, regex);
        regex.append(c == '*' ? ".*" : ".");
        if (c == '*' && (i == 0 || s.charAt(i - 1) != '.')) {
          wildcards++; // Spring does not count ".*" as a wildcard
        }
        stable &= c == '*';
      } else if (c == '}') {
        throw new IllegalArgumentException("a '}' without its '{'");
      } else {
        literal.append(c);
      }
    }
    stable &= flush(literal, regex);
    // As Spring: the segment's chars, each variable counting one whatever its name.
    int length = s.length() - nameChars - variables;
    return new Mixed(compile(regex.toString()), variables, wildcards, length, stable);
  }

  /** Appends the literal run quoted and empties it; returns whether it keeps the shape stable. */
  private static boolean flush(StringBuilder literal, StringBuilder regex) {
    if (literal.isEmpty()) {
      return true;
    }
    String text = literal.toString();
    regex.append(Pattern.quote(text));
    literal.setLength(0);
    // Next to a variable, a piece of hex digits alone could be part of an id.
    for (String piece : text.split("\\.", -1)) {
      if (!piece.isEmpty() && piece.chars().allMatch(TemplateSegment::isHex)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isHex(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  /** The index of the '}' closing the '{' at {@code open}, counting nested braces of a regex. */
  static int closing(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("a '{' without its '}'");
  }

  private static Pattern compile(String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("the regex does not compile: " + e.getDescription(), e);
    }
  }
}
