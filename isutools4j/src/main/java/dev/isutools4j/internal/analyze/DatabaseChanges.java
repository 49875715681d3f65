package dev.isutools4j.internal.analyze;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.Optional;

/**
 * Fills the {@code database} section's {@code changes}: its schema and plans against the newest
 * earlier run with a supported database section that lists tables, or {@code {}} when there is
 * none. A section the save could not read, or that is not inspected, is left as it is.
 */
public final class DatabaseChanges implements Analyzer {

  @Override
  public String name() {
    return "database";
  }

  @Override
  public DatabaseSection analyze(Snapshot draft, EarlierRuns earlier) {
    DatabaseSection now = draft.section(DatabaseSection.class).orElse(null);
    if (now == null || !now.inspected()) {
      return null;
    }
    Optional<Snapshot> previous = earlier.newest(run -> comparable(run).isPresent());
    Changes changes = previous.map(run -> SchemaAndPlanChanges.of(run.meta().id(),
        comparable(run).orElseThrow(), now)).orElse(Changes.NONE);
    return now.withChanges(changes);
  }

  private static Optional<DatabaseSection> comparable(Snapshot run) {
    return run.section(DatabaseSection.class).filter(db -> db.supported() && db.hasTables());
  }
}
