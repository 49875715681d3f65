package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command jar's {@code alp} and {@code slp} run as a user runs them: as subprocesses. */
class LogCommandsIT {

  @TempDir
  Path dir;

  private record Run(int code, String out, String err) {}

  private Run cli(Path stdin, String... args) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-jar",
        Path.of("target/isutools4j.jar").toString()));
    command.addAll(List.of(args));
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    if (stdin != null) {
      builder.redirectInput(stdin.toFile());
    }
    Process p = builder.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static Path log(String name) throws URISyntaxException {
    return Path.of(LogCommandsIT.class.getResource("/logs/" + name).toURI());
  }

  @Test
  void alpReadsAPipeAndPrintsItsTable() throws Exception {
    Run r = cli(log("access/ltsv.log"), "alp", "ltsv", "-r");
    assertThat(r.code()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(1)).startsWith("| COUNT | 1XX |");
    assertThat(lines.get(3)).contains("| GET    | /api/posts/{id}  |").contains("1593.000");
    assertThat(r.err()).contains("stdin line 7").doesNotContain("Exception");
  }

  @Test
  void slpWritesJsonThatParsesBack() throws Exception {
    Run r = cli(null, "slp", log("slow/mariadb-10.11.log").toString(), "--format", "json",
        "--progress");
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, Object> doc = JSON.std.mapFrom(r.out());
    assertThat(doc).containsEntry("entries", 20);
    assertThat((List<?>) doc.get("rows")).hasSize(14);
    assertThat(r.err()).contains("slp: 152 lines, 20 entries in");
  }

  @Test
  void aMissingFileIsAClearErrorAndBadInputIsNot() throws Exception {
    Run missing = cli(null, "alp", "combined", dir.resolve("nope.log").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("alp: no such file: ").doesNotContain("Exception");
    Path binary = Files.write(dir.resolve("binary.log"), new byte[] {0, 1, 2, (byte) 0xff, '\n', 7});
    Run garbage = cli(null, "slp", binary.toString());
    assertThat(garbage.code()).isZero();
    assertThat(garbage.err()).contains("could not be read");
  }

  @Test
  void noProgressBarWhenStderrIsAFile() throws Exception {
    Path big = dir.resolve("big.log");
    try (Writer w = Files.newBufferedWriter(big)) {
      for (int i = 0; i < 170_000; i++) {
        w.write("method:GET\turi:/items/" + i + "\tstatus:200\tsize:" + i % 977
            + "\treqtime:0.00" + i % 10 + "\n");
      }
    }
    assertThat(Files.size(big)).isGreaterThan(8L << 20);
    Run r = cli(null, "alp", "ltsv", big.toString(), "--format", "tsv");
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains("GET\t/items/{id}").contains("170000\t");
  }
}
