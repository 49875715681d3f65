package dev.isutools4j.agent;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.sql.SqlDialect;
import java.sql.Connection;
import java.sql.Statement;

/**
 * The dialect of each connection the app's statements run on, read once per physical connection
 * from its metadata's URL ({@link SqlDialect#ofUrl}).
 *
 * <p>Hot path: the thread's last connection answers with one read and a compare. Another
 * connection costs an allocation-free identity lookup; a pool's per-borrow proxy (HikariCP's) is
 * unwrapped to its physical connection, whose dialect is remembered, so a borrow adds nothing to
 * the table. Only a connection seen for the first time asks its driver, once. Never throws: a
 * connection that cannot say gets {@link SqlDialect#MYSQL}.
 */
final class ConnectionDialects {

  /** Physical connections remembered at once; beyond, new ones ask their driver each time. */
  static final int MAX_CONNECTIONS = 10_000;

  private static final WeakIdentityTable<SqlDialect> KNOWN =
      new WeakIdentityTable<>(MAX_CONNECTIONS);

  private ConnectionDialects() {}

  /** The dialect of the connection {@code statement} runs on; MYSQL when it is not a JDBC one. */
  static SqlDialect ofStatement(Object statement, JdbcThread thread) {
    if (!(statement instanceof Statement s)) {
      return SqlDialect.MYSQL;
    }
    Connection connection;
    try {
      connection = s.getConnection();
    } catch (Throwable t) {
      return SqlDialect.MYSQL; // the app's own call on it ran: nothing more to learn here
    }
    return of(connection, thread);
  }

  /** The dialect of {@code connection}; MYSQL when it is not a JDBC one or cannot say. */
  static SqlDialect of(Object connection, JdbcThread thread) {
    if (connection == thread.connection && connection != null) {
      return thread.dialect;
    }
    if (!(connection instanceof Connection c)) {
      return SqlDialect.MYSQL;
    }
    SqlDialect dialect = KNOWN.get(c, thread.probe);
    if (dialect == null) {
      dialect = resolve(c, thread);
    }
    // Held strongly, one per thread: the connection the thread is working with anyway.
    thread.connection = c;
    thread.dialect = dialect;
    return dialect;
  }

  private static SqlDialect resolve(Connection connection, JdbcThread thread) {
    thread.depth++; // whatever the driver runs for us here is not the app's
    try {
      Connection physical = physical(connection);
      SqlDialect dialect = physical == connection ? null : KNOWN.get(physical, thread.probe);
      if (dialect == null) {
        dialect = SqlDialect.ofUrl(connection.getMetaData().getURL());
        KNOWN.put(physical, dialect);
      }
      return dialect;
    } catch (Throwable t) {
      Health.failed("agent: jdbc dialect", t);
      return SqlDialect.MYSQL;
    } finally {
      thread.depth--;
    }
  }

  /** The driver's connection behind a pool's proxy, or the connection itself. */
  private static Connection physical(Connection connection) {
    try {
      Connection inner = connection.unwrap(Connection.class);
      return inner != null ? inner : connection;
    } catch (Throwable t) {
      return connection;
    }
  }

  /** Whether {@code connection}'s dialect is remembered (for tests). */
  static boolean knows(Object connection) {
    return KNOWN.get(connection, new WeakIdentityTable.Probe()) != null;
  }
}
