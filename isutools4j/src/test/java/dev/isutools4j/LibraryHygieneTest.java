package dev.isutools4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What review would otherwise nag about, enforced over the library's main sources. */
class LibraryHygieneTest {

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      return files.filter(p -> p.toString().endsWith(".java")).toList();
    }
  }

  @Test
  void theLibraryNeverPrintsToTheAppsConsole() throws IOException {
    List<Path> sources = sources();
    assertThat(sources).isNotEmpty();
    for (Path source : sources) {
      String text = Files.readString(source);
      assertThat(text).as(source.toString())
          .doesNotContain("System.out")
          .doesNotContain("System.err")
          .doesNotContain("printStackTrace()");
    }
  }

  @Test
  void theDriverRegistersUnderItsPublicName() throws IOException {
    // ArchitectureTest keeps the public types few; this keeps the service file pointing at one.
    assertThat(Files.readString(Path.of("src/main/resources/META-INF/services/java.sql.Driver")).trim())
        .isEqualTo("dev.isutools4j.jdbc.IsutoolsDriver");
  }
}
