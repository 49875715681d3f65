package dev.isutools4j.internal.collect.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The committed /proc and /sys fixture trees under src/test/resources/proc. */
final class Fixtures {

  private Fixtures() {}

  /** A fixture tree, such as {@code host} or {@code cgroup-v1}. */
  static Path root(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/proc/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static ProcFiles files(String name) {
    return new ProcFiles(root(name));
  }

  /** A cursor over one fixture file, such as {@code host/proc/stat}. */
  static TextCursor text(String file) {
    try {
      return TextCursor.of(Files.readString(root(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies a fixture tree over {@code target}, replacing the files both have. */
  static void copy(String name, Path target) {
    Path source = root(name);
    try (Stream<Path> paths = Files.walk(source)) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        Path to = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
