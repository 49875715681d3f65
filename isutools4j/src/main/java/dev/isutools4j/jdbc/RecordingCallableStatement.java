package dev.isutools4j.jdbc;

import dev.isutools4j.sql.SqlShape;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * A callable statement, recorded like a prepared one (executions go through the superclass);
 * the out-parameter and named-parameter methods only delegate.
 */
final class RecordingCallableStatement extends RecordingPreparedStatement
    implements CallableStatement {

  private final CallableStatement cs;

  RecordingCallableStatement(RecordingConnection connection, CallableStatement delegate,
      SqlShape shape) {
    super(connection, delegate, shape);
    this.cs = delegate;
  }

  // Plain delegation below.

  @Override
  public Array getArray(String parameterName) throws SQLException {
    return cs.getArray(parameterName);
  }

  @Override
  public Array getArray(int parameterIndex) throws SQLException {
    return cs.getArray(parameterIndex);
  }

  @Override
  public BigDecimal getBigDecimal(String parameterName) throws SQLException {
    return cs.getBigDecimal(parameterName);
  }

  @Override
  public BigDecimal getBigDecimal(int parameterIndex, int scale) throws SQLException {
    return cs.getBigDecimal(parameterIndex, scale);
  }

  @Override
  public BigDecimal getBigDecimal(int parameterIndex) throws SQLException {
    return cs.getBigDecimal(parameterIndex);
  }

  @Override
  public Blob getBlob(String parameterName) throws SQLException {
    return cs.getBlob(parameterName);
  }

  @Override
  public Blob getBlob(int parameterIndex) throws SQLException {
    return cs.getBlob(parameterIndex);
  }

  @Override
  public boolean getBoolean(String parameterName) throws SQLException {
    return cs.getBoolean(parameterName);
  }

  @Override
  public boolean getBoolean(int parameterIndex) throws SQLException {
    return cs.getBoolean(parameterIndex);
  }

  @Override
  public byte getByte(String parameterName) throws SQLException {
    return cs.getByte(parameterName);
  }

  @Override
  public byte getByte(int parameterIndex) throws SQLException {
    return cs.getByte(parameterIndex);
  }

  @Override
  public byte[] getBytes(String parameterName) throws SQLException {
    return cs.getBytes(parameterName);
  }

  @Override
  public byte[] getBytes(int parameterIndex) throws SQLException {
    return cs.getBytes(parameterIndex);
  }

  @Override
  public Reader getCharacterStream(String parameterName) throws SQLException {
    return cs.getCharacterStream(parameterName);
  }

  @Override
  public Reader getCharacterStream(int parameterIndex) throws SQLException {
    return cs.getCharacterStream(parameterIndex);
  }

  @Override
  public Clob getClob(String parameterName) throws SQLException {
    return cs.getClob(parameterName);
  }

  @Override
  public Clob getClob(int parameterIndex) throws SQLException {
    return cs.getClob(parameterIndex);
  }

  @Override
  public Date getDate(String parameterName, Calendar cal) throws SQLException {
    return cs.getDate(parameterName, cal);
  }

  @Override
  public Date getDate(String parameterName) throws SQLException {
    return cs.getDate(parameterName);
  }

  @Override
  public Date getDate(int parameterIndex, Calendar cal) throws SQLException {
    return cs.getDate(parameterIndex, cal);
  }

  @Override
  public Date getDate(int parameterIndex) throws SQLException {
    return cs.getDate(parameterIndex);
  }

  @Override
  public double getDouble(String parameterName) throws SQLException {
    return cs.getDouble(parameterName);
  }

  @Override
  public double getDouble(int parameterIndex) throws SQLException {
    return cs.getDouble(parameterIndex);
  }

  @Override
  public float getFloat(String parameterName) throws SQLException {
    return cs.getFloat(parameterName);
  }

  @Override
  public float getFloat(int parameterIndex) throws SQLException {
    return cs.getFloat(parameterIndex);
  }

  @Override
  public int getInt(String parameterName) throws SQLException {
    return cs.getInt(parameterName);
  }

  @Override
  public int getInt(int parameterIndex) throws SQLException {
    return cs.getInt(parameterIndex);
  }

  @Override
  public long getLong(String parameterName) throws SQLException {
    return cs.getLong(parameterName);
  }

  @Override
  public long getLong(int parameterIndex) throws SQLException {
    return cs.getLong(parameterIndex);
  }

  @Override
  public Reader getNCharacterStream(String parameterName) throws SQLException {
    return cs.getNCharacterStream(parameterName);
  }

  @Override
  public Reader getNCharacterStream(int parameterIndex) throws SQLException {
    return cs.getNCharacterStream(parameterIndex);
  }

  @Override
  public NClob getNClob(String parameterName) throws SQLException {
    return cs.getNClob(parameterName);
  }

  @Override
  public NClob getNClob(int parameterIndex) throws SQLException {
    return cs.getNClob(parameterIndex);
  }

  @Override
  public String getNString(String parameterName) throws SQLException {
    return cs.getNString(parameterName);
  }

  @Override
  public String getNString(int parameterIndex) throws SQLException {
    return cs.getNString(parameterIndex);
  }

  @Override
  public <T> T getObject(String parameterName, Class<T> type) throws SQLException {
    return cs.getObject(parameterName, type);
  }

  @Override
  public Object getObject(String parameterName, Map<String, Class<?>> map) throws SQLException {
    return cs.getObject(parameterName, map);
  }

  @Override
  public Object getObject(String parameterName) throws SQLException {
    return cs.getObject(parameterName);
  }

  @Override
  public <T> T getObject(int parameterIndex, Class<T> type) throws SQLException {
    return cs.getObject(parameterIndex, type);
  }

  @Override
  public Object getObject(int parameterIndex, Map<String, Class<?>> map) throws SQLException {
    return cs.getObject(parameterIndex, map);
  }

  @Override
  public Object getObject(int parameterIndex) throws SQLException {
    return cs.getObject(parameterIndex);
  }

  @Override
  public Ref getRef(String parameterName) throws SQLException {
    return cs.getRef(parameterName);
  }

  @Override
  public Ref getRef(int parameterIndex) throws SQLException {
    return cs.getRef(parameterIndex);
  }

  @Override
  public RowId getRowId(String parameterName) throws SQLException {
    return cs.getRowId(parameterName);
  }

  @Override
  public RowId getRowId(int parameterIndex) throws SQLException {
    return cs.getRowId(parameterIndex);
  }

  @Override
  public SQLXML getSQLXML(String parameterName) throws SQLException {
    return cs.getSQLXML(parameterName);
  }

  @Override
  public SQLXML getSQLXML(int parameterIndex) throws SQLException {
    return cs.getSQLXML(parameterIndex);
  }

  @Override
  public short getShort(String parameterName) throws SQLException {
    return cs.getShort(parameterName);
  }

  @Override
  public short getShort(int parameterIndex) throws SQLException {
    return cs.getShort(parameterIndex);
  }

  @Override
  public String getString(String parameterName) throws SQLException {
    return cs.getString(parameterName);
  }

  @Override
  public String getString(int parameterIndex) throws SQLException {
    return cs.getString(parameterIndex);
  }

  @Override
  public Time getTime(String parameterName, Calendar cal) throws SQLException {
    return cs.getTime(parameterName, cal);
  }

  @Override
  public Time getTime(String parameterName) throws SQLException {
    return cs.getTime(parameterName);
  }

  @Override
  public Time getTime(int parameterIndex, Calendar cal) throws SQLException {
    return cs.getTime(parameterIndex, cal);
  }

  @Override
  public Time getTime(int parameterIndex) throws SQLException {
    return cs.getTime(parameterIndex);
  }

  @Override
  public Timestamp getTimestamp(String parameterName, Calendar cal) throws SQLException {
    return cs.getTimestamp(parameterName, cal);
  }

  @Override
  public Timestamp getTimestamp(String parameterName) throws SQLException {
    return cs.getTimestamp(parameterName);
  }

  @Override
  public Timestamp getTimestamp(int parameterIndex, Calendar cal) throws SQLException {
    return cs.getTimestamp(parameterIndex, cal);
  }

  @Override
  public Timestamp getTimestamp(int parameterIndex) throws SQLException {
    return cs.getTimestamp(parameterIndex);
  }

  @Override
  public URL getURL(String parameterName) throws SQLException {
    return cs.getURL(parameterName);
  }

  @Override
  public URL getURL(int parameterIndex) throws SQLException {
    return cs.getURL(parameterIndex);
  }

  @Override
  public void registerOutParameter(String parameterName, int sqlType, String typeName) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType, typeName);
  }

  @Override
  public void registerOutParameter(String parameterName, int sqlType, int scale) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType, scale);
  }

  @Override
  public void registerOutParameter(String parameterName, int sqlType) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType);
  }

  @Override
  public void registerOutParameter(String parameterName, SQLType sqlType, String typeName) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType, typeName);
  }

  @Override
  public void registerOutParameter(String parameterName, SQLType sqlType, int scale) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType, scale);
  }

  @Override
  public void registerOutParameter(String parameterName, SQLType sqlType) throws SQLException {
    cs.registerOutParameter(parameterName, sqlType);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int sqlType, String typeName) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType, typeName);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int sqlType, int scale) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType, scale);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int sqlType) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType);
  }

  @Override
  public void registerOutParameter(int parameterIndex, SQLType sqlType, String typeName) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType, typeName);
  }

  @Override
  public void registerOutParameter(int parameterIndex, SQLType sqlType, int scale) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType, scale);
  }

  @Override
  public void registerOutParameter(int parameterIndex, SQLType sqlType) throws SQLException {
    cs.registerOutParameter(parameterIndex, sqlType);
  }

  @Override
  public void setAsciiStream(String parameterName, InputStream x, int length) throws SQLException {
    cs.setAsciiStream(parameterName, x, length);
  }

  @Override
  public void setAsciiStream(String parameterName, InputStream x, long length) throws SQLException {
    cs.setAsciiStream(parameterName, x, length);
  }

  @Override
  public void setAsciiStream(String parameterName, InputStream x) throws SQLException {
    cs.setAsciiStream(parameterName, x);
  }

  @Override
  public void setBigDecimal(String parameterName, BigDecimal x) throws SQLException {
    cs.setBigDecimal(parameterName, x);
  }

  @Override
  public void setBinaryStream(String parameterName, InputStream x, int length) throws SQLException {
    cs.setBinaryStream(parameterName, x, length);
  }

  @Override
  public void setBinaryStream(String parameterName, InputStream x, long length) throws SQLException {
    cs.setBinaryStream(parameterName, x, length);
  }

  @Override
  public void setBinaryStream(String parameterName, InputStream x) throws SQLException {
    cs.setBinaryStream(parameterName, x);
  }

  @Override
  public void setBlob(String parameterName, InputStream inputStream, long length) throws SQLException {
    cs.setBlob(parameterName, inputStream, length);
  }

  @Override
  public void setBlob(String parameterName, InputStream inputStream) throws SQLException {
    cs.setBlob(parameterName, inputStream);
  }

  @Override
  public void setBlob(String parameterName, Blob x) throws SQLException {
    cs.setBlob(parameterName, x);
  }

  @Override
  public void setBoolean(String parameterName, boolean x) throws SQLException {
    cs.setBoolean(parameterName, x);
  }

  @Override
  public void setByte(String parameterName, byte x) throws SQLException {
    cs.setByte(parameterName, x);
  }

  @Override
  public void setBytes(String parameterName, byte[] x) throws SQLException {
    cs.setBytes(parameterName, x);
  }

  @Override
  public void setCharacterStream(String parameterName, Reader reader, int length) throws SQLException {
    cs.setCharacterStream(parameterName, reader, length);
  }

  @Override
  public void setCharacterStream(String parameterName, Reader reader, long length) throws SQLException {
    cs.setCharacterStream(parameterName, reader, length);
  }

  @Override
  public void setCharacterStream(String parameterName, Reader reader) throws SQLException {
    cs.setCharacterStream(parameterName, reader);
  }

  @Override
  public void setClob(String parameterName, Reader reader, long length) throws SQLException {
    cs.setClob(parameterName, reader, length);
  }

  @Override
  public void setClob(String parameterName, Reader reader) throws SQLException {
    cs.setClob(parameterName, reader);
  }

  @Override
  public void setClob(String parameterName, Clob x) throws SQLException {
    cs.setClob(parameterName, x);
  }

  @Override
  public void setDate(String parameterName, Date x, Calendar cal) throws SQLException {
    cs.setDate(parameterName, x, cal);
  }

  @Override
  public void setDate(String parameterName, Date x) throws SQLException {
    cs.setDate(parameterName, x);
  }

  @Override
  public void setDouble(String parameterName, double x) throws SQLException {
    cs.setDouble(parameterName, x);
  }

  @Override
  public void setFloat(String parameterName, float x) throws SQLException {
    cs.setFloat(parameterName, x);
  }

  @Override
  public void setInt(String parameterName, int x) throws SQLException {
    cs.setInt(parameterName, x);
  }

  @Override
  public void setLong(String parameterName, long x) throws SQLException {
    cs.setLong(parameterName, x);
  }

  @Override
  public void setNCharacterStream(String parameterName, Reader value, long length) throws SQLException {
    cs.setNCharacterStream(parameterName, value, length);
  }

  @Override
  public void setNCharacterStream(String parameterName, Reader value) throws SQLException {
    cs.setNCharacterStream(parameterName, value);
  }

  @Override
  public void setNClob(String parameterName, Reader reader, long length) throws SQLException {
    cs.setNClob(parameterName, reader, length);
  }

  @Override
  public void setNClob(String parameterName, Reader reader) throws SQLException {
    cs.setNClob(parameterName, reader);
  }

  @Override
  public void setNClob(String parameterName, NClob value) throws SQLException {
    cs.setNClob(parameterName, value);
  }

  @Override
  public void setNString(String parameterName, String value) throws SQLException {
    cs.setNString(parameterName, value);
  }

  @Override
  public void setNull(String parameterName, int sqlType, String typeName) throws SQLException {
    cs.setNull(parameterName, sqlType, typeName);
  }

  @Override
  public void setNull(String parameterName, int sqlType) throws SQLException {
    cs.setNull(parameterName, sqlType);
  }

  @Override
  public void setObject(String parameterName, Object x, int targetSqlType, int scale) throws SQLException {
    cs.setObject(parameterName, x, targetSqlType, scale);
  }

  @Override
  public void setObject(String parameterName, Object x, int targetSqlType) throws SQLException {
    cs.setObject(parameterName, x, targetSqlType);
  }

  @Override
  public void setObject(String parameterName, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    cs.setObject(parameterName, x, targetSqlType, scaleOrLength);
  }

  @Override
  public void setObject(String parameterName, Object x, SQLType targetSqlType) throws SQLException {
    cs.setObject(parameterName, x, targetSqlType);
  }

  @Override
  public void setObject(String parameterName, Object x) throws SQLException {
    cs.setObject(parameterName, x);
  }

  @Override
  public void setRowId(String parameterName, RowId x) throws SQLException {
    cs.setRowId(parameterName, x);
  }

  @Override
  public void setSQLXML(String parameterName, SQLXML xmlObject) throws SQLException {
    cs.setSQLXML(parameterName, xmlObject);
  }

  @Override
  public void setShort(String parameterName, short x) throws SQLException {
    cs.setShort(parameterName, x);
  }

  @Override
  public void setString(String parameterName, String x) throws SQLException {
    cs.setString(parameterName, x);
  }

  @Override
  public void setTime(String parameterName, Time x, Calendar cal) throws SQLException {
    cs.setTime(parameterName, x, cal);
  }

  @Override
  public void setTime(String parameterName, Time x) throws SQLException {
    cs.setTime(parameterName, x);
  }

  @Override
  public void setTimestamp(String parameterName, Timestamp x, Calendar cal) throws SQLException {
    cs.setTimestamp(parameterName, x, cal);
  }

  @Override
  public void setTimestamp(String parameterName, Timestamp x) throws SQLException {
    cs.setTimestamp(parameterName, x);
  }

  @Override
  public void setURL(String parameterName, URL val) throws SQLException {
    cs.setURL(parameterName, val);
  }

  @Override
  public boolean wasNull() throws SQLException {
    return cs.wasNull();
  }
}
