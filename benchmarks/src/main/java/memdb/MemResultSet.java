package memdb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * The one-row result {@code (id BIGINT, name VARCHAR)} of a memdb query; one instance per statement,
 * rewound at each execution.
 */
final class MemResultSet extends UnsupportedResultSet {

  /** The value of the {@code name} column. */
  static final String NAME = "memdb";

  private final MemPreparedStatement statement;
  private boolean closed = true;
  /** 0 before the row, 1 on it, 2 after it. */
  private int position;

  MemResultSet(MemPreparedStatement statement) {
    this.statement = statement;
  }

  ResultSet open() {
    closed = false;
    position = 0;
    return this;
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (position == 0) {
      position = 1;
      return true;
    }
    position = 2;
    return false;
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    checkColumn(columnIndex);
    if (columnIndex == 2) {
      throw new SQLException("memdb: column name is not a number", "22018");
    }
    return statement.id();
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return Math.toIntExact(getLong(columnIndex));
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    checkColumn(columnIndex);
    return columnIndex == 1 ? Long.toString(statement.id()) : NAME;
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    checkColumn(columnIndex);
    return columnIndex == 1 ? (Object) statement.id() : NAME;
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    checkOpen();
    if ("id".equalsIgnoreCase(columnLabel)) {
      return 1;
    }
    if ("name".equalsIgnoreCase(columnLabel)) {
      return 2;
    }
    throw new SQLException("memdb: no column " + columnLabel, "42S22");
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return false;
  }

  @Override
  public Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
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
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
  }

  private void checkColumn(int columnIndex) throws SQLException {
    checkOpen();
    if (position != 1) {
      throw new SQLException("memdb: the cursor is not on a row", "24000");
    }
    if (columnIndex < 1 || columnIndex > 2) {
      throw new SQLException("memdb: column " + columnIndex + " is out of range 1..2", "07009");
    }
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw new SQLException("memdb: result set is closed", "24000");
    }
  }
}
