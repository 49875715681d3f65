package dev.isutools4j.internal.collect.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads collapsed stacks, async-profiler's and flamegraph.pl's text format: one distinct stack a
 * line, frames root first separated by {@code ;}, then a space and the count. A line that does
 * not end in a count is skipped and counted.
 */
final class CollapsedToStacks {

  private CollapsedToStacks() {}

  /**
   * Adds every line of {@code in} to {@code stacks}; returns how many lines were malformed.
   *
   * @param annotated whether Java frames carry async-profiler's {@code ann} suffixes
   * @param typeLeaf whether each stack ends in the allocated type (allocation profiles)
   */
  static long read(Reader in, Frames frames, boolean annotated, boolean typeLeaf, Stacks stacks,
      int maxDepth) throws IOException {
    BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in, 1 << 16);
    int[] ids = new int[Math.max(1, maxDepth)];
    long malformed = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      int space = line.lastIndexOf(' ');
      long count = space > 0 ? count(line, space + 1) : -1;
      if (count < 0) {
        if (!line.isBlank()) {
          malformed++;
        }
        continue;
      }
      int depth = 0;
      int start = 0;
      while (start < space && depth < ids.length) {
        int end = line.indexOf(';', start);
        if (end < 0 || end > space) {
          end = space;
        }
        if (end > start) {
          String raw = line.substring(start, end);
          boolean leaf = end == space;
          ids[depth++] = stacks.frame(typeLeaf && leaf ? frames.allocatedType(raw)
              : frames.fromCollapsed(raw, annotated));
        }
        start = end + 1;
      }
      if (depth > 0) {
        stacks.add(ids, depth, count);
      }
    }
    return malformed;
  }

  private static long count(String line, int from) {
    if (from >= line.length()) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c < '0' || c > '9' || value > Long.MAX_VALUE / 10 - 10) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
