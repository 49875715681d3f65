package memdb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A data source of memdb connections, for tools that wrap a DataSource rather than a driver. */
public final class MemDataSource implements DataSource {

  private PrintWriter logWriter;
  private int loginTimeout;

  @Override
  public Connection getConnection() {
    return new MemConnection();
  }

  @Override
  public Connection getConnection(String username, String password) {
    return new MemConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw Unsupported.feature("getParentLogger");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("memdb: not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
