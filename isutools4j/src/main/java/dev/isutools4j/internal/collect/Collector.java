package dev.isutools4j.internal.collect;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.Section;

/**
 * Something that measures a run besides the recorder: started at reset, stopped at save, when it
 * contributes one named section of the snapshot. Adding a collector never touches the others.
 *
 * <p>Both methods run on the admin server's thread, never on the app's. A collector that throws is
 * counted in {@link Health} and its section is left out; the run is saved all the same.
 */
public interface Collector {

  /** The section's name in the snapshot (a top-level key of the run's JSON). */
  String name();

  /** Called when a run opens; {@code run} names it and the folder where its files may go. */
  void start(RunContext run);

  /**
   * Called when the run is saved (or discarded, with {@code saving} false); returns the section,
   * or null for none.
   */
  Section stop(boolean saving);
}
