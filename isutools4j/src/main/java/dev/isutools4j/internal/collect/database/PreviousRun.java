package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.store.StoredRun;
import java.io.IOException;
import java.util.Optional;

/** The newest saved run with a database section to compare with. */
record PreviousRun(String id, Object section) {

  /** How many of the newest runs are opened to find one. */
  static final int LOOK_BACK = 5;

  static PreviousRun find(RunStore store) {
    if (store == null) {
      return null;
    }
    try {
      int looked = 0;
      for (StoredRun run : store.list()) {
        if (!run.readable() || looked++ >= LOOK_BACK) {
          break; // unreadable runs sort last
        }
        Optional<Snapshot> snapshot = readQuietly(store, run.id());
        Object section = snapshot.map(s -> s.sections().get(DatabaseCollector.NAME)).orElse(null);
        if (Boolean.TRUE.equals(Fields.of(section).boolOrNull("supported"))
            && Fields.of(section).raw("tables") != null) {
          return new PreviousRun(run.id(), section);
        }
      }
    } catch (IOException ignored) {
      // no history to compare with
    }
    return null;
  }

  private static Optional<Snapshot> readQuietly(RunStore store, String id) {
    try {
      return store.read(id);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
