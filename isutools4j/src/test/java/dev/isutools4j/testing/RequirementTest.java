package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class RequirementTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream log = new PrintStream(printed, true, StandardCharsets.UTF_8);

  @Test
  void presentRequirementPassesSilently() {
    assertThatCode(() -> Requirement.require("thing", true, "unused", true, log)).doesNotThrowAnyException();
    assertThatCode(() -> Requirement.require("thing", true, "unused", false, log)).doesNotThrowAnyException();
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void missingRequirementSkipsOutsideCiAndSaysWhy() {
    assertThatThrownBy(() -> Requirement.require("Skipped widget", false, "not installed", false, log))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("Skipped widget")
        .hasMessageContaining("not installed");
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("SKIP").contains("Skipped widget").contains("not installed");
  }

  @Test
  void missingRequirementFailsOnCiAndSaysWhy() {
    assertThatThrownBy(() -> Requirement.require("Failed widget", false, "not installed", true, log))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("Failed widget")
        .hasMessageContaining("not installed")
        .hasMessageContaining("CI=true");
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("FAIL").contains("Failed widget").contains("not installed");
  }

  @Test
  void findsAShellButNotANonsenseName() {
    assertThat(Executables.find("sh")).isPresent();
    assertThat(Executables.find("no-such-program-isutools4j")).isEmpty();
  }
}
