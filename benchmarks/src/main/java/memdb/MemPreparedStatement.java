package memdb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.Arrays;

/**
 * A memdb prepared statement. Parameters go into arrays sized at prepare time (numbers unboxed), and
 * every query returns this statement's one result set, rewound.
 */
final class MemPreparedStatement extends UnsupportedPreparedStatement {

  /** Marks a parameter set to a number, held in {@link #numbers}. */
  private static final Object NUMBER = new Object();
  /** Marks a parameter set to SQL NULL. */
  private static final Object NULL = new Object();

  private final MemConnection connection;
  private final String sql;
  private final Object[] values;
  private final long[] numbers;
  private final MemResultSet result = new MemResultSet(this);
  private boolean closed;

  MemPreparedStatement(MemConnection connection, String sql) {
    this.connection = connection;
    this.sql = sql;
    int parameters = placeholders(sql);
    this.values = new Object[parameters + 1];
    this.numbers = new long[parameters + 1];
  }

  /** Counts the {@code ?} in {@code sql}; memdb does not parse SQL, so it counts them anywhere. */
  private static int placeholders(String sql) {
    int n = 0;
    for (int i = 0; i < sql.length(); i++) {
      if (sql.charAt(i) == '?') {
        n++;
      }
    }
    return n;
  }

  String sql() {
    return sql;
  }

  /** Makes a closed statement usable again, as if freshly prepared. */
  void reopen() {
    closed = false;
    Arrays.fill(values, null);
  }

  /** The value of the result's {@code id} column: the first parameter if it is a number, else 1. */
  long id() {
    return values.length > 1 && values[1] == NUMBER ? numbers[1] : 1;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkExecutable();
    return result.open();
  }

  @Override
  public int executeUpdate() throws SQLException {
    checkExecutable();
    result.close();
    return 1;
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    setNumber(parameterIndex, x);
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    setNumber(parameterIndex, x);
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    checkIndex(parameterIndex);
    values[parameterIndex] = x == null ? NULL : x;
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    checkIndex(parameterIndex);
    values[parameterIndex] = NULL;
  }

  @Override
  public void clearParameters() throws SQLException {
    checkOpen();
    Arrays.fill(values, null);
  }

  @Override
  public Connection getConnection() throws SQLException {
    checkOpen();
    return connection;
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
    if (closed) {
      return;
    }
    closed = true;
    result.close();
    connection.closed(this);
  }

  private void setNumber(int parameterIndex, long x) throws SQLException {
    checkIndex(parameterIndex);
    values[parameterIndex] = NUMBER;
    numbers[parameterIndex] = x;
  }

  private void checkIndex(int parameterIndex) throws SQLException {
    checkOpen();
    if (parameterIndex < 1 || parameterIndex >= values.length) {
      throw new SQLException("memdb: parameter index " + parameterIndex + " is out of range 1.."
          + (values.length - 1), "07009");
    }
  }

  private void checkExecutable() throws SQLException {
    checkOpen();
    for (int i = 1; i < values.length; i++) {
      if (values[i] == null) {
        throw new SQLException("memdb: parameter " + i + " is not set", "07001");
      }
    }
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw new SQLException("memdb: statement is closed", "HY010");
    }
  }
}
