package dev.isutools4j.internal.store;

import dev.isutools4j.internal.snapshot.RunMeta;
import java.nio.file.Path;

/**
 * One entry of the history directory: a readable run, or a file that could not be read.
 *
 * @param meta null when the file is unreadable
 * @param problem why the file could not be read, or null when it could
 */
public record StoredRun(String id, Path file, RunMeta meta, String problem) {

  public boolean readable() {
    return meta != null;
  }
}
