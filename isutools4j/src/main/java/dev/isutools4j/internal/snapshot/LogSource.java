package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * What a log section read of its file: the file set, the byte ranges read (the rest of a rotated
 * file, then the new one), how many bytes in all, and whether the file was missing.
 *
 * @param missing the file is not there (written only when true)
 */
public record LogSource(String file, List<Range> read, long bytes, boolean missing) {

  /** Nothing read of no named file: a section that does not say. */
  public static final LogSource EMPTY = new LogSource(null, List.of(), 0, false);

  /** The bytes {@code [from, to)} of one file. */
  public record Range(String file, long from, long to) {}

  public LogSource {
    read = List.copyOf(read);
  }
}
