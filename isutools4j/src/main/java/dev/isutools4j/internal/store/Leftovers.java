package dev.isutools4j.internal.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What writers that died left in the history: for each abandoned claim ({@link RunClaim}), its
 * temp files, and its run's folder unless the run's JSON was committed; then the claim. Any other
 * temp file goes once it is an hour old (a version that wrote no claims left it): a write takes
 * well under a second. Nothing a live process holds is touched.
 */
final class Leftovers {

  static final String TEMP_SUFFIX = ".tmp";
  private static final Duration UNCLAIMED_TEMP_AGE = Duration.ofHours(1);

  private Leftovers() {}

  /** Removes what abandoned claims left in {@code dir}; returns what it removed. */
  static List<Path> sweep(Path dir, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return removed;
    }
    List<Path> claims = new ArrayList<>();
    List<Path> temps = new ArrayList<>();
    try (DirectoryStream<Path> hidden = Files.newDirectoryStream(dir, ".*")) {
      for (Path file : hidden) {
        String name = file.getFileName().toString();
        if (RunClaim.idOf(name) != null) {
          claims.add(file);
        } else if (name.endsWith(TEMP_SUFFIX)) {
          temps.add(file);
        }
      }
    }
    for (Path claim : claims) {
      String id = RunClaim.idOf(claim.getFileName().toString());
      if (!RunClaim.abandoned(claim)) {
        continue;
      }
      for (Path temp : List.copyOf(temps)) {
        if (tempOf(temp, id)) {
          temps.remove(temp);
          delete(temp, removed);
        }
      }
      if (!Files.exists(dir.resolve(id + RunStore.SUFFIX), LinkOption.NOFOLLOW_LINKS)) {
        delete(dir.resolve(id), removed);
      }
      delete(claim, removed); // last: a sweep cut short finds the claim again
    }
    for (Path temp : temps) {
      if (olderThan(temp, now.minus(UNCLAIMED_TEMP_AGE))) {
        delete(temp, removed);
      }
    }
    return removed;
  }

  /** The temp file name of a write of run {@code id}: {@code .<id>-<random>.tmp}. */
  static String tempPrefix(String id) {
    return "." + id + "-";
  }

  private static boolean tempOf(Path temp, String id) {
    String name = temp.getFileName().toString();
    if (!name.startsWith(tempPrefix(id))) {
      return false;
    }
    // The random part is digits: ".a-1-123.tmp" is run a-1's, not run a's.
    String random = name.substring(tempPrefix(id).length(), name.length() - TEMP_SUFFIX.length());
    return !random.isEmpty() && random.chars().allMatch(Character::isDigit);
  }

  private static boolean olderThan(Path file, Instant limit) {
    try {
      return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(limit);
    } catch (IOException e) {
      return false;
    }
  }

  /** Deletes a file, or a folder and all under it (a link is removed, never followed). */
  private static void delete(Path path, List<Path> removed) throws IOException {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      List<Path> inside;
      try (Stream<Path> files = Files.walk(path)) {
        inside = files.sorted(Comparator.reverseOrder()).toList();
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      for (Path file : inside) {
        deleteQuietly(file);
      }
    } else {
      deleteQuietly(path);
    }
    removed.add(path);
  }

  private static void deleteQuietly(Path file) throws IOException {
    try {
      Files.deleteIfExists(file);
    } catch (NoSuchFileException gone) {
      // Another sweep got there first.
    }
  }
}
