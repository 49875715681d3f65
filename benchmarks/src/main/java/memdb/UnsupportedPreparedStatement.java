package memdb;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * Every {@link java.sql.PreparedStatement} method throws
 * {@link java.sql.SQLFeatureNotSupportedException} until {@link MemPreparedStatement} overrides it.
 */
abstract class UnsupportedPreparedStatement implements PreparedStatement {

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

  @Override
  public ResultSet executeQuery() throws SQLException {
    throw Unsupported.feature("executeQuery");
  }

  @Override
  public int executeUpdate() throws SQLException {
    throw Unsupported.feature("executeUpdate");
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    throw Unsupported.feature("setNull");
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    throw Unsupported.feature("setBoolean");
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    throw Unsupported.feature("setByte");
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    throw Unsupported.feature("setShort");
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    throw Unsupported.feature("setInt");
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    throw Unsupported.feature("setLong");
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    throw Unsupported.feature("setFloat");
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    throw Unsupported.feature("setDouble");
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    throw Unsupported.feature("setBigDecimal");
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    throw Unsupported.feature("setString");
  }

  @Override
  public void setBytes(int parameterIndex, byte x[]) throws SQLException {
    throw Unsupported.feature("setBytes");
  }

  @Override
  public void setDate(int parameterIndex, Date x) throws SQLException {
    throw Unsupported.feature("setDate");
  }

  @Override
  public void setTime(int parameterIndex, Time x) throws SQLException {
    throw Unsupported.feature("setTime");
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    throw Unsupported.feature("setTimestamp");
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Unsupported.feature("setAsciiStream");
  }

  @Deprecated
  @Override
  public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Unsupported.feature("setUnicodeStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Unsupported.feature("setBinaryStream");
  }

  @Override
  public void clearParameters() throws SQLException {
    throw Unsupported.feature("clearParameters");
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    throw Unsupported.feature("setObject");
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    throw Unsupported.feature("setObject");
  }

  @Override
  public boolean execute() throws SQLException {
    throw Unsupported.feature("execute");
  }

  @Override
  public void addBatch() throws SQLException {
    throw Unsupported.feature("addBatch");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, int length)
      throws SQLException {
    throw Unsupported.feature("setCharacterStream");
  }

  @Override
  public void setRef(int parameterIndex, Ref x) throws SQLException {
    throw Unsupported.feature("setRef");
  }

  @Override
  public void setBlob(int parameterIndex, Blob x) throws SQLException {
    throw Unsupported.feature("setBlob");
  }

  @Override
  public void setClob(int parameterIndex, Clob x) throws SQLException {
    throw Unsupported.feature("setClob");
  }

  @Override
  public void setArray(int parameterIndex, Array x) throws SQLException {
    throw Unsupported.feature("setArray");
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    throw Unsupported.feature("getMetaData");
  }

  @Override
  public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
    throw Unsupported.feature("setDate");
  }

  @Override
  public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
    throw Unsupported.feature("setTime");
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
    throw Unsupported.feature("setTimestamp");
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    throw Unsupported.feature("setNull");
  }

  @Override
  public void setURL(int parameterIndex, URL x) throws SQLException {
    throw Unsupported.feature("setURL");
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    throw Unsupported.feature("getParameterMetaData");
  }

  @Override
  public void setRowId(int parameterIndex, RowId x) throws SQLException {
    throw Unsupported.feature("setRowId");
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    throw Unsupported.feature("setNString");
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value, long length)
      throws SQLException {
    throw Unsupported.feature("setNCharacterStream");
  }

  @Override
  public void setNClob(int parameterIndex, NClob value) throws SQLException {
    throw Unsupported.feature("setNClob");
  }

  @Override
  public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Unsupported.feature("setClob");
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream, long length)
      throws SQLException {
    throw Unsupported.feature("setBlob");
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Unsupported.feature("setNClob");
  }

  @Override
  public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
    throw Unsupported.feature("setSQLXML");
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength)
      throws SQLException {
    throw Unsupported.feature("setObject");
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
    throw Unsupported.feature("setAsciiStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
    throw Unsupported.feature("setBinaryStream");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, long length)
      throws SQLException {
    throw Unsupported.feature("setCharacterStream");
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
    throw Unsupported.feature("setAsciiStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
    throw Unsupported.feature("setBinaryStream");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    throw Unsupported.feature("setCharacterStream");
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
    throw Unsupported.feature("setNCharacterStream");
  }

  @Override
  public void setClob(int parameterIndex, Reader reader) throws SQLException {
    throw Unsupported.feature("setClob");
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
    throw Unsupported.feature("setBlob");
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader) throws SQLException {
    throw Unsupported.feature("setNClob");
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw Unsupported.feature("executeQuery");
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    throw Unsupported.feature("executeUpdate");
  }

  @Override
  public void close() throws SQLException {
    throw Unsupported.feature("close");
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    throw Unsupported.feature("getMaxFieldSize");
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    throw Unsupported.feature("setMaxFieldSize");
  }

  @Override
  public int getMaxRows() throws SQLException {
    throw Unsupported.feature("getMaxRows");
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    throw Unsupported.feature("setMaxRows");
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    throw Unsupported.feature("setEscapeProcessing");
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    throw Unsupported.feature("getQueryTimeout");
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    throw Unsupported.feature("setQueryTimeout");
  }

  @Override
  public void cancel() throws SQLException {
    throw Unsupported.feature("cancel");
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    throw Unsupported.feature("getWarnings");
  }

  @Override
  public void clearWarnings() throws SQLException {
    throw Unsupported.feature("clearWarnings");
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    throw Unsupported.feature("setCursorName");
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    throw Unsupported.feature("execute");
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    throw Unsupported.feature("getResultSet");
  }

  @Override
  public int getUpdateCount() throws SQLException {
    throw Unsupported.feature("getUpdateCount");
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    throw Unsupported.feature("getMoreResults");
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    throw Unsupported.feature("setFetchDirection");
  }

  @Override
  public int getFetchDirection() throws SQLException {
    throw Unsupported.feature("getFetchDirection");
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    throw Unsupported.feature("setFetchSize");
  }

  @Override
  public int getFetchSize() throws SQLException {
    throw Unsupported.feature("getFetchSize");
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    throw Unsupported.feature("getResultSetConcurrency");
  }

  @Override
  public int getResultSetType() throws SQLException {
    throw Unsupported.feature("getResultSetType");
  }

  @Override
  public void addBatch( String sql ) throws SQLException {
    throw Unsupported.feature("addBatch");
  }

  @Override
  public void clearBatch() throws SQLException {
    throw Unsupported.feature("clearBatch");
  }

  @Override
  public int[] executeBatch() throws SQLException {
    throw Unsupported.feature("executeBatch");
  }

  @Override
  public Connection getConnection() throws SQLException {
    throw Unsupported.feature("getConnection");
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    throw Unsupported.feature("getMoreResults");
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    throw Unsupported.feature("getGeneratedKeys");
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    throw Unsupported.feature("executeUpdate");
  }

  @Override
  public int executeUpdate(String sql, int columnIndexes[]) throws SQLException {
    throw Unsupported.feature("executeUpdate");
  }

  @Override
  public int executeUpdate(String sql, String columnNames[]) throws SQLException {
    throw Unsupported.feature("executeUpdate");
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    throw Unsupported.feature("execute");
  }

  @Override
  public boolean execute(String sql, int columnIndexes[]) throws SQLException {
    throw Unsupported.feature("execute");
  }

  @Override
  public boolean execute(String sql, String columnNames[]) throws SQLException {
    throw Unsupported.feature("execute");
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    throw Unsupported.feature("getResultSetHoldability");
  }

  @Override
  public boolean isClosed() throws SQLException {
    throw Unsupported.feature("isClosed");
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    throw Unsupported.feature("setPoolable");
  }

  @Override
  public boolean isPoolable() throws SQLException {
    throw Unsupported.feature("isPoolable");
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    throw Unsupported.feature("closeOnCompletion");
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    throw Unsupported.feature("isCloseOnCompletion");
  }
}
