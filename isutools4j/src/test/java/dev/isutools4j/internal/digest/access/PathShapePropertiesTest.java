package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.route.RouteTemplates;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The route cache keyed by a path's shape gives every line the row its path's route names, as if
 * each path were named on its own: shapes never merge paths of different routes.
 */
class PathShapePropertiesTest {

  @Provide
  Arbitrary<String> paths() {
    Arbitrary<String> piece = Arbitraries.oneOf(
        Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20),
        Arbitraries.strings().withChars("0123456789abcdefABCDEF").ofMinLength(14).ofMaxLength(40),
        Arbitraries.of("posts", "image", "v1", "@alice", "-5", "+7", "x1", "0x1f", "", "abcdefabcdefabcdef",
            "01ARZ3NDEKTSV4RRFFQ69G5FAV", "550e8400-e29b-41d4-a716-446655440000", "\u00e9t\u00e9", "%20"));
    Arbitrary<String> separator = Arbitraries.of("/", "/", "/", ".");
    return net.jqwik.api.Combinators.combine(Arbitraries.oneOf(piece, separator).list().ofMaxSize(12),
            Arbitraries.integers().between(0, 9))
        .as((parts, k) -> (k > 0 ? "/" : "") + String.join("", parts)); // a few paths without "/"
  }

  @Property(tries = 300)
  void rowsAreThoseOfEachPathsOwnRoute(@ForAll @Size(min = 1, max = 60) List<@net.jqwik.api.From("paths") String> paths,
      @ForAll boolean query) {
    PathRoutes routes = PathRoutes.of(null);
    AccessAggregator a = new AccessAggregator(AccessParser.of(AccessFormat.LTSV, AccessKeys.defaults()),
        routes, 10_000, 65_536);
    Map<String, Long> expected = new HashMap<>();
    long n = 0;
    for (String path : paths) {
      String uri = query ? path + "?id=" + (n++) : path;
      byte[] line = ("method:GET\turi:" + uri + "\tstatus:200\tsize:1\treqtime:0.001")
          .getBytes(StandardCharsets.UTF_8);
      a.line(line, 0, line.length, n, 0, false);
      expected.merge("GET " + routes.route(path), 1L, Long::sum);
    }
    Map<String, Long> actual = new HashMap<>();
    a.groups().values().forEach(g -> actual.put(g.key(), g.count));
    assertThat(actual).isEqualTo(expected);
  }

  /**
   * With the app's templates too: templates made from some of the paths, pieces turned into
   * variables, wildcards, digit regexes or kept (an id kept literal, or a variable before hex
   * digits, makes a template shape-unstable, and the paths under it are cached by themselves);
   * each path seen again with other ids of the same shape.
   */
  @Property(tries = 300)
  void rowsAreThoseOfEachPathsOwnRouteWithTemplates(
      @ForAll @Size(min = 1, max = 60) List<@net.jqwik.api.From("paths") String> paths,
      @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 255) Integer> masks) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < masks.size() && i < paths.size(); i++) {
      keys.add("GET " + template(paths.get(i), masks.get(i)));
    }
    PathRoutes routes = PathRoutes.of(null).withTemplates(RouteTemplates.ofKeys(keys));
    AccessAggregator a = new AccessAggregator(AccessParser.of(AccessFormat.LTSV, AccessKeys.defaults()),
        routes, 10_000, 65_536);
    Map<String, Long> expected = new HashMap<>();
    long n = 0;
    List<String> all = new ArrayList<>(paths);
    paths.forEach(path -> all.add(otherIds(path))); // the same shape: a cache hit when keyed by shape
    for (String path : all) {
      for (String method : List.of("GET", "POST")) {
        byte[] line = ("method:" + method + "\turi:" + path + "\tstatus:200\tsize:1\treqtime:0.001")
            .getBytes(StandardCharsets.UTF_8);
        a.line(line, 0, line.length, ++n, 0, false);
        expected.merge(method + " " + routes.route(method, path), 1L, Long::sum);
      }
    }
    Map<String, Long> actual = new HashMap<>();
    a.groups().values().forEach(g -> actual.put(g.key(), g.count));
    assertThat(actual).isEqualTo(expected);
  }

  /** {@code path} with its n-th piece (between '/' and '.') a variable where bit n of mask is set. */
  private static String template(String path, int mask) {
    String p = path.startsWith("/") ? path : "/" + path;
    StringBuilder out = new StringBuilder("/");
    int piece = 0;
    int from = 1;
    for (int i = 1; i <= p.length(); i++) {
      if (i == p.length() || p.charAt(i) == '/' || p.charAt(i) == '.') {
        String text = p.substring(from, i);
        boolean variable = !text.isEmpty() && (mask >> (piece++ % 8) & 1) == 1;
        String literal = text.replaceAll("[{}*?]", "x");
        if (!variable) {
          out.append(literal);
        } else if (piece % 3 == 0) {
          out.append('*');
        } else if (piece % 5 == 2) {
          out.append("{v").append(piece).append(":[0-9]+}");
        } else if (piece % 3 == 1 && literal.length() > 2) {
          out.append("{v").append(piece).append('}').append(literal.substring(literal.length() / 2));
        } else {
          out.append("{v").append(piece).append('}');
        }
        if (i < p.length()) {
          out.append(p.charAt(i));
        }
        from = i + 1;
      }
    }
    return out.toString();
  }

  /** {@code path} with other ids of the same kinds: digits for digits, long hex for long hex. */
  private static String otherIds(String path) {
    StringBuilder out = new StringBuilder();
    for (String part : path.split("(?<=[/.])|(?=[/.])")) {
      if (part.matches("[0-9]+")) {
        out.append("9").append(part);
      } else if (part.length() >= 16 && part.matches("[0-9a-fA-F]+") && part.matches(".*[0-9].*")
          && part.matches(".*[a-fA-F].*")) {
        out.append("0a").append(part.substring(2, part.length() - 1)).append('5');
      } else {
        out.append(part);
      }
    }
    return out.toString();
  }

  @Property
  void idsOfTheSameShapeShareAKey(@ForAll("paths") String path) {
    byte[] b = path.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[b.length + 1];
    int end = PathShape.write(b, 0, b.length, out, 0);
    String shape = new String(out, 0, end, StandardCharsets.ISO_8859_1);
    String other = path.replaceAll("(?<=^|[/.])[0-9]+(?=$|[/.])", "42");
    byte[] ob = other.getBytes(StandardCharsets.UTF_8);
    byte[] oout = new byte[ob.length + 1];
    int oend = PathShape.write(ob, 0, ob.length, oout, 0);
    assertThat(new String(oout, 0, oend, StandardCharsets.ISO_8859_1)).isEqualTo(shape);
  }
}
