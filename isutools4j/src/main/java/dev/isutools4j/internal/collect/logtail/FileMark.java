package dev.isutools4j.internal.collect.logtail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A log file as it was at one moment: whether it existed, which file it was (device and inode,
 * so that a rotation, which puts a new file under the old name, is told apart from growth) and
 * its size.
 *
 * @param identity {@code dev:ino}, else the file system's file key, else null when unknown
 */
record FileMark(Path path, boolean exists, String identity, long size) {

  /** The file as it is now; never throws (a file that cannot be read is marked missing). */
  static FileMark of(Path path) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      if (!attributes.isRegularFile()) {
        return new FileMark(path, false, null, 0);
      }
      return new FileMark(path, true, identity(path, attributes), attributes.size());
    } catch (IOException | RuntimeException e) {
      return new FileMark(path, false, null, 0);
    }
  }

  private static String identity(Path path, BasicFileAttributes attributes) {
    try {
      Object dev = Files.getAttribute(path, "unix:dev");
      Object ino = Files.getAttribute(path, "unix:ino");
      return dev + ":" + ino;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      Object key = attributes.fileKey();
      return key == null ? null : key.toString();
    }
  }

  /** Whether {@code later} is the same file as this one (true when either identity is unknown). */
  boolean sameFile(FileMark later) {
    return identity == null || later.identity == null || identity.equals(later.identity);
  }
}
