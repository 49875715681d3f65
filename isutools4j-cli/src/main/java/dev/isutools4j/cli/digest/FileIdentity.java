package dev.isutools4j.cli.digest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Which file a path names: device and inode ({@code dev:ino}), so that a rotated log (a new file
 * under the old name) is told apart from one that grew.
 */
final class FileIdentity {

  /** How many directory entries are looked at for a rotated file. */
  private static final int MAX_SIBLINGS = 1000;

  private FileIdentity() {}

  /** {@code dev:ino}, else the file system's file key, else null. */
  static String of(Path path) throws IOException {
    try {
      return Files.getAttribute(path, "unix:dev") + ":" + Files.getAttribute(path, "unix:ino");
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
      return key == null ? null : key.toString();
    }
  }

  /**
   * The file with {@code identity} beside {@code path} under another name (where a rotation moved
   * it: {@code access.log.1}), or null. Names that extend the log's are preferred.
   */
  static Path findMoved(Path path, String identity) {
    Path dir = path.toAbsolutePath().getParent();
    if (identity == null || dir == null) {
      return null;
    }
    String name = path.getFileName().toString();
    Path other = null;
    int seen = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        if (++seen > MAX_SIBLINGS) {
          break;
        }
        String n = p.getFileName().toString();
        if (n.equals(name) || !Files.isRegularFile(p)) {
          continue;
        }
        if (identity.equals(of(p))) {
          if (n.startsWith(name)) {
            return p;
          }
          other = p;
        }
      }
    } catch (IOException | RuntimeException e) {
      return other;
    }
    return other;
  }
}
