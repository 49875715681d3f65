package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An app's own output is its own: a JVM with the library jar runs a benchmark-like reset, work and
 * save with the profiler on, under a low open-files limit that makes async-profiler warn (it
 * cannot open a perf event for threads started with no descriptor left). Its stdout holds only
 * the app's lines, its stderr only the library's one start line; the profiler's warnings are in
 * the run's folder.
 */
class QuietAppIT {

  // The start line, on one line (JUL's default format takes two); the history is the test's.
  private static final Pattern START = Pattern.compile(
      "INFO: isutools4j: admin server on http://127\\.0\\.0\\.1:\\d+/ , history in .+");

  @TempDir
  Path history;

  private static Path jar() {
    Path jar = Path.of(System.getProperty("isutools.test.jar", "target/missing.jar"));
    assertThat(jar).as("the packaged library jar").exists();
    return jar;
  }

  @Test
  void theAppsOutputHoldsOnlyItsOwnLinesAndTheStartLine() throws Exception {
    Path h2 = Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path probe = Path.of(QuietProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path out = history.resolveSibling(history.getFileName() + ".out");
    Path err = history.resolveSibling(history.getFileName() + ".err");
    // The shell lowers the soft and the hard limit: the JVM cannot raise it back.
    Process process = new ProcessBuilder("sh", "-c", "ulimit -n 512 && exec \"$0\" \"$@\"", java,
        "-cp", String.join(File.pathSeparator, jar().toString(), h2.toString(), probe.toString()),
        "-Djava.util.logging.SimpleFormatter.format=%4$s: %5$s%6$s%n",
        "-Disutools.addr=127.0.0.1:0", "-Disutools.dir=" + history, "-Disutools.profile=cpu",
        // Perf events first: each needs a descriptor per thread, the warning this test provokes.
        "-Disutools.profile.events=cpu,ctimer", QuietProbe.class.getName())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    boolean exited = process.waitFor(120, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }
    List<String> stdout = Files.readAllLines(out, StandardCharsets.UTF_8);
    List<String> stderr = Files.readAllLines(err, StandardCharsets.UTF_8);
    String both = "stdout " + stdout + "\nstderr " + stderr;
    assertThat(exited).as(both).isTrue();
    assertThat(process.exitValue()).as(both).isZero();

    assertThat(stdout).as(both).hasSize(3);
    assertThat(stdout.get(0)).isEqualTo(QuietProbe.STARTED);
    assertThat(stdout.get(1)).as(both).startsWith("probe: saved 200 ");
    assertThat(stdout.get(2)).isEqualTo(QuietProbe.DONE);
    assertThat(stderr).as(both).singleElement().asString().matches(START);

    Path[] runs = Files.list(history).filter(p -> p.toString().endsWith(".json")).toArray(Path[]::new);
    assertThat(runs).hasSize(1);
    Map<String, Object> profile = (Map<String, Object>) JSON.std.mapFrom(Files.readString(runs[0]))
        .get("profile");
    assertThat(profile.get("engine")).as(both).isEqualTo("async-profiler");
    if ("cpu".equals(profile.get("event"))) {
      // Perf events: each thread started with no descriptor left was one the profiler warned of.
      Map<String, Object> files = (Map<String, Object>) profile.get("files");
      assertThat(files).as("profile files").containsKey("log");
      String log = Files.readString(history.resolve((String) files.get("log")));
      assertThat(log).contains("perf_event_open for TID").contains("Too many open files");
    } else {
      System.out.println("QuietAppIT: async-profiler sampled with " + profile.get("event")
          + ", not perf events (kernel.perf_event_paranoid?): its per-thread warning was not provoked;"
          + " the output was checked all the same");
    }
  }
}
