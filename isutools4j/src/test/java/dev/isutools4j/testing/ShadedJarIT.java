package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The library jar is self-contained: its third-party classes are relocated, and it runs alone. */
class ShadedJarIT {

  @TempDir
  Path history;

  private static Path jar() {
    Path jar = Path.of(System.getProperty("isutools.test.jar", "target/missing.jar"));
    assertThat(jar).as("the packaged library jar").exists();
    return jar;
  }

  @Test
  void everyClassLivesUnderTheProjectsPackage() throws Exception {
    List<String> foreign = new ArrayList<>();
    try (JarFile jar = new JarFile(jar().toFile())) {
      jar.stream()
          .map(e -> e.getName())
          .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
          .filter(n -> !n.startsWith("dev/isutools4j/"))
          // async-profiler's native methods are bound to its own class names: it stays as it is.
          .filter(n -> !n.startsWith("one/profiler/"))
          .forEach(foreign::add);
      assertThat(jar.getEntry("linux-x64/libasyncProfiler.so")).isNotNull();
      assertThat(jar.getEntry("linux-arm64/libasyncProfiler.so")).isNotNull();
      assertThat(jar.getEntry("META-INF/services/java.sql.Driver")).isNotNull();
      assertThat(jar.getEntry("dev/isutools4j/internal/shaded/hdrhistogram/AtomicHistogram.class")).isNotNull();
    }
    assertThat(foreign).isEmpty();
  }

  @Test
  void theJarAloneRecordsAndSavesARun() throws Exception {
    Path h2 = Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path probe = Path.of(JarProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = String.join(File.pathSeparator, jar().toString(), h2.toString(), probe.toString());
    Path log = Files.createTempFile("jar-probe", ".log");
    Process process = new ProcessBuilder(java, "-cp", classpath,
        "-Disutools.addr=127.0.0.1:0", "-Disutools.dir=" + history, JarProbe.class.getName())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    // The probe's main returns: the JVM must exit by itself (no isutools4j thread keeps it alive).
    boolean exited = process.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(exited).as("the probe JVM exited by itself; output: %s", output).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("saved 200");
    // The version a hub is told at reset, from the shaded jar's manifest.
    assertThat(output).contains("reset version " + System.getProperty("isutools.test.version") + "\n");

    Path[] runs = Files.list(history).filter(p -> p.toString().endsWith(".json")).toArray(Path[]::new);
    assertThat(runs).hasSize(1);
    Map<String, Object> run = JSON.std.mapFrom(Files.readString(runs[0]));
    assertThat(run.get("sql").toString()).contains("insert into t").contains("count=3");
    assertThat(run.get("counters").toString()).contains("probe-cache");
    // The bundled profiler loads from the jar alone.
    assertThat(((Map<?, ?>) run.get("profile")).get("engine")).as(output).isEqualTo("async-profiler");
  }
}
