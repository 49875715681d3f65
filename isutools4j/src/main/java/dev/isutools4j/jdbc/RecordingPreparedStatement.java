package dev.isutools4j.jdbc;

import dev.isutools4j.sql.SqlShape;
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
class RecordingPreparedStatement extends RecordingStatement implements PreparedStatement {

  private final PreparedStatement ps;
  private final SqlShape shape;
  private SampleStatement params;
  private int batchItems;
  private String batchSample;

  RecordingPreparedStatement(RecordingConnection connection, PreparedStatement delegate,
      SqlShape shape) {
    super(connection, delegate);
    this.ps = delegate;
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
    String sample = params.render(shape.text());
    params = null;
    return sample;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    long start = System.nanoTime();
    try {
      return queried(ps.executeQuery(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public int executeUpdate() throws SQLException {
    long start = System.nanoTime();
    try {
      return (int) updated(ps.executeUpdate(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    long start = System.nanoTime();
    try {
      return updated(ps.executeLargeUpdate(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public boolean execute() throws SQLException {
    long start = System.nanoTime();
    try {
      return executed(ps.execute(), shape, start, takeSample());
    } catch (Throwable e) {
      SqlRecording.executed(shape, start, 0, true, takeSample());
      throw e;
    }
  }

  @Override
  public void addBatch() throws SQLException {
    ps.addBatch();
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
    ps.clearParameters();
    if (params != null) {
      params.clear();
    }
  }

  // Delegation below; setters also capture their value while a sample is wanted.

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    return ps.getMetaData();
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    return ps.getParameterMetaData();
  }

  @Override
  public void setArray(int parameterIndex, Array x) throws SQLException {
    ps.setArray(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
    ps.setAsciiStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
    ps.setAsciiStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
    ps.setAsciiStream(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    ps.setBigDecimal(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
    ps.setBinaryStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
    ps.setBinaryStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
    ps.setBinaryStream(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
    ps.setBlob(parameterIndex, inputStream, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
    ps.setBlob(parameterIndex, inputStream);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBlob(int parameterIndex, Blob x) throws SQLException {
    ps.setBlob(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    ps.setBoolean(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    ps.setByte(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setBytes(int parameterIndex, byte[] x) throws SQLException {
    ps.setBytes(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
    ps.setCharacterStream(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
    ps.setCharacterStream(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    ps.setCharacterStream(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
    ps.setClob(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader) throws SQLException {
    ps.setClob(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setClob(int parameterIndex, Clob x) throws SQLException {
    ps.setClob(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
    ps.setDate(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setDate(int parameterIndex, Date x) throws SQLException {
    ps.setDate(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    ps.setDouble(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    ps.setFloat(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    ps.setInt(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    ps.setLong(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
    ps.setNCharacterStream(parameterIndex, value, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
    ps.setNCharacterStream(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
    ps.setNClob(parameterIndex, reader, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader) throws SQLException {
    ps.setNClob(parameterIndex, reader);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNClob(int parameterIndex, NClob value) throws SQLException {
    ps.setNClob(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    ps.setNString(parameterIndex, value);
    if (params != null) {
      params.set(parameterIndex, value);
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    ps.setNull(parameterIndex, sqlType, typeName);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.NULL);
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    ps.setNull(parameterIndex, sqlType);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.NULL);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    ps.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    ps.setObject(parameterIndex, x, targetSqlType);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    ps.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    ps.setObject(parameterIndex, x, targetSqlType);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    ps.setObject(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setRef(int parameterIndex, Ref x) throws SQLException {
    ps.setRef(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setRowId(int parameterIndex, RowId x) throws SQLException {
    ps.setRowId(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
    ps.setSQLXML(parameterIndex, xmlObject);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    ps.setShort(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    ps.setString(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
    ps.setTime(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTime(int parameterIndex, Time x) throws SQLException {
    ps.setTime(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
    ps.setTimestamp(parameterIndex, x, cal);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    ps.setTimestamp(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setURL(int parameterIndex, URL x) throws SQLException {
    ps.setURL(parameterIndex, x);
    if (params != null) {
      params.set(parameterIndex, x);
    }
  }

  @Override
  public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
    ps.setUnicodeStream(parameterIndex, x, length);
    if (params != null) {
      params.set(parameterIndex, SampleStatement.OPAQUE);
    }
  }
}
