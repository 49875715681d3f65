package dev.isutools4j.cli.digest;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.Malformed;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lines that could not be read, for stderr: how many, and the first few with where they are.
 * The digest numbers lines across all the ranges it read; with several ranges, each example's
 * file is found by counting the ranges' lines (only then, and only up to the example).
 */
final class MalformedNotes {

  private static final int BLOCK = 1 << 20;

  private MalformedNotes() {}

  /** The notes; none when every line was read. {@code ranges} is null for standard input. */
  static List<String> of(Malformed malformed, List<LogRange> ranges) {
    List<String> out = new ArrayList<>();
    if (malformed.count() == 0) {
      return out;
    }
    List<Malformed.Example> examples = malformed.examples();
    out.add(String.format(Locale.ROOT, "%,d line%s could not be read and %s not counted; the first %d:",
        malformed.count(), malformed.count() == 1 ? "" : "s", malformed.count() == 1 ? "is" : "are",
        examples.size()));
    long[] lineCounts = ranges != null && ranges.size() > 1 ? new long[ranges.size()] : null;
    for (Malformed.Example e : examples) {
      out.add("  " + where(e, ranges, lineCounts) + ": " + e.reason()
          + (e.text().isEmpty() ? "" : ": " + e.text()));
    }
    return out;
  }

  private static String where(Malformed.Example e, List<LogRange> ranges, long[] lineCounts) {
    if (ranges == null) {
      return "stdin line " + e.line();
    }
    LogRange range = ranges.get(0);
    long line = e.line();
    if (lineCounts != null) {
      for (int i = 0; i < ranges.size(); i++) {
        if (lineCounts[i] == 0) {
          lineCounts[i] = 1 + lines(ranges.get(i)); // stored plus one: zero means not counted yet
        }
        long n = lineCounts[i] - 1;
        if (line <= n || i == ranges.size() - 1) {
          range = ranges.get(i);
          break;
        }
        line -= n;
      }
    }
    String place = range.file() + " line " + line;
    if (range.from() > 0) {
      place += " counted from byte " + range.from();
    }
    return place + " (byte " + e.offset() + ")";
  }

  /** How many lines the digest sees in a range: its line breaks, plus an unfinished last line. */
  static long lines(LogRange range) {
    long count = 0;
    byte last = '\n';
    try (FileChannel channel = FileChannel.open(range.file(), StandardOpenOption.READ)) {
      ByteBuffer block = ByteBuffer.allocate(BLOCK);
      long position = range.from();
      while (position < range.to()) {
        block.clear().limit((int) Math.min(BLOCK, range.to() - position));
        int n = channel.read(block, position);
        if (n <= 0) {
          break;
        }
        for (int i = 0; i < n; i++) {
          if (block.get(i) == '\n') {
            count++;
          }
        }
        last = block.get(n - 1);
        position += n;
      }
    } catch (IOException e) {
      return count;
    }
    return last == '\n' ? count : count + 1;
  }
}
