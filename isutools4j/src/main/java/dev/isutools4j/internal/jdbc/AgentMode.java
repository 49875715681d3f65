package dev.isutools4j.internal.jdbc;

/**
 * Whether the isutools4j agent records this JVM's JDBC calls itself. When it does, the library's own
 * JDBC wrappers (the {@code jdbc:isutools:} URL and {@code Isutools.wrap}) step aside and hand out
 * the real connections, so that an app using both is counted once.
 *
 * <p>Thread-safe: one volatile flag, set by the agent before the app's main method runs.
 */
public final class AgentMode {

  private static volatile boolean jdbcInstrumented;

  private AgentMode() {}

  /** Called by the agent once its JDBC instrumentation is installed. */
  public static void markJdbcInstrumented() {
    jdbcInstrumented = true;
  }

  /** Whether the agent records JDBC calls (the library's wrappers then record nothing). */
  public static boolean jdbcInstrumented() {
    return jdbcInstrumented;
  }
}
