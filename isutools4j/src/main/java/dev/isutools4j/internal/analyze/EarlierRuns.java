package dev.isutools4j.internal.analyze;

import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The runs saved before the one being saved, as the run lifecycle hands them to analyzers: only
 * the newest few are opened, and only when an analyzer asks.
 */
@FunctionalInterface
public interface EarlierRuns {

  /** How many of the newest saved runs are opened to find one. */
  int LOOK_BACK = 5;

  EarlierRuns NONE = matching -> Optional.empty();

  /** The newest of the last {@link #LOOK_BACK} saved runs that matches. */
  Optional<Snapshot> newest(Predicate<Snapshot> matching);
}
