package dev.isutools4j;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.isutools4j.testing.QuietProbe;
import java.io.FileDescriptor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The library never writes to the app's stdout or stderr: its start line and its warnings go
 * through {@code System.Logger}, which the app's logging configures (QuietAppIT runs a JVM and
 * reads both streams; this rule keeps the code from starting again).
 */
class ConsoleOutputTest {

  static final ArchRule NO_CONSOLE = noClasses()
      .should().accessField(System.class, "out")
      .orShould().accessField(System.class, "err")
      .orShould().accessField(FileDescriptor.class, "out")
      .orShould().accessField(FileDescriptor.class, "err")
      .orShould().callMethod(Throwable.class, "printStackTrace")
      .orShould().callMethod(System.class, "console")
      .because("the app's output is the app's: isutools4j says what it has to say through"
          + " System.Logger");

  @Test
  void noClassOfTheLibraryWritesToTheConsole() {
    JavaClasses library = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPath(Path.of("target/classes"));
    assertThat(library).as("the library's compiled classes").hasSizeGreaterThan(100);
    NO_CONSOLE.check(library);
  }

  @Test
  void theRuleCatchesAClassThatPrints() {
    assertThat(NO_CONSOLE.evaluate(new ClassFileImporter().importClasses(QuietProbe.class))
        .hasViolation()).isTrue();
  }
}
