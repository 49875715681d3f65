package dev.isutools4j.internal.digest;

import java.nio.file.Path;

/**
 * A byte range of a log file: {@code [from, to)}.
 *
 * @param file the file
 * @param from the first byte read
 * @param to one past the last byte read; the file's size for all of it
 */
public record LogRange(Path file, long from, long to) {

  public LogRange {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("bad range [" + from + ", " + to + ")");
    }
  }

  /** The whole file as it is now. */
  public static LogRange whole(Path file) throws java.io.IOException {
    return new LogRange(file, 0, java.nio.file.Files.size(file));
  }

  public long length() {
    return to - from;
  }
}
