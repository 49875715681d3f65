package dev.isutools4j.cli;

import java.util.List;

/** What each of isugram's tuning levels changes, in one phrase (isugram/README.md has the table). */
final class TuningLevels {

  private static final List<String> CHANGES = List.of(
      "as shipped: no index, N+1 post lists, openssl per login",
      "+ indexes on comments and posts",
      "+ post lists in two queries with LIMIT (no N+1)",
      "+ password digest in process (no openssl)",
      "+ pictures from files with cache headers",
      "+ users cached in memory");

  private TuningLevels() {}

  /** The change level {@code level} (0..5) makes over the level below it. */
  static String change(int level) {
    return CHANGES.get(level);
  }
}
