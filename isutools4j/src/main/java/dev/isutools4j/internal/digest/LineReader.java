package dev.isutools4j.internal.digest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Splits bytes into lines for a {@link LineHandler}, through one reusable buffer: no allocation per
 * line, and bounded memory whatever the input. A line longer than the limit is handed over cut
 * (its first {@code maxLine} bytes, flagged) and the rest of it is skipped, never buffered. A last
 * line without a line break is handed over as it is.
 *
 * <p>Not thread-safe: one reader per thread.
 */
public final class LineReader {

  /** The default longest line handed over whole: 64 KiB. */
  public static final int DEFAULT_MAX_LINE = 64 * 1024;
  private static final int MIN_BUFFER = 1 << 20;

  /** Where the bytes come from: an input stream, or a range of a file. */
  interface Source {
    /** Like {@link InputStream#read(byte[], int, int)}: -1 at the end. */
    int read(byte[] b, int off, int len) throws IOException;
  }

  private final int maxLine;
  private final byte[] buf;

  public LineReader(int maxLine) {
    if (maxLine < 1) {
      throw new IllegalArgumentException("maxLine < 1: " + maxLine);
    }
    this.maxLine = maxLine;
    this.buf = new byte[Math.max(MIN_BUFFER, maxLine * 2 + 2)];
  }

  public int maxLine() {
    return maxLine;
  }

  /**
   * Reads {@code in} to its end.
   *
   * @param offset the offset of its first byte in the file it comes from (0 for a stream)
   * @return how many lines were handed over
   */
  public long read(InputStream in, long offset, LineHandler handler) throws IOException {
    return read(in::read, offset, handler);
  }

  /** Reads {@code [from, to)} of {@code file}; returns how many lines were handed over. */
  public long read(FileChannel file, long from, long to, LineHandler handler) throws IOException {
    long[] position = {from};
    Source source = (b, off, len) -> {
      long left = to - position[0];
      if (left <= 0) {
        return -1;
      }
      int n = file.read(ByteBuffer.wrap(b, off, (int) Math.min(len, left)), position[0]);
      if (n > 0) {
        position[0] += n;
      }
      return n;
    };
    return read(source, from, handler);
  }

  long read(Source source, long offset, LineHandler handler) throws IOException {
    byte[] b = buf;
    long base = offset; // the file offset of b[0]
    long lines = 0;
    int start = 0;
    int scan = 0;
    int limit = 0;
    boolean skipping = false; // inside a cut line: drop bytes up to its line break
    while (true) {
      int nl = indexOf(b, scan, limit);
      if (nl >= 0) {
        if (!skipping) {
          int end = nl > start && b[nl - 1] == '\r' ? nl - 1 : nl;
          boolean cut = end - start > maxLine;
          handler.line(b, start, cut ? start + maxLine : end, ++lines, base + start, cut);
        }
        skipping = false;
        start = nl + 1;
        scan = start;
        continue;
      }
      if (skipping) {
        start = limit;
      } else if (limit - start > maxLine) {
        handler.line(b, start, start + maxLine, ++lines, base + start, true);
        skipping = true;
        start = limit;
      }
      if (start > 0) {
        System.arraycopy(b, start, b, 0, limit - start);
        base += start;
        limit -= start;
        start = 0;
      }
      scan = limit;
      int n = source.read(b, limit, b.length - limit);
      if (n < 0) {
        if (limit > 0 && !skipping) {
          int end = b[limit - 1] == '\r' ? limit - 1 : limit;
          handler.line(b, 0, end, ++lines, base, false); // at most maxLine: longer was cut above
        }
        return lines;
      }
      limit += n;
    }
  }

  /** The first line break in {@code b[from, to)}, or -1. */
  static int indexOf(byte[] b, int from, int to) {
    return Bytes.indexOf(b, from, to, (byte) '\n');
  }
}
