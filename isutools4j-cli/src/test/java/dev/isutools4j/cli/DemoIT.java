package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's demo, on the embedded database with a tiny scale and short runs. */
class DemoIT {

  @TempDir
  Path dir;

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private Process demo(Path log, String... extra) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new java.util.ArrayList<>(List.of(java, "-jar",
        Path.of("target/isutools4j.jar").toString(), "demo",
        "--isugram", Path.of("../isugram/target/isugram.jar").toString(),
        "--dir", dir.toString()));
    command.addAll(List.of(extra));
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  /** The last JSON object a bench log holds, as the demo reads it. */
  private Map<String, Object> benchResult(String name) throws IOException {
    String text = Files.readString(dir.resolve("demo-logs").resolve(name + ".json")).trim();
    return JSON.std.mapFrom(text.substring(text.lastIndexOf('{')));
  }

  private static long number(Map<String, Object> map, String key) {
    return ((Number) map.get(key)).longValue();
  }

  @Test
  void leavesOneSavedRunPerLevelMeasuredAfterItsWarmUp() throws Exception {
    Path log = dir.resolve("demo.log");
    String addr = "127.0.0.1:" + freePort();
    Process process = demo(log, "--scale", "0.01", "--duration", "3", "--warmup", "3", "--levels", "0,1,2",
        "--exit", "--addr", addr, "--port", String.valueOf(freePort()));
    boolean exited = process.waitFor(10, TimeUnit.MINUTES);
    if (!exited) {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(exited).as(output).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("dashboard: http://127.0.0.1:");

    List<Path> runs;
    try (Stream<Path> files = Files.list(dir)) {
      runs = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertThat(runs).hasSize(3);
    List<String> ids = runs.stream().map(p -> p.getFileName().toString().replace(".json", "")).toList();
    for (int level = 0; level < 3; level++) {
      Map<String, Object> meta = (Map<String, Object>) JSON.std.mapFrom(Files.readString(runs.get(level))).get("meta");
      assertThat(meta).containsEntry("note", "tuning level " + level);
      assertThat(meta.get("score")).isInstanceOf(Number.class);
      assertThat((Number) meta.get("requests")).matches(n -> n.longValue() > 0, "requests recorded");

      Map<String, Object> warmUp = benchResult("bench-level-" + level + "-warmup-1");
      Map<String, Object> measured = benchResult("bench-level-" + level);
      assertThat(number(warmUp, "success")).as("level %d's warm-up served requests", level).isPositive();
      assertThat(number(meta, "requests")).as("level %d's run holds its measured load, not the warm-up's", level)
          .isLessThanOrEqualTo(number(measured, "success") + number(measured, "fail"));
      assertThat(number(meta, "score")).isEqualTo(number(measured, "score"));
    }
    String base = "http://" + addr;
    assertThat(output).contains("+ indexes on comments and posts")
        .contains("+ post lists in two queries with LIMIT (no N+1)")
        .contains("run:  " + base + "/runs/" + ids.get(0))
        .contains("run:  " + base + "/runs/" + ids.get(2))
        .contains("diff: " + base + "/diff?a=" + ids.get(0) + "&b=" + ids.get(1))
        .contains("diff: " + base + "/diff?a=" + ids.get(1) + "&b=" + ids.get(2))
        .doesNotContain("diff: " + base + "/diff?a=" + ids.get(2));
    assertThat(output.lines().filter(l -> l.matches("[0-2] +\\d+ (pass|FAIL) +\\S.*"))).as(output).hasSize(3);
  }

  @Test
  void aTakenPortIsAClearErrorNotAStackTrace() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Path log = dir.resolve("busy.log");
      Process process = demo(log, "--exit", "--port", String.valueOf(busy.getLocalPort()),
          "--addr", "127.0.0.1:" + freePort());
      assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
      String output = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(process.exitValue()).as(output).isNotZero();
      assertThat(output).contains("port " + busy.getLocalPort()).contains("taken")
          .doesNotContain("Exception");
    }
  }

  @Test
  void anUnreachableDatabaseIsAClearError() throws Exception {
    Path log = dir.resolve("nodb.log");
    int closed = freePort(); // nothing listens there
    Process process = demo(log, "--exit", "--db", "jdbc:mariadb://127.0.0.1:" + closed + "/isugram?user=x&password=y",
        "--port", String.valueOf(freePort()), "--addr", "127.0.0.1:" + freePort());
    assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(output).isNotZero();
    assertThat(output).contains("isugram load failed");
  }
}
