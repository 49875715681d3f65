package dev.isutools4j.internal.collect.machine;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the kernel's small text files under a root directory: {@code /} on a live machine, a
 * fixture tree in tests. One buffer, reused for every read and grown only up to the caller's bound.
 *
 * <p>Not thread-safe: it belongs to the sampler's thread. A file that is absent or cannot be read
 * (a process that exited between listing and reading) reads as null, never as an exception.
 */
final class ProcFiles {

  private final String root;
  private byte[] buffer = new byte[8 * 1024];
  private final TextCursor cursor = new TextCursor();
  private boolean truncated;

  ProcFiles(Path root) {
    String r = root.toAbsolutePath().normalize().toString();
    this.root = r.equals(File.separator) ? "" : r;
  }

  /** The file system path of {@code absolute} (such as {@code /proc/stat}) under the root. */
  String path(String absolute) {
    return root + absolute;
  }

  boolean exists(String absolute) {
    return new File(path(absolute)).exists();
  }

  /** The names in a directory, or an empty array when it is absent. */
  String[] list(String absolute) {
    String[] names = new File(path(absolute)).list();
    return names == null ? new String[0] : names;
  }

  /**
   * Reads at most {@code max} bytes of a file; the cursor stays valid until the next read. Null when
   * the file cannot be read.
   */
  TextCursor read(String absolute, int max) {
    truncated = false;
    try (InputStream in = new FileInputStream(path(absolute))) {
      int length = 0;
      while (true) {
        if (length == buffer.length) {
          if (length >= max) {
            truncated = in.read() >= 0;
            break;
          }
          byte[] bigger = new byte[Math.min(max, buffer.length * 2)];
          System.arraycopy(buffer, 0, bigger, 0, length);
          buffer = bigger;
        }
        int n = in.read(buffer, length, Math.min(buffer.length, max) - length);
        if (n < 0) {
          break;
        }
        length += n;
        if (length >= max) {
          truncated = in.read() >= 0;
          break;
        }
      }
      return cursor.reset(buffer, length);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /** Whether the last {@link #read} stopped at its bound with more left in the file. */
  boolean truncated() {
    return truncated;
  }
}
