package dev.isutools4j.internal.run;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the git work tree a folder is in, as git does: the nearest folder above with a {@code .git}. */
final class GitWorkTree {

  private GitWorkTree() {}

  /**
   * The nearest folder from {@code start} up that holds {@code .git}: a directory, or the file a
   * linked worktree or a submodule has in its place.
   */
  static Optional<Path> containing(Path start) {
    for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }
}
