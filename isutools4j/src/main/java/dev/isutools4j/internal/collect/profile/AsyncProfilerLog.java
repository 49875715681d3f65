package dev.isutools4j.internal.collect.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/*
 * Where async-profiler's own messages go instead of the app's stdout. Its native code writes
 * warnings ("perf_event_open for TID .. failed", "Install JVM debug symbols ...") to file
 * descriptor 1 unless a command names a log= file, and every command re-opens the log (truncating
 * the file it names), which stays open for what the profiler says until the next command. So each
 * command gets a temp file of its own; when the next one has opened its file, async-profiler has
 * closed the one before, which is read in and deleted. The last command of a run sends the log
 * nowhere (loglevel=none), so that nothing is said between runs either. What was said is kept in
 * memory up to MAX_CHARS, the excess counted by line.
 *
 * Not thread-safe: one run's engine, on the admin server's thread.
 */
final class AsyncProfilerLog {

  static final int MAX_CHARS = 64 * 1024;

  private final StringBuilder said = new StringBuilder();
  private long droppedLines;
  private Path current;

  /** Runs {@code command} with a log file of its own, reading in the file of the command before. */
  String execute(AsyncProfiler profiler, String command) throws Exception {
    Path next = tempFile();
    // No file (or one whose name a comma would split): the command's messages are dropped.
    String log = next != null ? ",log=" + next : ",loglevel=none";
    try {
      return profiler.execute(command + log);
    } finally {
      Path previous = current;
      current = next;
      readIn(previous);
    }
  }

  /**
   * Ends the run's logging: async-profiler says nothing more until a command names a file again.
   * Returns all it said, or an empty string. Never throws.
   */
  String finish(AsyncProfiler profiler) {
    try {
      profiler.execute("status,loglevel=none");
    } catch (Throwable ignored) {
      // The profiler is gone: it has nothing more to say either.
    }
    Path last = current;
    current = null;
    readIn(last);
    if (droppedLines > 0) {
      said.append("… ").append(droppedLines).append(" more lines\n");
      droppedLines = 0;
    }
    return said.toString();
  }

  private static Path tempFile() {
    try {
      Path file = Files.createTempFile("isutools-async-profiler-", ".log");
      if (file.toString().indexOf(',') < 0) {
        return file;
      }
      Files.deleteIfExists(file);
    } catch (IOException | RuntimeException noTempFile) {
      // A full or read-only temp directory: the profile runs on, its messages dropped.
    }
    return null;
  }

  private void readIn(Path file) {
    if (file == null) {
      return;
    }
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        if (said.length() + line.length() < MAX_CHARS) {
          said.append(line).append('\n');
        } else {
          droppedLines++;
        }
      }
    } catch (IOException unreadable) {
      // What it said is lost, never shown on the app's output: the profile itself is unaffected.
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // A temp file left in the temp directory; nothing to tell the app.
      }
    }
  }
}
