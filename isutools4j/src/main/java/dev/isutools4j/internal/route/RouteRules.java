package dev.isutools4j.internal.route;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Route names chosen by the user: the setting {@code isutools.routes} ({@code ISUTOOLS_ROUTES}).
 *
 * <p>Syntax: rules separated by {@code ;} or line breaks, each {@code regex=name}, for example
 *
 * <pre>{@code ^/@[^/]+$=/@{account};^/image/.*=/image/{file}}</pre>
 *
 * <ul>
 *   <li>An entry is split at its <em>last</em> {@code =}, so the regex may contain {@code =} but the
 *       name may not. Whitespace around entries, regexes and names is trimmed; empty entries are
 *       ignored. A regex cannot contain {@code ;}: write {@code \x3B} to match one.
 *   <li>The regex must match the whole path (the path without query string), so {@code ^} and
 *       {@code $} are optional. Rules are tried in order and the first match wins.
 *   <li>In the name, {@code $0} to {@code $9} stand for the text of that group (empty when the group
 *       did not take part in the match): {@code ^/api/(\w+)/.*=/api/$1/...}. Any other {@code $}
 *       is kept as is. Group text is copied verbatim, so a group that captures ids makes one route
 *       per id.
 *   <li>An entry without {@code =}, with an empty regex or name, whose regex does not compile, or
 *       whose name refers to a group the regex does not have, is skipped and described in
 *       {@link #problems()}.
 * </ul>
 */
public final class RouteRules {

  private static final RouteRules EMPTY = new RouteRules(List.of(), List.of());

  private final List<Rule> rules;
  private final List<String> problems;

  private RouteRules(List<Rule> rules, List<String> problems) {
    this.rules = List.copyOf(rules);
    this.problems = List.copyOf(problems);
  }

  /** No rules. */
  public static RouteRules empty() {
    return EMPTY;
  }

  /** Parses the setting; null or blank gives no rules. Never throws. */
  public static RouteRules parse(String spec) {
    if (spec == null || spec.isBlank()) {
      return EMPTY;
    }
    List<Rule> rules = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String raw : spec.split("[;\r\n]")) {
      String entry = raw.trim();
      if (entry.isEmpty()) {
        continue;
      }
      String problem = add(entry, rules);
      if (problem != null) {
        problems.add("route rule `" + entry + "` skipped: " + problem);
      }
    }
    return new RouteRules(rules, problems);
  }

  /** Adds the rule of {@code entry}, or returns why it cannot be used. */
  private static String add(String entry, List<Rule> rules) {
    int eq = entry.lastIndexOf('=');
    if (eq < 0) {
      return "no '=' between regex and name";
    }
    String regex = entry.substring(0, eq).trim();
    String name = entry.substring(eq + 1).trim();
    if (regex.isEmpty()) {
      return "empty regex";
    }
    if (name.isEmpty()) {
      return "empty name";
    }
    Pattern pattern;
    try {
      pattern = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      return "the regex does not compile: " + e.getDescription() + " near index " + e.getIndex();
    }
    int groups = pattern.matcher("").groupCount();
    boolean substitutes = false;
    for (int i = 0; i + 1 < name.length(); i++) {
      int group = groupAt(name, i);
      if (group > groups) {
        return "the name refers to $" + group + " but the regex has " + groups + " group(s)";
      }
      substitutes |= group >= 0;
    }
    rules.add(new Rule(pattern, name, substitutes));
    return null;
  }

  /** The group number of a {@code $n} reference at {@code i} of {@code name}, or -1. */
  private static int groupAt(String name, int i) {
    if (name.charAt(i) != '$' || i + 1 >= name.length()) {
      return -1;
    }
    char digit = name.charAt(i + 1);
    return digit >= '0' && digit <= '9' ? digit - '0' : -1;
  }

  /** The name given by the first rule matching the whole of {@code path}, or null. */
  String match(String path) {
    for (Rule rule : rules) {
      Matcher matcher = rule.pattern.matcher(path);
      if (matcher.matches()) {
        return rule.substitutes ? substitute(rule.name, matcher) : rule.name;
      }
    }
    return null;
  }

  private static String substitute(String name, Matcher matcher) {
    StringBuilder out = new StringBuilder(name.length() + 16);
    for (int i = 0; i < name.length(); i++) {
      int group = groupAt(name, i);
      if (group < 0) {
        out.append(name.charAt(i));
      } else {
        String text = matcher.group(group);
        out.append(text == null ? "" : text);
        i++;
      }
    }
    return out.toString();
  }

  /** Why entries of the setting were skipped, one line each; empty when all were used. */
  public List<String> problems() {
    return problems;
  }

  boolean isEmpty() {
    return rules.isEmpty();
  }

  /** The number of rules in use. */
  int size() {
    return rules.size();
  }

  private record Rule(Pattern pattern, String name, boolean substitutes) {}
}
