package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.route.PathRoutes;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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
