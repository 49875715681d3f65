package dev.isutools4j.agent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.FileDescriptor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The agent, inlined into the app's own classes, never writes to the app's stdout or stderr: what
 * it has to say (off, a class it could not instrument) goes through {@code System.Logger}.
 */
class ConsoleOutputTest {

  @Test
  void noClassOfTheAgentWritesToTheConsole() {
    JavaClasses agent = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPath(Path.of("target/classes"));
    assertThat(agent).as("the agent's compiled classes").hasSizeGreaterThan(20);
    noClasses()
        .should().accessField(System.class, "out")
        .orShould().accessField(System.class, "err")
        .orShould().accessField(FileDescriptor.class, "out")
        .orShould().accessField(FileDescriptor.class, "err")
        .orShould().callMethod(Throwable.class, "printStackTrace")
        .orShould().callMethod(System.class, "console")
        .because("the app's output is the app's")
        .check(agent);
  }
}
