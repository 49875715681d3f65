package memdb;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * Every {@link java.sql.Connection} method throws {@link java.sql.SQLFeatureNotSupportedException}
 * until {@link MemConnection} overrides it.
 */
abstract class UnsupportedConnection implements Connection {

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
  public Statement createStatement() throws SQLException {
    throw Unsupported.feature("createStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    throw Unsupported.feature("prepareCall");
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    throw Unsupported.feature("nativeSQL");
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    throw Unsupported.feature("setAutoCommit");
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    throw Unsupported.feature("getAutoCommit");
  }

  @Override
  public void commit() throws SQLException {
    throw Unsupported.feature("commit");
  }

  @Override
  public void rollback() throws SQLException {
    throw Unsupported.feature("rollback");
  }

  @Override
  public void close() throws SQLException {
    throw Unsupported.feature("close");
  }

  @Override
  public boolean isClosed() throws SQLException {
    throw Unsupported.feature("isClosed");
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    throw Unsupported.feature("getMetaData");
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    throw Unsupported.feature("setReadOnly");
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    throw Unsupported.feature("isReadOnly");
  }

  @Override
  public void setCatalog(String catalog) throws SQLException {
    throw Unsupported.feature("setCatalog");
  }

  @Override
  public String getCatalog() throws SQLException {
    throw Unsupported.feature("getCatalog");
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    throw Unsupported.feature("setTransactionIsolation");
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    throw Unsupported.feature("getTransactionIsolation");
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
  public Statement createStatement(int resultSetType, int resultSetConcurrency)
      throws SQLException {
    throw Unsupported.feature("createStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
      throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency)
      throws SQLException {
    throw Unsupported.feature("prepareCall");
  }

  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    throw Unsupported.feature("getTypeMap");
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    throw Unsupported.feature("setTypeMap");
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    throw Unsupported.feature("setHoldability");
  }

  @Override
  public int getHoldability() throws SQLException {
    throw Unsupported.feature("getHoldability");
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    throw Unsupported.feature("setSavepoint");
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    throw Unsupported.feature("setSavepoint");
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    throw Unsupported.feature("rollback");
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    throw Unsupported.feature("releaseSavepoint");
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    throw Unsupported.feature("createStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    throw Unsupported.feature("prepareCall");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int columnIndexes[]) throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String columnNames[]) throws SQLException {
    throw Unsupported.feature("prepareStatement");
  }

  @Override
  public Clob createClob() throws SQLException {
    throw Unsupported.feature("createClob");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw Unsupported.feature("createBlob");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw Unsupported.feature("createNClob");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw Unsupported.feature("createSQLXML");
  }

  @Override
  public boolean isValid(int timeout) throws SQLException {
    throw Unsupported.feature("isValid");
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    throw new SQLClientInfoException("memdb does not support setClientInfo", Map.of());
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    throw new SQLClientInfoException("memdb does not support setClientInfo", Map.of());
  }

  @Override
  public String getClientInfo(String name) throws SQLException {
    throw Unsupported.feature("getClientInfo");
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    throw Unsupported.feature("getClientInfo");
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    throw Unsupported.feature("createArrayOf");
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw Unsupported.feature("createStruct");
  }

  @Override
  public void setSchema(String schema) throws SQLException {
    throw Unsupported.feature("setSchema");
  }

  @Override
  public String getSchema() throws SQLException {
    throw Unsupported.feature("getSchema");
  }

  @Override
  public void abort(Executor executor) throws SQLException {
    throw Unsupported.feature("abort");
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    throw Unsupported.feature("setNetworkTimeout");
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    throw Unsupported.feature("getNetworkTimeout");
  }
}
