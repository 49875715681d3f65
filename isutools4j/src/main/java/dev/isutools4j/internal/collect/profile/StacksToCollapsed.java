package dev.isutools4j.internal.collect.profile;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a profile as collapsed stacks (flamegraph.pl's input, and what async-profiler's converter
 * reads), most samples first, within a byte budget: the stacks beyond it are left out of the file
 * and said so in the returned count.
 */
final class StacksToCollapsed {

  private StacksToCollapsed() {}

  /** Writes {@code file}; returns how many stacks did not fit in {@code maxBytes}. */
  static long write(Stacks stacks, Path file, long maxBytes) throws IOException {
    long written = 0;
    long left = 0;
    StringBuilder line = new StringBuilder(1024);
    try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(
        Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 16)) {
      for (Stacks.Stack stack : stacks.byCount()) {
        line.setLength(0);
        int[] frames = stack.frames();
        for (int i = 0; i < frames.length; i++) {
          if (i > 0) {
            line.append(';');
          }
          line.append(stacks.frameOf(frames[i]).name());
        }
        line.append(' ').append(stack.count()).append('\n');
        if (written + line.length() > maxBytes) {
          left++;
          continue;
        }
        written += line.length();
        out.append(line);
      }
    }
    return left;
  }
}
