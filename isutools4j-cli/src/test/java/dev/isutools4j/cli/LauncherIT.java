package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.store.RunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code isutools4j} command the README uses: the script the build leaves beside the jar, run
 * as a shell runs it, directly and through a link elsewhere.
 */
class LauncherIT {

  private static final Path LAUNCHER = Path.of("target/isutools4j");

  @TempDir
  Path dir;

  private record Ran(int exit, String output) {}

  private Ran run(Path launcher, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(launcher.toAbsolutePath().toString()));
    command.addAll(List.of(args));
    Path log = Files.createTempFile(dir, "launcher", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile()).directory(dir.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    boolean exited = process.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(exited).as("%s %s exited: %s", launcher, String.join(" ", args), output).isTrue();
    return new Ran(process.exitValue(), output);
  }

  private static Map<String, String> javaHome() {
    return Map.of("JAVA_HOME", System.getProperty("java.home"));
  }

  @Test
  void theBuildLeavesAnExecutableScriptThatRunsTheJar() throws Exception {
    assertThat(LAUNCHER).isRegularFile().isExecutable();
    assertThat(Files.readString(LAUNCHER)).startsWith("#!/bin/sh\n").contains("-jar");
    Ran version = run(LAUNCHER, javaHome(), "--version");
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.output().strip()).isEqualTo("isutools4j " + System.getProperty("isutools.test.version"));
  }

  @Test
  void argumentsPassIntactAndTheExitCodeComesBack() throws Exception {
    Path history = Files.createDirectories(dir.resolve("runs of 'today' $HOME"));
    RunStore store = new RunStore(history, dev.isutools4j.internal.web.RunPage::standalone);
    store.write(ServeCommandTest.run("old", Instant.parse("2026-11-29T10:00:00Z"), 1, "old"));
    store.write(ServeCommandTest.run("new", Instant.parse("2026-11-29T11:00:00Z"), 2, "new"));

    Ran prune = run(LAUNCHER, javaHome(), "prune", "--dir", history.toString(), "--keep", "1");
    assertThat(prune.exit()).as(prune.output()).isZero();
    assertThat(history.resolve("old.html")).doesNotExist();
    assertThat(history.resolve("new.html")).exists();

    Ran wrong = run(LAUNCHER, javaHome(), "prune", "--dir", history.toString(), "--max-size", "lots");
    assertThat(wrong.exit()).as(wrong.output()).isEqualTo(2);
    assertThat(wrong.output()).contains("not a size");
  }

  @Test
  void aLinkToTheScriptFindsTheJarBesideTheScript() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path link = Files.createSymbolicLink(bin.resolve("isutools4j"), LAUNCHER.toAbsolutePath());
    Ran version = run(link, javaHome(), "--version");
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.output()).startsWith("isutools4j ");
  }
}
