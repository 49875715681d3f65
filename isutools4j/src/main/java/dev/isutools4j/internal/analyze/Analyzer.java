package dev.isutools4j.internal.analyze;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.Snapshot;

/**
 * Reads a run at save, after the collectors stopped, and contributes one named section computed
 * from the run as it is about to be written (the recorder's tables and the collectors' sections)
 * and, where it compares, from the runs saved before it.
 *
 * <p>Runs on the admin server's thread. An analyzer that throws is counted in {@link Health} and
 * its section is left out; the run is saved all the same.
 */
public interface Analyzer {

  /** The section's name in the snapshot. */
  String name();

  /**
   * The section, or null for none. A section of a kind the draft already has replaces it.
   *
   * @param earlier the runs saved before this one, read only when asked
   */
  Section analyze(Snapshot draft, EarlierRuns earlier);
}
