package dev.isutools4j.internal.jdbc;

import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.sql.SqlDialect;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source whose connections record their statements. Their dialect is read once, from the
 * URL of the first connection's metadata: a data source's connections all reach one database.
 */
public final class RecordingDataSource implements DataSource {

  private final DataSource delegate;
  private volatile SqlDialect dialect; // null until the first connection told it

  public RecordingDataSource(DataSource delegate) {
    this.delegate = delegate;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = delegate.getConnection();
    DatabaseTargets.connected(delegate);
    return new RecordingConnection(connection, dialectOf(connection));
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Connection connection = delegate.getConnection(username, password);
    return new RecordingConnection(connection, dialectOf(connection));
  }

  private SqlDialect dialectOf(Connection connection) {
    SqlDialect known = dialect;
    if (known != null) {
      return known;
    }
    try {
      known = SqlDialect.ofUrl(connection.getMetaData().getURL());
    } catch (Throwable t) {
      Health.failed("jdbc: dialect of the data source", t);
      return SqlDialect.MYSQL; // asked again at the next connection
    }
    dialect = known;
    return known;
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return delegate.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    delegate.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    delegate.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return delegate.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return delegate.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return iface.isInstance(this) ? iface.cast(this) : delegate.unwrap(iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || delegate.isWrapperFor(iface);
  }
}
