package dev.isutools4j.internal.run;

/** A reset or save that cannot happen now: no run is open, or another reset or save is running. */
public final class RunConflict extends Exception {

  public RunConflict(String reason) {
    super(reason, null, false, false);
  }
}
