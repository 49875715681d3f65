package dev.isutools4j.testing;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Gate for tests that need something from the machine (a database server, a web server, a browser).
 *
 * <p>When the thing is missing the test is skipped with the reason printed, so a developer without
 * it still gets a green build that says what was not run. On CI (environment variable {@code CI}
 * set to {@code true}) a missing requirement fails the test instead: CI installs everything, so a
 * skip there would hide a broken setup.
 */
public final class Requirement {

  /** Reasons already printed, so a class of twenty tests does not print the same line twenty times. */
  private static final Set<String> PRINTED = ConcurrentHashMap.newKeySet();

  private Requirement() {
  }

  /** True when running on CI, where missing requirements are failures rather than skips. */
  public static boolean strict() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  /**
   * Does nothing if {@code present}; otherwise skips (or, on CI, fails) the current test.
   *
   * @param what    short name of the requirement, e.g. "MariaDB"
   * @param present whether it is available
   * @param reason  why it is not available and how to get it
   */
  public static void require(String what, boolean present, String reason) {
    require(what, present, reason, strict(), System.err);
  }

  static void require(String what, boolean present, String reason, boolean strict, PrintStream log) {
    if (present) {
      return;
    }
    String message = what + " is not available: " + reason;
    if (strict) {
      printOnce(log, "[isutools4j] FAIL (CI=true): " + message);
      Assertions.fail(message + " (CI=true, so this fails instead of skipping)");
    } else {
      printOnce(log, "[isutools4j] SKIP: " + message);
      Assumptions.abort(message);
    }
  }

  private static void printOnce(PrintStream log, String line) {
    if (PRINTED.add(line)) {
      log.println(line);
    }
  }
}
