package dev.isutools4j.benchmarks.logs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One timed run of a command: its wall time (measured here, in nanoseconds) and its peak memory
 * (the maximum resident set size as GNU time reports it, {@code /usr/bin/time -f %M}). Standard
 * output goes to /dev/null.
 */
record Timed(double seconds, long maxRssKib) {

  static final Path TIME = Path.of("/usr/bin/time");

  static Timed run(List<String> command, Path scratch) throws IOException, InterruptedException {
    Path report = Files.createTempFile(scratch, "time-", ".txt");
    Path errors = Files.createTempFile(scratch, "stderr-", ".txt");
    List<String> full = new ArrayList<>();
    boolean gnuTime = Files.isExecutable(TIME);
    if (gnuTime) {
      full.addAll(List.of(TIME.toString(), "-f", "%M", "-o", report.toString()));
    }
    full.addAll(command);
    long start = System.nanoTime();
    Process p = new ProcessBuilder(full).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(errors.toFile()).start();
    if (!p.waitFor(2, TimeUnit.HOURS)) {
      p.destroyForcibly();
      throw new IOException("did not finish in two hours: " + command);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String err = Files.readString(errors);
    if (p.exitValue() != 0) {
      throw new IOException("exit " + p.exitValue() + ": " + String.join(" ", command) + "\n" + err);
    }
    long rss = -1;
    if (gnuTime) {
      List<String> lines = Files.readAllLines(report);
      rss = Long.parseLong(lines.get(lines.size() - 1).trim());
    }
    Files.deleteIfExists(report);
    Files.deleteIfExists(errors);
    return new Timed(seconds, rss);
  }
}
