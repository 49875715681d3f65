package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;

class RouteNormalizerPropertiesTest {

  /** One segment of a path: a word, or an id slot holding one of two ids plus an extension. */
  record Part(String word, String idA, String idB, String placeholder, String extension) {

    String render(Function<Part, String> id) {
      return word != null ? word : id.apply(this) + extension;
    }
  }

  @Property
  void theRouteIsTheSameWhateverTheIds(
      @ForAll @Size(max = 10) List<@From("parts") Part> parts,
      @ForAll boolean trailingSlash) {
    String a = path(parts, Part::idA, trailingSlash);
    String b = path(parts, Part::idB, trailingSlash);
    String expected = path(parts, Part::placeholder, trailingSlash);

    assertThat(RouteNormalizer.normalize(a)).isEqualTo(expected);
    assertThat(RouteNormalizer.normalize(b)).isEqualTo(expected);
  }

  @Property
  void anyStringGivesARouteStartingWithASlash(@ForAll String any) {
    assertRoute(RouteNormalizer.normalize(any));
  }

  @Property
  void pathLikeStringsGiveARouteStartingWithASlash(@ForAll("pathLike") String path) {
    String route = RouteNormalizer.normalize(path);

    assertRoute(route);
    assertThat(route).doesNotContain("?", "#");
  }

  @Property
  void normalizingARouteAgainChangesNothing(@ForAll("pathLike") String path) {
    String route = RouteNormalizer.normalize(path);
    Assume.that(route.length() <= RouteNormalizer.MAX_LENGTH && route.indexOf('\u2026') < 0);

    assertThat(RouteNormalizer.normalize(route)).isEqualTo(route);
  }

  @Property
  void theQueryAndFragmentNeverMatter(
      @ForAll("pathLike") String path, @ForAll("pathLike") String query, @ForAll boolean hash) {
    String bare = path.substring(0, RouteNormalizer.pathEnd(path));

    assertThat(RouteNormalizer.normalize(bare + (hash ? "#" : "?") + query))
        .isEqualTo(RouteNormalizer.normalize(bare));
  }

  /** A path not starting with "/" is routed as if it had one. */
  @Property
  void aMissingLeadingSlashIsAdded(@ForAll("pathLike") String path) {
    Assume.that(!path.startsWith("/") && path.length() < RouteNormalizer.MAX_LENGTH);

    assertThat(RouteNormalizer.normalize(path)).isEqualTo(RouteNormalizer.normalize("/" + path));
  }

  private static void assertRoute(String route) {
    assertThat(route).isNotEmpty().startsWith("/");
    assertThat(route.length()).isLessThanOrEqualTo(3 * RouteNormalizer.MAX_LENGTH);
  }

  private static String path(List<Part> parts, Function<Part, String> id, boolean trailingSlash) {
    StringBuilder path = new StringBuilder();
    for (Part part : parts) {
      path.append('/').append(part.render(id));
    }
    if (path.length() == 0 || trailingSlash) {
      path.append('/');
    }
    return path.toString();
  }

  @Provide
  Arbitrary<Part> parts() {
    Arbitrary<String> words =
        Arbitraries.strings().alpha().withChars("-_@~").ofMinLength(1).ofMaxLength(12);
    Arbitrary<String> extensions = Arbitraries.of("", ".jpg", ".json", ".tar.gz");
    Arbitrary<Part> word = words.map(w -> new Part(w, null, null, null, null));
    Arbitrary<Part> number = Combinators
        .combine(Arbitraries.longs(), Arbitraries.longs(), extensions)
        .as((a, b, ext) -> new Part(null, Long.toString(a), Long.toString(b), "{id}", ext));
    Arbitrary<Part> uuid = Combinators.combine(uuids(), uuids(), extensions)
        .as((a, b, ext) -> new Part(null, a, b, "{uuid}", ext));
    return Arbitraries.frequencyOf(Tuple.of(3, word), Tuple.of(2, number), Tuple.of(1, uuid));
  }

  private static Arbitrary<String> uuids() {
    return Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
        .as((msb, lsb) -> new UUID(msb, lsb).toString());
  }

  @Provide
  Arbitrary<String> pathLike() {
    return Arbitraries.strings()
        .withChars("//////....??##-+0123456789abcdefxyzABCDEF@%\u2026\uD83D\uDE00")
        .ofMaxLength(700);
  }
}
