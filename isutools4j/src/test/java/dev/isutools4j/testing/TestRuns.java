package dev.isutools4j.testing;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.Optional;

/** Opens a fresh run of the JVM-wide instance and reads what it recorded. */
public final class TestRuns {

  private TestRuns() {}

  /** Opens a new run, so that what follows is recorded from zero. */
  public static void fresh() {
    try {
      Bootstrap.lifecycle().reset();
    } catch (RunConflict e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Closes the open run and returns it as its save would write it, with every collector's section
   * (the open run's {@link #current} has only those offered before the save).
   */
  public static Snapshot take() {
    try {
      return Bootstrap.lifecycle().take(null, null, null, null, null);
    } catch (RunConflict e) {
      throw new IllegalStateException(e);
    }
  }

  /** The open run as it stands. */
  public static Snapshot current() {
    return Bootstrap.lifecycle().current();
  }

  public static Optional<SqlRow> sql(String fingerprint) {
    return current().sql().stream().filter(r -> r.fingerprint().equals(fingerprint)).findFirst();
  }

  public static Optional<HttpRow> http(String method, String route) {
    return current().http().stream()
        .filter(r -> r.method().equals(method) && r.route().equals(route))
        .findFirst();
  }
}
