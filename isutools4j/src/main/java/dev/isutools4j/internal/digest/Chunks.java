package dev.isutools4j.internal.digest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a byte range of a file into parts that each start at the start of a record: a line
 * for an access log, an entry's first header line for a slow log. Parts are read on their own
 * threads and merged in order; a record never straddles two parts.
 */
final class Chunks {

  private static final int PROBE = 64 * 1024;

  private Chunks() {}

  /**
   * At most {@code parts} ranges covering {@code [from, to)} in order, each at least
   * {@code minLength} long (but the last), each but the first starting at a record's first line.
   */
  static List<long[]> split(FileChannel file, long from, long to, int parts, long minLength,
      RecordBoundary boundary) throws IOException {
    List<long[]> out = new ArrayList<>(parts);
    long length = to - from;
    int n = (int) Math.max(1, Math.min(parts, length / Math.max(1, minLength)));
    long start = from;
    byte[] probe = new byte[PROBE];
    for (int i = 1; i < n && start < to; i++) {
      long target = Math.max(start + 1, from + length * i / n);
      long cut = nextRecord(file, target, to, boundary, probe);
      if (cut >= to) {
        break;
      }
      out.add(new long[] {start, cut});
      start = cut;
    }
    out.add(new long[] {start, to});
    return out;
  }

  /** The first record start from the line after the line break at or after {@code at - 1}, or {@code to}. */
  private static long nextRecord(FileChannel file, long at, long to, RecordBoundary boundary,
      byte[] probe) throws IOException {
    long lineStart = afterLineBreak(file, at - 1, to, probe); // a line starting at 'at' counts
    while (lineStart < to) {
      long base = lineStart;
      int n = read(file, probe, base, to);
      if (n <= 0) {
        return to;
      }
      int i = 0;
      while (true) {
        int nl = LineReader.indexOf(probe, i, n);
        if (nl < 0 && i > 0 && base + n < to) {
          lineStart = base + i; // an unfinished line: read again from its start
          break;
        }
        // Record starts are told by a line's first bytes: a line cut by the probe is enough.
        if (boundary.startsRecord(probe, i, nl < 0 ? n : nl)) {
          return base + i;
        }
        if (nl < 0) {
          lineStart = afterLineBreak(file, base + n, to, probe);
          break;
        }
        i = nl + 1;
        if (i >= n) {
          lineStart = base + i;
          break;
        }
      }
    }
    return to;
  }

  /** The offset after the first line break at or after {@code position}, or {@code to}. */
  private static long afterLineBreak(FileChannel file, long position, long to, byte[] probe)
      throws IOException {
    while (position < to) {
      int n = read(file, probe, position, to);
      if (n <= 0) {
        return to;
      }
      int nl = LineReader.indexOf(probe, 0, n);
      if (nl >= 0) {
        return position + nl + 1;
      }
      position += n;
    }
    return to;
  }

  private static int read(FileChannel file, byte[] probe, long position, long to) throws IOException {
    return file.read(ByteBuffer.wrap(probe, 0, (int) Math.min(probe.length, to - position)), position);
  }
}
