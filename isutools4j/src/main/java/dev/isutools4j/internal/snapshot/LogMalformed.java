package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The lines (or entries) of a log section that could not be read: how many, and the first few.
 *
 * @param examples the first ones, in file order
 */
public record LogMalformed(long count, List<Example> examples) {

  /** Nothing malformed. */
  public static final LogMalformed NONE = new LogMalformed(0, List.of());

  /**
   * One malformed line.
   *
   * @param line counted from the first line read since reset
   * @param offset the byte offset in its file
   * @param text the line, cut short and made printable
   */
  public record Example(long line, long offset, String reason, String text) {}

  public LogMalformed {
    examples = List.copyOf(examples);
  }
}
