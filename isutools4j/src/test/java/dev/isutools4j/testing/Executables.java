package dev.isutools4j.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Finds programs installed on the machine: PATH first, then the usual system directories. */
public final class Executables {

  private static final List<String> SYSTEM_DIRS =
      List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/sbin", "/bin");

  private Executables() {
  }

  /** Directories searched, in order: the PATH entries followed by the system directories. */
  public static List<Path> searchDirs() {
    Set<Path> dirs = new LinkedHashSet<>();
    String path = System.getenv("PATH");
    if (path != null) {
      for (String entry : path.split(File.pathSeparator)) {
        if (entry.isEmpty()) {
          continue;
        }
        try {
          dirs.add(Path.of(entry).toAbsolutePath().normalize());
        } catch (InvalidPathException ignored) {
          // a malformed PATH entry cannot hold anything we want
        }
      }
    }
    for (String dir : SYSTEM_DIRS) {
      dirs.add(Path.of(dir));
    }
    return new ArrayList<>(dirs);
  }

  /**
   * The first executable found under any of the names, trying each name across all directories
   * before the next name (so a preferred name wins over an alias earlier in PATH).
   */
  public static Optional<Path> find(String... names) {
    List<Path> dirs = searchDirs();
    for (String name : names) {
      for (Path dir : dirs) {
        Path candidate = dir.resolve(name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /** Human readable description of where {@link #find} looks, for skip messages. */
  public static String describeSearch(String... names) {
    return String.join(" or ", names) + " in " + searchDirs();
  }
}
