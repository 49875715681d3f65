package dev.isutools4j.cli.digest;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessKeys;
import dev.isutools4j.internal.digest.access.AccessLine;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.route.PathRoutes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;

/** {@code alp ltsv|json|combined}: an nginx access log into rows per method + route. */
abstract class AccessCommand extends DigestCommand {

  @Option(names = {"-m", "--matching-groups"}, paramLabel = "REGEX,...",
      description = "regexes that group URIs, comma-separated: the first one found in a path names its"
          + " row (as alp's -m); other paths have their ids collapsed (/posts/123 → /posts/{id})")
  String matchingGroups;

  @Option(names = "--routes", paramLabel = "RULES", description = "route rules as the library's"
      + " isutools.routes setting: regex=name;... (the whole path must match; $1 stands for a group)")
  String routes;

  @Option(names = "--routes-from", paramLabel = "RUN.json", description = "a run isutools4j saved"
      + " (<history dir>/<id>.json): the routes of its HTTP table (the app's templates, such as"
      + " /image/{id}.{ext}) name the paths first, before -m, --routes and id collapsing, as the"
      + " run's access log section does; the APP COUNT column shows the run's count")
  Path routesFrom;

  @Option(names = "--top", paramLabel = "N", description = "the N slowest single requests instead of"
      + " the rows: time, status, method, the URI as logged (query string included), the upstream's"
      + " time and the line number, slowest first")
  Integer top;

  private AccessLogDigest.Options options;
  private Map<String, Long> appCounts; // the run's, with --routes-from

  abstract AccessFormat accessFormat();

  /** The label or key settings of ltsv and json, {@code field=name,...}; null for combined. */
  String keySpec() {
    return null;
  }

  @Override
  String name() {
    return "alp";
  }

  @Override
  Columns columns() {
    return routesFrom == null ? Columns.ACCESS : Columns.ACCESS.withDefaultAfter("count", "app-count");
  }

  @Override
  List<FilterField> lineFields() {
    return LineFields.ACCESS;
  }

  @Override
  String defaultPercentiles() {
    return "90,95,99";
  }

  @Override
  String nothingCounted() {
    return "no line could be read as " + accessFormat().key() + ": is it the right format"
        + " (alp ltsv, alp json, alp combined) or are the labels renamed (--uri-label ...)?";
  }

  @Override
  List<String> prepare() {
    AccessKeys keys = AccessKeys.parse(keySpec());
    if (!keys.problems().isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", keys.problems()));
    }
    String rules = joinRules(groupRules(matchingGroups), routes);
    PathRoutes pathRoutes = PathRoutes.of(rules);
    if (!pathRoutes.problems().isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", pathRoutes.problems()));
    }
    List<String> notes = new ArrayList<>();
    if (routesFrom != null) {
      RunRoutes run = RunRoutes.read(routesFrom);
      pathRoutes = pathRoutes.withTemplates(run.templates());
      appCounts = run.counts();
      notes.add(run.note());
    }
    if (top != null && top < 1) {
      throw new IllegalArgumentException("--top must be 1 or more");
    }
    options = AccessLogDigest.Options.defaults().withFormat(accessFormat()).withKeys(keys)
        .withRoutes(pathRoutes).withMaxRows(limit).withTop(top == null ? 0 : top);
    return notes;
  }

  @Override
  DigestResult read(List<LogRange> ranges, Predicate<Object> lineFilter, int threads)
      throws IOException {
    return DigestResult.of(AccessLogDigest.read(ranges, filtered(lineFilter), threads), appCounts, top != null);
  }

  @Override
  DigestResult read(InputStream stdin, Predicate<Object> lineFilter) throws IOException {
    return DigestResult.of(AccessLogDigest.read(stdin, filtered(lineFilter)), appCounts, top != null);
  }

  private AccessLogDigest.Options filtered(Predicate<Object> lineFilter) {
    if (lineFilter == null) {
      return options;
    }
    Predicate<AccessLine> f = lineFilter::test;
    return options.withFilter(f);
  }

  /**
   * Route rules for {@code -m}: each regex, found anywhere in the path (as alp matches), names its
   * row with its own text.
   */
  static String groupRules(String spec) {
    if (spec == null || spec.isBlank()) {
      return null;
    }
    List<String> rules = new ArrayList<>();
    for (String regex : splitRegexes(spec)) {
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("-m: `" + regex + "` is not a regex: " + e.getDescription());
      }
      if (regex.contains(";") || regex.contains("=") || regex.matches(".*\\$\\d.*")) {
        throw new IllegalArgumentException("-m: `" + regex + "` names its row, so it cannot hold ;"
            + " = or $ followed by a digit: write \\x3B for ; and \\x3D for =");
      }
      rules.add("(?s).*(?:" + regex + ").*=" + regex);
    }
    return String.join(";", rules);
  }

  /** The regexes of {@code a,b,c}: commas inside (), [] or {} and after a backslash do not split. */
  static List<String> splitRegexes(String spec) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    boolean inClass = false;
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < spec.length(); i++) {
      char c = spec.charAt(i);
      if (c == '\\' && i + 1 < spec.length()) {
        current.append(c).append(spec.charAt(++i));
        continue;
      }
      if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
      } else if (c == '(' || c == '{') {
        depth++;
      } else if ((c == ')' || c == '}') && depth > 0) {
        depth--;
      } else if (c == ',' && depth == 0) {
        add(out, current);
        continue;
      }
      current.append(c);
    }
    add(out, current);
    return out;
  }

  private static void add(List<String> out, StringBuilder current) {
    String s = current.toString().trim();
    if (!s.isEmpty()) {
      out.add(s);
    }
    current.setLength(0);
  }

  private static String joinRules(String a, String b) {
    if (a == null) {
      return b;
    }
    return b == null || b.isBlank() ? a : a + ";" + b;
  }
}
