package dev.isutools4j.logs.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.http.PathRoutes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Without route rules, lines are grouped by the shape of their path (ids blanked out) and not by
 * the path itself: every line must still land in the row of its own path's route.
 */
class RouteShapeTest {

  private static final List<String> PIECES = List.of("/", ".", "posts", "v1", "123", "0", "007",
      "2009", "123abc", "abc123", "1.5", "-5", "+7", "550e8400-e29b-41d4-a716-446655440000",
      "3f9a8c7e1b2d4f60", "1234567890123456", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "%20", "é", "日本",
      "@alice", "", "?q=1", "#x", "9".repeat(40), "x".repeat(120), "\0");

  @Provide
  Arbitrary<String> paths() {
    return Arbitraries.of(PIECES).list().ofMinSize(0).ofMaxSize(12).map(l -> String.join("", l));
  }

  @Property(tries = 300)
  void everyLineLandsInItsOwnPathsRoute(@ForAll("pathLists") List<String> paths) throws IOException {
    PathRoutes routes = PathRoutes.of(null);
    Map<String, Long> expected = new TreeMap<>();
    StringBuilder log = new StringBuilder();
    for (String p : paths) {
      String path = p.isEmpty() ? "/" : p;
      log.append("method:GET\turi:").append(path).append("\tstatus:200\treqtime:0.001\n");
      expected.merge("GET " + routes.route(path), 1L, Long::sum);
    }
    AccessReport report = AccessLogDigest.read(new ByteArrayInputStream(
        log.toString().getBytes(StandardCharsets.UTF_8)), AccessLogDigest.Options.defaults()
        .withFormat(AccessFormat.LTSV).withMaxRows(100_000));
    Map<String, Long> actual = new TreeMap<>();
    for (AccessRow r : report.rows()) {
      actual.put(r.method() + " " + r.route(), r.count());
    }
    assertThat(actual).isEqualTo(expected);
  }

  /** Paths, each with variants that differ in their digits only: where a shape could go wrong. */
  @Provide
  Arbitrary<List<String>> pathLists() {
    Arbitrary<String> near512 = Arbitraries.integers().between(480, 530)
        .map(n -> "/a/" + "1".repeat(n) + "/b");
    Arbitrary<List<String>> family = Arbitraries.oneOf(paths(), near512).flatMap(path ->
        Arbitraries.longs().list().ofMinSize(1).ofMaxSize(4).map(seeds -> {
          List<String> out = new java.util.ArrayList<>(List.of(path));
          for (long seed : seeds) {
            out.add(digitsChanged(path, seed));
          }
          return out;
        }));
    return family.list().ofMinSize(1).ofMaxSize(15)
        .map(l -> l.stream().flatMap(List::stream).toList());
  }

  private static String digitsChanged(String path, long seed) {
    java.util.Random r = new java.util.Random(seed);
    StringBuilder b = new StringBuilder();
    for (char c : path.toCharArray()) {
      if (c >= '0' && c <= '9') {
        int n = r.nextInt(4); // a digit dropped, changed, or doubled
        for (int i = 0; i < n; i++) {
          b.append((char) ('0' + r.nextInt(10)));
        }
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
