package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.testing.SavedRuns;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PackagePrefixesTest {

  private static boolean startsWithAny(String name, List<String> prefixes) {
    return prefixes.stream().anyMatch(name::startsWith);
  }

  @Test
  void itMatchesAsStartsWithWould() {
    List<String> prefixes = List.of("org.springframework.", "java.", "dev.isutools4j.Isutools",
        "dev.isutools4j.internal.", "reactor.", "a");
    PackagePrefixes set = new PackagePrefixes(prefixes);
    for (String name : List.of("org.springframework.web.Dispatcher.run", "org.springframeworks.X.y",
        "org.spring", "org", "org.", "java.lang.Thread.run", "javax.sql.DataSource.get", "java",
        "dev.isutools4j.Isutools.wrap", "dev.isutools4j.Isutools$1.run", "dev.isutools4j.IsutoolsX.y",
        "dev.isutools4j.Isutool.y", "dev.isutools4j.internal.jdbc.R.r", "dev.isutools4j.isugram.Main.main",
        "reactor.core.Flux.map", "reactorx.A.b", "app.Main.main", "b.A.main", "", "...")) {
      assertThat(set.matches(name)).as(name).isEqualTo(startsWithAny(name, prefixes));
    }
  }

  @Test
  void theKnownListsMatchEverySavedFrameAsStartsWithWould() {
    List<String> names = new ArrayList<>();
    for (Path run : SavedRuns.all()) {
      Object profile = SavedRuns.tree(run).get("profile");
      if (profile instanceof Map<?, ?> p && p.get("flame") instanceof Map<?, ?> flame
          && flame.get("frames") instanceof List<?> frames) {
        frames.forEach(f -> names.add(String.valueOf(f)));
      }
    }
    assertThat(names).hasSizeGreaterThan(1000);
    for (String name : names) {
      assertThat(KnownPackages.LIBRARIES.matches(name)).as(name)
          .isEqualTo(startsWithAny(name, KnownPackages.LIBRARY_PACKAGES));
      assertThat(KnownPackages.ISUTOOLS4J.matches(name)).as(name)
          .isEqualTo(startsWithAny(name, KnownPackages.ISUTOOLS4J_PACKAGES));
    }
  }
}
