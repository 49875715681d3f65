package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.store.RunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code isutools4j} command the README uses: the script the build leaves beside the jar, run
 * as a shell runs it, directly and through a link elsewhere; and the class-data archive the build
 * leaves beside them, which the script gives only to the java that made it.
 */
class LauncherIT {

  private static final Path LAUNCHER = Path.of("target/isutools4j");

  @TempDir
  Path dir;

  private record Ran(int exit, String output) {}

  /** A run whose JVM logged the classes it loaded: where the command's main class came from. */
  private record Logged(int exit, String output, String mainLoaded) {}

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

  private static String version() {
    return "isutools4j " + System.getProperty("isutools.test.version");
  }

  /** The archive the build made: an AOT cache (JDK 25 and later) or a static CDS archive. */
  private static Path archive() {
    Path aot = LAUNCHER.resolveSibling("isutools4j.aot");
    return Files.exists(aot) ? aot : LAUNCHER.resolveSibling("isutools4j.jsa");
  }

  /**
   * Runs {@code --version} with the JVM logging each class it loads to a file (a JDK option the
   * java launcher reads from the environment, and notes on stderr): returns the output without
   * that note, and where the command's main class came from.
   */
  private Logged versionLoggingClasses(Path launcher, Map<String, String> env) throws Exception {
    Path classes = Files.createTempFile(dir, "classes", ".log");
    Map<String, String> withLog = new HashMap<>(env);
    withLog.put("JDK_JAVA_OPTIONS", "-Xlog:class+load=info:file=" + classes);
    Ran ran = run(launcher, withLog, "--version");
    String output = ran.output().lines()
        .filter(line -> !line.startsWith("NOTE: Picked up JDK_JAVA_OPTIONS"))
        .reduce("", (all, line) -> all + line + "\n");
    String main = Files.readAllLines(classes).stream()
        .filter(line -> line.contains(" dev.isutools4j.cli.Main source: "))
        .findFirst().orElse("Main not loaded");
    return new Logged(ran.exit(), output, main);
  }

  /** Copies the script, the jar and, when asked, the archive and its record into a new folder. */
  private Path copyOfTheCommand(String name, boolean withArchive) throws Exception {
    Path copy = Files.createDirectories(dir.resolve(name));
    Files.copy(LAUNCHER, copy.resolve("isutools4j"), StandardCopyOption.COPY_ATTRIBUTES);
    Path jar = LAUNCHER.resolveSibling("isutools4j.jar");
    // The archive remembers the jar's time: a copy keeps it, as cp -p does.
    Files.copy(jar, copy.resolve("isutools4j.jar"), StandardCopyOption.COPY_ATTRIBUTES);
    if (withArchive) {
      Files.copy(archive(), copy.resolve(archive().getFileName()));
      Files.copy(LAUNCHER.resolveSibling("isutools4j.jvm"), copy.resolve("isutools4j.jvm"));
    }
    return copy.resolve("isutools4j");
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

  @Test
  void theBuildLeavesAClassDataArchiveThatTheScriptGivesToTheJavaThatMadeIt() throws Exception {
    assertThat(archive()).isRegularFile();
    assertThat(Files.readString(LAUNCHER.resolveSibling("isutools4j.jvm")))
        .startsWith(Path.of(System.getProperty("java.home")).toRealPath() + " \"");
    // Nothing but the version: the archive's use leaves no trace in the output.
    assertVersionLoadsMainFrom(LAUNCHER, "source: shared objects file",
        "the build's archive is used");
  }

  @Test
  void withoutTheArchiveTheJarRunsAsBefore() throws Exception {
    Path launcher = copyOfTheCommand("bare", false);
    assertVersionLoadsMainFrom(launcher, "source: file:", "no archive: the jar");
  }

  @Test
  void anArchiveRecordedForAnotherJavaIsNotGivenToThisOne() throws Exception {
    Path launcher = copyOfTheCommand("other-java", true);
    Files.writeString(launcher.resolveSibling("isutools4j.jvm"), "/opt/another-jdk \"17.0.1+1\"\n");
    assertVersionLoadsMainFrom(launcher, "source: file:", "another java's archive is not used");
  }

  @Test
  void aJarChangedSinceTheArchiveRunsWithoutAWordAboutIt() throws Exception {
    Path launcher = copyOfTheCommand("newer-jar", true);
    Path jar = launcher.resolveSibling("isutools4j.jar");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
    assertVersionLoadsMainFrom(launcher, "source: file:",
        "a jar newer than its archive runs without it");
  }

  @Test
  void anotherInstalledJavaRunsTheCommandWithoutAWordAboutTheArchive() throws Exception {
    Optional<Path> other = otherJava();
    Assumptions.assumeTrue(other.isPresent(), "no other JDK under /usr/lib/jvm");
    Ran version = run(LAUNCHER, Map.of("JAVA_HOME", other.get().toString()), "--version");
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.output()).isEqualTo(version() + "\n");
  }

  /** The compiler tier the command's JVM ran with, as the JVM prints its final flags. */
  private int tieredStopAtLevel(String... args) throws Exception {
    return Integer.parseInt(finalFlag("intx", "TieredStopAtLevel", args));
  }

  /** Whether the command's JVM ran with the serial collector. */
  private boolean serialGc(String... args) throws Exception {
    return Boolean.parseBoolean(finalFlag("bool", "UseSerialGC", args));
  }

  private String finalFlag(String type, String name, String... args) throws Exception {
    Map<String, String> env = new HashMap<>(javaHome());
    env.put("JDK_JAVA_OPTIONS", "-XX:+PrintFlagsFinal");
    Ran ran = run(LAUNCHER, env, args);
    assertThat(ran.exit()).as(ran.output()).isZero();
    Matcher flag = Pattern.compile("(?m)^\\s*" + type + " " + name + "\\s+= (\\w+)").matcher(ran.output());
    assertThat(flag.find()).as(ran.output()).isTrue();
    return flag.group(1);
  }

  @Test
  void alpAndSlpRunOnTheQuickCompilerAloneAndEveryOtherCommandOnTheJvmsDefault() throws Exception {
    Path slow = Files.writeString(dir.resolve("slow.log"), """
        # User@Host: app[app] @ localhost []
        # Query_time: 0.001000  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 1
        SET timestamp=1796231276;
        SELECT 1;
        """);
    Path access = Files.writeString(dir.resolve("access.log"),
        "127.0.0.1 - - [02/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"curl\" 0.001 0.001\n");
    assertThat(tieredStopAtLevel("slp", slow.toString())).isEqualTo(1);
    assertThat(tieredStopAtLevel("alp", "combined", access.toString())).isEqualTo(1);
    assertThat(serialGc("slp", slow.toString())).isTrue();
    assertThat(serialGc("alp", "combined", access.toString())).as("alp gains nothing from it")
        .isEqualTo(serialGc("--version"));
    // A server runs for minutes: the optimising compiler pays there.
    assertThat(tieredStopAtLevel("--version")).isEqualTo(4);
  }

  /**
   * Runs {@code --version} through {@code launcher} logging class loading: it exits 0, prints the
   * version alone, and loaded {@code Main} from {@code source} (the archive or the jar).
   */
  private void assertVersionLoadsMainFrom(Path launcher, String source, String why)
      throws Exception {
    Logged version = versionLoggingClasses(launcher, javaHome());
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.mainLoaded()).as(why).contains(source);
    assertThat(version.output()).isEqualTo(version() + "\n");
  }

  /** A JDK 17 or later of another release than this one, as a machine with several has. */
  private static final Pattern MAJOR = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

  private static Optional<Path> otherJava() throws Exception {
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return Optional.empty();
    }
    String ours = Files.readString(Path.of(System.getProperty("java.home"), "release"));
    try (Stream<Path> homes = Files.list(jvms)) {
      return homes.filter(home -> Files.isExecutable(home.resolve("bin/java")))
          .filter(home -> {
            try {
              String release = Files.readString(home.resolve("release"));
              Matcher major = MAJOR.matcher(release);
              return !release.equals(ours) && major.find() && Integer.parseInt(major.group(1)) >= 17;
            } catch (java.io.IOException unreadable) {
              return false;
            }
          })
          .findFirst();
    }
  }
}
