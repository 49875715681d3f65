package dev.isutools4j.internal.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The git revision of the app's working directory, and whether it has uncommitted changes.
 *
 * @param revision the commit id, or null when there is no git repository (or no git)
 */
public record GitRevision(String revision, boolean dirty) {

  public static final GitRevision UNKNOWN = new GitRevision(null, false);
  private static final long TIMEOUT_SECONDS = 5;
  private static final int CLEAN = 0;
  private static final int CHANGED = 1;

  /** The override when given (never dirty), else what git says about {@code workDir}. */
  public static GitRevision of(Path workDir, String override) {
    if (override != null && !override.isBlank()) {
      return new GitRevision(override.trim(), false);
    }
    Result head = git(workDir, "rev-parse", "--verify", "HEAD");
    if (head.exit() != CLEAN || head.output().isBlank()) {
      return UNKNOWN;
    }
    // Exit code 1 means tracked files differ from HEAD; it prints nothing, so no pipe can fill up.
    Result diff = git(workDir, "diff-index", "--quiet", "HEAD", "--");
    return new GitRevision(head.output().trim(), diff.exit() == CHANGED);
  }

  private record Result(int exit, String output) {}

  private static Result git(Path workDir, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", workDir.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
      process.getOutputStream().close();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return new Result(-1, "");
      }
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return new Result(process.exitValue(), out);
    } catch (IOException e) {
      return new Result(-1, "");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(-1, "");
    }
  }
}
