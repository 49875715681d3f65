package dev.isutools4j.internal.digest;

/**
 * Receives the lines of a log, one call per line, from a {@link LineReader}.
 *
 * <p>Hot path: the bytes are the reader's buffer, valid only during the call; a handler copies
 * what it keeps. Called from one thread at a time.
 */
public interface LineHandler {

  /**
   * One line, without its line break ({@code \n} or {@code \r\n}).
   *
   * @param b the reader's buffer
   * @param from the line's first byte
   * @param to one past its last byte
   * @param number the line's number, 1 for the first line this reader read
   * @param offset the file offset of its first byte
   * @param cut whether the line was longer than the reader's limit: only its start is given
   */
  void line(byte[] b, int from, int to, long number, long offset, boolean cut);
}
