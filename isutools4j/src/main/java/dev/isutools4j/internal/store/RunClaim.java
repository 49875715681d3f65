package dev.isutools4j.internal.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A process's claim on a run that is open or being written: the file {@code .<id>.open} in the
 * history, locked by that process. The operating system drops the lock when the process ends, by
 * a crash or {@code kill -9} too, so a claim whose lock can be taken is one its writer abandoned,
 * and what it left may go ({@link Leftovers}).
 *
 * <p>The file is only a lock: it holds nothing. Thread-safe.
 */
final class RunClaim {

  static final String SUFFIX = ".open";

  // Claim files this JVM holds. A second channel on one of them must never be opened here: the
  // JDK refuses a second lock, and on POSIX closing any channel on a file drops the process's lock.
  private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

  private final Path file;
  private final FileChannel channel;

  private RunClaim(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /** The claim file of run {@code id}. */
  static Path fileOf(Path dir, String id) {
    return dir.resolve("." + id + SUFFIX);
  }

  /** The run id a claim file's name carries, or null when the name is no claim's. */
  static String idOf(String fileName) {
    if (!fileName.startsWith(".") || !fileName.endsWith(SUFFIX)
        || fileName.length() <= 1 + SUFFIX.length()) {
      return null;
    }
    String id = fileName.substring(1, fileName.length() - SUFFIX.length());
    return RunStore.validId(id) ? id : null;
  }

  /**
   * Claims run {@code id}; null when another process (or this JVM) holds it. Throws when the file
   * system cannot create or lock the file.
   */
  static RunClaim take(Path dir, String id) throws IOException {
    Path file = fileOf(dir, id).toAbsolutePath().normalize();
    if (!HELD.add(file)) {
      return null;
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = channel.tryLock();
      if (lock == null) {
        channel.close();
        HELD.remove(file);
        return null;
      }
      return new RunClaim(file, channel);
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      HELD.remove(file);
      throw e;
    }
  }

  /**
   * Whether the claim file's writer is gone: no process holds its lock. False while one does
   * (this JVM included), when the file is gone, and when the file system cannot tell.
   */
  static boolean abandoned(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    if (HELD.contains(absolute)) {
      return false;
    }
    try (FileChannel channel = FileChannel.open(absolute, StandardOpenOption.WRITE)) {
      FileLock lock = channel.tryLock();
      if (lock == null) {
        return false;
      }
      lock.release();
      return true;
    } catch (NoSuchFileException | OverlappingFileLockException e) {
      return false;
    } catch (IOException | RuntimeException e) {
      return false; // a file system without locks: nothing is known to be abandoned
    }
  }

  /** Ends the claim: the file goes first, then the lock (a sweep finds no file, or a held one). */
  void release() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // Left behind, the file is an abandoned claim once its lock is dropped: a sweep removes it.
    } finally {
      try {
        channel.close();
      } catch (IOException ignored) {
        // Closing drops the lock all the same.
      }
      HELD.remove(file);
    }
  }
}
