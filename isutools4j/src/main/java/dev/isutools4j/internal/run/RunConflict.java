package dev.isutools4j.internal.run;

/**
 * A reset or save that cannot happen now: no run is open, another reset or save is running, or
 * the host is in another hub's run (then {@link #runId} names that run).
 */
public final class RunConflict extends Exception {

  private final String runId;

  public RunConflict(String reason) {
    this(reason, null);
  }

  public RunConflict(String reason, String runId) {
    super(reason, null, false, false);
    this.runId = runId;
  }

  /** The run this host is in, when that is the conflict; else null. */
  public String runId() {
    return runId;
  }
}
