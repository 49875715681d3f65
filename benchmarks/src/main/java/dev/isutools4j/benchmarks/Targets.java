package dev.isutools4j.benchmarks;

import com.p6spy.engine.logging.P6LogOptions;
import memdb.MemDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/** Opens a connection to memdb, directly or through one of the JDBC wrappers compared. */
final class Targets {

  static final String BARE = "bare";
  static final String ISUTOOLS = "isutools";
  static final String ISUTOOLS_IN_REQUEST = "isutoolsInRequest";
  static final String P6SPY = "p6spy";
  static final String P6SPY_QUIET = "p6spyQuiet";
  static final String DATASOURCE_PROXY = "datasourceProxy";
  /** memdb directly, in a JVM started with {@code -javaagent:isutools4j-agent.jar}. */
  static final String AGENT = "agent";
  static final String AGENT_IN_REQUEST = "agentInRequest";

  /** p6spy's default {@code excludecategories}: statements, commits and rollbacks are logged. */
  private static final String P6SPY_DEFAULT_EXCLUDED = "info,debug,result,resultset,batch";
  /** Every category p6spy lets one exclude: nothing is logged, nothing is rendered. */
  private static final String P6SPY_ALL_EXCLUDED =
      "info,debug,result,resultset,batch,statement,commit,rollback";

  private Targets() {}

  /** Whether isutools4j records the target's statements (the library's URL, or the agent). */
  static boolean isutools(String target) {
    return target.equals(ISUTOOLS) || target.equals(ISUTOOLS_IN_REQUEST) || agent(target);
  }

  static boolean agent(String target) {
    return target.equals(AGENT) || target.equals(AGENT_IN_REQUEST);
  }

  /** Whether the target runs its statements inside an open request. */
  static boolean inRequest(String target) {
    return target.equals(ISUTOOLS_IN_REQUEST) || target.equals(AGENT_IN_REQUEST);
  }

  static Connection open(String target) throws SQLException {
    // DriverManager loads every driver on the classpath, isutools4j's too, which reads its settings
    // once: set them before anything touches DriverManager.
    IsutoolsRun.configure();
    switch (target) {
      case BARE:
      case AGENT:
      case AGENT_IN_REQUEST:
        return DriverManager.getConnection("jdbc:memdb:bench");
      case ISUTOOLS:
      case ISUTOOLS_IN_REQUEST:
        return DriverManager.getConnection("jdbc:isutools:memdb:bench");
      case P6SPY:
      case P6SPY_QUIET: {
        Connection connection = DriverManager.getConnection("jdbc:p6spy:memdb:bench");
        // The appender (spy.properties) discards every message in both cases.
        P6LogOptions.getActiveInstance().setExcludecategories(
            target.equals(P6SPY) ? P6SPY_DEFAULT_EXCLUDED : P6SPY_ALL_EXCLUDED);
        return connection;
      }
      case DATASOURCE_PROXY:
        // The library's own no-op listener: nothing runs beyond datasource-proxy's interception.
        return ProxyDataSourceBuilder.create("memdb", new MemDataSource())
            .listener(QueryExecutionListener.DEFAULT)
            .build()
            .getConnection();
      default:
        throw new IllegalArgumentException("unknown target " + target);
    }
  }
}
