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

  @Test
  void leavesOneSavedRunPerLevel() throws Exception {
    Path log = dir.resolve("demo.log");
    Process process = demo(log, "--scale", "0.01", "--duration", "3", "--levels", "0,1,2",
        "--exit", "--addr", "127.0.0.1:" + freePort(), "--port", String.valueOf(freePort()));
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
    for (int level = 0; level < 3; level++) {
      Map<String, Object> meta = (Map<String, Object>) JSON.std.mapFrom(Files.readString(runs.get(level))).get("meta");
      assertThat(meta).containsEntry("note", "tuning level " + level);
      assertThat(meta.get("score")).isInstanceOf(Number.class);
      assertThat((Number) meta.get("requests")).matches(n -> n.longValue() > 0, "requests recorded");
    }
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
