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

  /**
   * Called when a save whose run could not be written (a full disk) is tried again, with the
   * section {@link #stop} returned for it (the collector is stopped once per run): returns the
   * section to save, the same one unless the collector can now complete it, such as by writing a
   * file it could not write then.
   */
  default Section retry(Section stopped) {
    return stopped;
  }

  /**
   * What it has measured so far, for the page of the open run: cheap, and never waiting, neither on
   * a lock its own thread or {@link #start}/{@link #stop} may hold nor on the app. Called on the
   * admin server's threads at any time, also while the collector starts or stops. Null (the
   * default) when the collector has nothing to show before the save.
   */
  default Section live() {
    return null;
  }
}
