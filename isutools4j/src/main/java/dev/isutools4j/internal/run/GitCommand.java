package dev.isutools4j.internal.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One {@code git} command in a folder, bounded in time; never throws. */
final class GitCommand {

  static final int NOT_RUN = -1;
  private static final long TIMEOUT_SECONDS = 5;
  private static final int MAX_MESSAGE = 200;

  private GitCommand() {}

  /**
   * What git did: its exit code ({@link #NOT_RUN} when it could not run or did not end in time) and
   * what it printed, standard error included.
   */
  record Result(int exit, String output) {

    /** The last line printed, where a command that prints one value prints it after any warning. */
    String lastLine() {
      String[] lines = output.strip().split("\n");
      return lines[lines.length - 1].strip();
    }

    /** The first line printed, short: why it failed. */
    String message() {
      String first = output.strip().split("\n")[0].strip();
      if (first.isEmpty()) {
        return "exit code " + exit;
      }
      return first.length() > MAX_MESSAGE ? first.substring(0, MAX_MESSAGE) + "…" : first;
    }
  }

  static Result run(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    try {
      // The commands run here print one line or nothing, so the pipe cannot fill up before the end.
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return new Result(NOT_RUN, "git did not answer within " + TIMEOUT_SECONDS + " s");
      }
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return new Result(process.exitValue(), out);
    } catch (IOException e) {
      return new Result(NOT_RUN, "git could not run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(NOT_RUN, "interrupted");
    }
  }
}
