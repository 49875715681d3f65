package dev.isutools4j.internal.jdbc;

import dev.isutools4j.internal.sql.SqlShape;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * A prepared statement whose shape is resolved once, when it is prepared, so that each execution
 * costs no lookup at all.
 *
 * <p>Hot path: allocation-free. Parameters are captured (boxed) only while the fingerprint still
 * wants a sample statement; after one execution that offered it, capturing stops.
 */
class RecordingPreparedStatement<P extends PreparedStatement> extends RecordingStatement<P>
    implements PreparedStatement {

  private final SqlShape shape;
  private SampleStatement params;
  private int batchItems;
  private String batchSample;

  RecordingPreparedStatement(RecordingConnection connection, P delegate,
      SqlShape shape) {
    super(connection, delegate);
    this.shape = shape;
    if (SqlRecording.wantsSample(shape)) {
      params = new SampleStatement();
    }
  }

  /** The statement with its values, once; afterwards null, and capturing stops. */
  private String takeSample() {
    if (params == null || shape == null) {
      return null;
    }
    String sample = params.render(shape);
    params = null;
    return sample;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    long start = System.nanoTime();
    try {
      return queried(delegate.executeQuery(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public int executeUpdate() throws SQLException {
    long start = System.nanoTime();
    try {
      return (int) updated(delegate.executeUpdate(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    long start = System.nanoTime();
    try {
      return updated(delegate.executeLargeUpdate(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public boolean execute() throws SQLException {
    long start = System.nanoTime();
    try {
      return executed(delegate.execute(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public void addBatch() throws SQLException {
    delegate.addBatch();
    batchItems++;
    if (batchSample == null) {
      batchSample = takeSample();
    }
  }

  @Override
  void batchExecuted(long nanos, long[] counts, boolean failed) {
    SqlRecording.batchExecuted(shape, nanos, batchItems, SqlRecording.affected(counts), failed,
        batchSample);
    batchItems = 0;
    batchSample = null;
  }

  @Override
  void batchCleared() {
    batchItems = 0;
    batchSample = null;
  }

  @Override
  public void clearParameters() throws SQLException {
    delegate.clearParameters();
    if (params != null) {
      params.clear();
    }
  }

  // Delegation below; setters also capture their value while a sample is wanted.

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    return delegate.getMetaData();
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    return delegate.getParameterMetaData();
  }

  @Override
  public void setArray(int parameterIndex, Array x) throws SQLException {
    delegate.setArray(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
    delegate.setAsciiStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
    delegate.setAsciiStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
    delegate.setAsciiStream(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    delegate.setBigDecimal(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
    delegate.setBinaryStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
    delegate.setBinaryStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
    delegate.setBinaryStream(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
    delegate.setBlob(parameterIndex, inputStream, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
    delegate.setBlob(parameterIndex, inputStream);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, Blob x) throws SQLException {
    delegate.setBlob(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    delegate.setBoolean(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    delegate.setByte(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setBytes(int parameterIndex, byte[] x) throws SQLException {
    delegate.setBytes(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
    delegate.setCharacterStream(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
    delegate.setCharacterStream(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    delegate.setCharacterStream(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
    delegate.setClob(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader) throws SQLException {
    delegate.setClob(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Clob x) throws SQLException {
    delegate.setClob(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
    delegate.setDate(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setDate(int parameterIndex, Date x) throws SQLException {
    delegate.setDate(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    delegate.setDouble(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    delegate.setFloat(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    delegate.setInt(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    delegate.setLong(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
    delegate.setNCharacterStream(parameterIndex, value, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
    delegate.setNCharacterStream(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
    delegate.setNClob(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader) throws SQLException {
    delegate.setNClob(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, NClob value) throws SQLException {
    delegate.setNClob(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    delegate.setNString(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, value);
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    delegate.setNull(parameterIndex, sqlType, typeName);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.NULL);
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    delegate.setNull(parameterIndex, sqlType);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.NULL);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    delegate.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    delegate.setObject(parameterIndex, x, targetSqlType);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    delegate.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    delegate.setObject(parameterIndex, x, targetSqlType);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    delegate.setObject(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setRef(int parameterIndex, Ref x) throws SQLException {
    delegate.setRef(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setRowId(int parameterIndex, RowId x) throws SQLException {
    delegate.setRowId(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
    delegate.setSQLXML(parameterIndex, xmlObject);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    delegate.setShort(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    delegate.setString(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
    delegate.setTime(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTime(int parameterIndex, Time x) throws SQLException {
    delegate.setTime(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
    delegate.setTimestamp(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    delegate.setTimestamp(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setURL(int parameterIndex, URL x) throws SQLException {
    delegate.setURL(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
    delegate.setUnicodeStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }
}
