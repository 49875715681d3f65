package memdb;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * A memdb connection. It keeps the last statement closed, and hands it out again when the same SQL
 * text is prepared next (as a driver's prepared-statement cache does), so that prepare-execute-close
 * allocates nothing in the driver.
 */
final class MemConnection extends UnsupportedConnection {

  private boolean closed;
  private boolean autoCommit = true;
  private MemPreparedStatement idle;

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    checkOpen();
    if (sql == null) {
      throw new SQLException("memdb: no SQL to prepare");
    }
    MemPreparedStatement statement = idle;
    if (statement != null && statement.sql().equals(sql)) {
      idle = null;
      statement.reopen();
      return statement;
    }
    return new MemPreparedStatement(this, sql);
  }

  /** Called by a statement when it is closed: keep it for the next prepare of its text. */
  void closed(MemPreparedStatement statement) {
    idle = statement;
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return autoCommit;
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    this.autoCommit = autoCommit;
  }

  @Override
  public void commit() throws SQLException {
    checkOpen();
  }

  @Override
  public void rollback() throws SQLException {
    checkOpen();
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public boolean isValid(int timeout) {
    return !closed;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
    idle = null;
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw new SQLException("memdb: connection is closed", "08003");
    }
  }
}
