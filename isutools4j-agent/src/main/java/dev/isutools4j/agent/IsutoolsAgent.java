package dev.isutools4j.agent;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.jdbc.AgentMode;
import java.lang.instrument.Instrumentation;

/**
 * The {@code -javaagent}: everything the library records, with no change to the app.
 *
 * <pre>{@code
 * java -javaagent:isutools4j-agent.jar=addr=127.0.0.1:19191,dir=/var/isutools -jar app.jar
 * java -javaagent:isutools4j-agent.jar=off ...     # or ISUTOOLS=off: the agent does nothing
 * }</pre>
 *
 * <p>Arguments become the library's system properties, except those the command line set already
 * ({@code -Disutools.dir=...} wins over {@code dir=...}; both win over {@code ISUTOOLS_DIR}). It never
 * throws: a failure is logged once and counted, and the app starts unmeasured.
 */
public final class IsutoolsAgent {

  private static final System.Logger LOG = System.getLogger("isutools4j");

  private IsutoolsAgent() {}

  public static void premain(String args, Instrumentation inst) {
    start(args, inst);
  }

  public static void agentmain(String args, Instrumentation inst) {
    start(args, inst);
  }

  private static synchronized void start(String rawArgs, Instrumentation inst) {
    try {
      AgentArgs args = AgentArgs.parse(rawArgs);
      if (AgentArgs.disabled(args, System.getenv())) {
        // The library in this jar may still start (its JDBC driver registers itself): no admin server.
        System.getProperties().putIfAbsent("isutools.addr", "off");
        LOG.log(System.Logger.Level.INFO, "isutools4j agent: off");
        return;
      }
      args.applyTo(System.getProperties());
      AgentTransformer.install(inst);
      AgentMode.markJdbcInstrumented();
      NativeAccessGrant.install(inst);
      // Binding the admin server and reading the history may take a moment: not on the main thread.
      Thread starter = new Thread(Bootstrap::start, "isutools-agent-start");
      starter.setDaemon(true);
      starter.start();
    } catch (Throwable t) {
      try {
        Health.failed("agent: start", t);
        LOG.log(System.Logger.Level.WARNING,
            "isutools4j agent: could not start; the app runs unmeasured", t);
      } catch (Throwable ignored) {
        // Nothing may stop the app from starting.
      }
    }
  }
}
