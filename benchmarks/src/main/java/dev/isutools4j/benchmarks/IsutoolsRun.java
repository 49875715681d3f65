package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/**
 * isutools4j as a benchmark uses it: no admin server, a throwaway history directory, and a run
 * opened so that what the driver recorded can be read back.
 */
final class IsutoolsRun {

  private IsutoolsRun() {}

  /** Settings for this JVM, unless given on the command line. Must run before isutools4j loads. */
  static synchronized void configure() {
    if (System.getProperty("isutools.addr") == null) {
      System.setProperty("isutools.addr", "off");
    }
    if (System.getProperty("isutools.dir") == null) {
      try {
        var dir = Files.createTempDirectory("isutools-bench");
        dir.toFile().deleteOnExit(); // Nothing is saved into it, so it stays empty.
        System.setProperty("isutools.dir", dir.toString());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Opens a fresh run: what was recorded before is dropped. */
  static void reset() throws RunConflict {
    lifecycle().reset();
  }

  /** How many executions of {@code sql} the open run recorded, and the rows read from them. */
  static long[] recorded(String sql) {
    Snapshot run = lifecycle().current();
    if (run == null) {
      throw new IllegalStateException("isutools4j: no run is open");
    }
    String fingerprint = Fingerprint.of(sql);
    for (SqlRow row : run.sql()) {
      if (row.fingerprint().equals(fingerprint)) {
        return new long[] {row.time().count(), row.rows()};
      }
    }
    return new long[] {0, 0};
  }

  private static RunLifecycle lifecycle() {
    RunLifecycle lifecycle = Bootstrap.lifecycle();
    if (lifecycle == null) {
      throw new IllegalStateException("isutools4j did not start");
    }
    return lifecycle;
  }
}
