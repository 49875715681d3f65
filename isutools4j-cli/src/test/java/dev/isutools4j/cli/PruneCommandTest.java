package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.RunPage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code isutools4j prune}: older runs lose their pages and folders, every JSON stays. */
class PruneCommandTest {

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  @BeforeEach
  void threeRunsWithArtifacts() throws Exception {
    RunStore store = new RunStore(dir, RunPage::standalone);
    for (int i = 1; i <= 3; i++) {
      store.write(ServeCommandTest.run("r" + i, Instant.parse("2026-11-29T1" + i + ":00:00Z"), i, "n"));
      Path folder = Files.createDirectories(dir.resolve("r" + i).resolve("profiles"));
      Files.write(folder.resolve("cpu.jfr"), new byte[100_000]);
    }
  }

  private int prune(String... args) {
    PruneCommand command = new PruneCommand();
    command.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    command.err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return new CommandLine(command).execute(args);
  }

  private Stream<String> names() throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).toList().stream();
    }
  }

  @Test
  void keepsTheArtifactsOfTheNewestRunsAndEveryJson() throws Exception {
    assertThat(prune("--dir", dir.toString(), "--keep", "1")).isZero();
    assertThat(names()).containsExactlyInAnyOrder("r1.json", "r2.json", "r3.json", "r3.html", "r3");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("r2.html").contains(dir.resolve("r1") + System.lineSeparator())
        .contains("removed 4 artifacts");
    assertThat(new RunStore(dir).list()).hasSize(3);
  }

  @Test
  void keepsTheDirectoryWithinASize() throws Exception {
    assertThat(prune("--dir", dir.toString(), "--max-size", "150k")).isZero();
    assertThat(names()).containsExactlyInAnyOrder("r1.json", "r2.json", "r3.json", "r3.html", "r3");
    out.reset();
    assertThat(prune("--dir", dir.toString(), "--max-size", "150k")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("nothing to remove");
  }

  @Test
  void needsALimit() {
    assertThat(prune("--dir", dir.toString())).isEqualTo(2);
  }

  @Test
  void readsSizes() {
    assertThat(PruneCommand.parseSize("123")).isEqualTo(123);
    assertThat(PruneCommand.parseSize("10k")).isEqualTo(10_240);
    assertThat(PruneCommand.parseSize("1.5M")).isEqualTo(1_572_864);
    assertThat(PruneCommand.parseSize("2GB")).isEqualTo(2L << 30);
    assertThatThrownBy(() -> PruneCommand.parseSize("lots")).isInstanceOf(IllegalArgumentException.class);
  }
}
