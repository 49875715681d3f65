package dev.isutools4j.internal.run;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;

/**
 * What the admin server asks of runs: a {@link RunLifecycle} of this host alone, or a hub that
 * spans it and its peers. A player's reset and save open and close a run; a hub's reset and save
 * ({@link #join}, {@link #saveRun}) do it on a peer for the hub's run id.
 */
public interface RunControl {

  RunStore store();

  /** Whether reset and save are refused: only saved runs are served. */
  boolean isReadOnly();

  /** Who this host is, for the hub. */
  HostIdentity identity();

  /** The player's reset: opens a new run; a run already open is discarded. */
  RunLifecycle.Reset reset(boolean force) throws RunConflict;

  /** The player's save of the open run, with no label. */
  default RunLifecycle.Saved save(Long score, Boolean pass, String note)
      throws RunConflict, IOException {
    return save(score, pass, note, null);
  }

  /** The player's save of the open run; {@code label} names its configuration (null: none). */
  RunLifecycle.Saved save(Long score, Boolean pass, String note, String label)
      throws RunConflict, IOException;

  /** A hub's reset: opens the run {@code id} for hub {@code hub} on this host. */
  RunLifecycle.Reset join(String id, String hub) throws RunConflict;

  /** A hub's save: saves the open run if it is {@code id}, with no label. */
  default RunLifecycle.Saved saveRun(String id, Long score, Boolean pass, String note)
      throws RunConflict, IOException {
    return saveRun(id, score, pass, note, null);
  }

  /** A hub's save (the player's when {@code id} is null), with the run's label (null: none). */
  RunLifecycle.Saved saveRun(String id, Long score, Boolean pass, String note, String label)
      throws RunConflict, IOException;

  /** Gathers a part its host saved after the run was (a hub only). */
  RunLifecycle.Saved attach(String id, String host) throws RunConflict, IOException;

  /** The open run as it stands, or null when none is open. */
  Snapshot current();

  /** The meta of the open run, or null. */
  RunMeta currentMeta();

  /** The open run as it goes (see {@link RunLifecycle#live}), or null when none is open. */
  LiveRun live();
}
