package dev.isutools4j.cli.digest;

import dev.isutools4j.internal.digest.LogRange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * What to read of the given logs: each whole file, or with {@code --pos} what was appended since
 * the last call, with what happened to a file meanwhile said in a note:
 *
 * <ul>
 *   <li>grown: from the saved offset;
 *   <li>truncated (smaller than the offset), or rewritten (its first bytes differ): from its start;
 *   <li>rotated (another file under the name): the rest of the old file when it is found beside
 *       the new one by its identity, then the new one from its start.
 * </ul>
 *
 * With {@code --pos} only whole lines are read; an unfinished last line is left for the next call.
 */
final class LogInputs {

  private static final int BACK_BLOCK = 64 * 1024;
  /** How many of a file's first bytes its {@link PosFile.Mark#head} digests. */
  static final int HEAD_BYTES = 1024;

  /** The ranges, in order, and the notes for stderr. */
  record Plan(List<LogRange> ranges, List<String> notes) {
    long bytes() {
      return ranges.stream().mapToLong(LogRange::length).sum();
    }
  }

  private LogInputs() {}

  /** Fails with a clear message when a file is missing or is not a regular file. */
  static void check(List<Path> files) {
    for (Path f : files) {
      if (!Files.exists(f)) {
        throw new IllegalArgumentException("no such file: " + f);
      }
      if (!Files.isRegularFile(f)) {
        throw new IllegalArgumentException("not a regular file: " + f);
      }
      if (!Files.isReadable(f)) {
        throw new IllegalArgumentException("cannot read " + f + ": permission denied");
      }
    }
  }

  /** Every file whole. */
  static Plan whole(List<Path> files) throws IOException {
    List<LogRange> ranges = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path f : files) {
      LogRange r = LogRange.whole(f);
      if (r.length() == 0) {
        notes.add(f + " is empty");
      }
      ranges.add(r);
    }
    return new Plan(ranges, notes);
  }

  /** What was appended since the positions in {@code pos}, which are moved on to the new ends. */
  static Plan since(List<Path> files, PosFile pos) throws IOException {
    List<LogRange> ranges = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path f : files) {
      String identity = FileIdentity.of(f);
      long size = Files.size(f);
      PosFile.Mark last = pos.get(f);
      long from = 0;
      if (last == null) {
        notes.add(f + ": no position saved in the --pos file yet: read from its start");
      } else if (last.identity() == null || identity == null || last.identity().equals(identity)) {
        if (size < last.offset()) {
          notes.add(f + " was truncated (" + last.offset() + " → " + size + " bytes) since the last"
              + " call: read from its start");
        } else if (last.head() != null && !last.head().equals(head(f, headLength(last.offset())))) {
          notes.add(f + " is another file than at the last call (its first bytes differ: truncated"
              + " and written again, or replaced under a reused inode): read from its start; lines"
              + " written to the old one after the last call are missing");
        } else {
          from = last.offset();
        }
      } else {
        Path old = FileIdentity.findMoved(f, last.identity());
        if (old == null) {
          notes.add(f + " was rotated since the last call and the old file is not beside it: the new"
              + " one is read from its start; lines written to the old one after the last call are"
              + " missing");
        } else {
          long oldSize = Files.size(old);
          ranges.add(new LogRange(old, Math.min(last.offset(), oldSize), oldSize));
          notes.add(f + " was rotated since the last call: read the rest of " + old + " ("
              + (oldSize - Math.min(last.offset(), oldSize)) + " bytes), then the new " + f
              + " from its start");
        }
      }
      long end = lastLineEnd(f, from, size);
      if (end < size) {
        notes.add(f + ": the last " + (size - end) + " bytes are not a whole line yet: left for the"
            + " next call");
      }
      ranges.add(new LogRange(f, from, end));
      pos.put(f, new PosFile.Mark(identity, end, head(f, headLength(end))));
    }
    return new Plan(ranges, notes);
  }

  private static int headLength(long offset) {
    return (int) Math.min(HEAD_BYTES, offset);
  }

  /** A digest of the first {@code length} bytes of {@code file}, as hex. */
  static String head(Path file, int length) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(length);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (b.hasRemaining() && channel.read(b, b.position()) > 0) {
        // fill
      }
    }
    CRC32C crc = new CRC32C();
    crc.update(b.array(), 0, b.position());
    return b.position() + ":" + Long.toHexString(crc.getValue());
  }

  /** The offset after the last line break in {@code [from, to)}, or {@code from} when none. */
  static long lastLineEnd(Path file, long from, long to) throws IOException {
    if (to <= from) {
      return from;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer block = ByteBuffer.allocate(BACK_BLOCK);
      long end = to;
      while (end > from) {
        long start = Math.max(from, end - BACK_BLOCK);
        block.clear().limit((int) (end - start));
        int n = 0;
        while (block.hasRemaining()) {
          int r = channel.read(block, start + n);
          if (r < 0) {
            break;
          }
          n += r;
        }
        for (int i = n - 1; i >= 0; i--) {
          if (block.get(i) == '\n') {
            return start + i + 1;
          }
        }
        end = start;
      }
      return from;
    }
  }
}
