package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Bytes;
import java.nio.charset.StandardCharsets;

/**
 * One slow log entry as it is read: its header's numbers and its statement's bytes, in buffers
 * reused for every entry. The statement is kept up to a cap; beyond it the entry is marked cut.
 *
 * <p>Not thread-safe: one per reading thread.
 */
final class SlowEntry implements SlowStatement {

  long queryMicros;
  long lockMicros;
  long rowsSent;
  long rowsExamined;
  long rowsAffected;
  long bytesSent;
  final byte[] schema = new byte[192];
  int schemaLength;
  byte[] statement = new byte[4096];
  int statementLength;
  boolean cut;
  boolean admin;
  long line; // where the entry's first header line is
  long offset;
  private final int maxStatement;

  SlowEntry(int maxStatement) {
    this.maxStatement = maxStatement;
  }

  void clear(long line, long offset) {
    queryMicros = 0;
    lockMicros = 0;
    rowsSent = 0;
    rowsExamined = 0;
    rowsAffected = 0;
    bytesSent = 0;
    schemaLength = 0;
    statementLength = 0;
    cut = false;
    admin = false;
    this.line = line;
    this.offset = offset;
  }

  void schema(byte[] b, int from, int to) {
    // `db` and db; are one schema
    if (to - from >= 2 && b[from] == '`' && b[to - 1] == '`') {
      from++;
      to--;
    }
    int n = Math.min(to - from, schema.length);
    System.arraycopy(b, from, schema, 0, n);
    schemaLength = n;
  }

  /** Adds a line of the statement (a line break before every line but the first). */
  void append(byte[] b, int from, int to) {
    int extra = (statementLength > 0 ? 1 : 0) + (to - from);
    if (statementLength + extra > maxStatement) {
      cut = true;
      extra = maxStatement - statementLength;
      if (extra <= 0) {
        return;
      }
    }
    ensure(statementLength + extra);
    if (statementLength > 0) {
      statement[statementLength++] = '\n';
      extra--;
    }
    System.arraycopy(b, from, statement, statementLength, extra);
    statementLength += extra;
  }

  private void ensure(int size) {
    if (size > statement.length) {
      byte[] bigger = new byte[Math.min(maxStatement, Math.max(size, statement.length * 2))];
      System.arraycopy(statement, 0, bigger, 0, statementLength);
      statement = bigger;
    }
  }

  /** Drops the statement's trailing ';' and white space, which the server's logger adds. */
  void trimStatement() {
    int n = statementLength;
    while (n > 0 && (statement[n - 1] == ' ' || statement[n - 1] == '\t' || statement[n - 1] == '\r')) {
      n--;
    }
    if (n > 0 && statement[n - 1] == ';' && !cut) {
      n--;
    }
    statementLength = n;
  }

  String schemaText() {
    return schemaLength == 0 ? null : Bytes.utf8(schema, 0, schemaLength);
  }

  @Override
  public long queryMicros() {
    return queryMicros;
  }

  @Override
  public long lockMicros() {
    return lockMicros;
  }

  @Override
  public long rowsSent() {
    return rowsSent;
  }

  @Override
  public long rowsExamined() {
    return rowsExamined;
  }

  @Override
  public long rowsAffected() {
    return rowsAffected;
  }

  @Override
  public long bytesSent() {
    return bytesSent;
  }

  @Override
  public String schema() {
    return schemaText();
  }

  @Override
  public String statement() {
    return Bytes.utf8(statement, 0, statementLength);
  }

  @Override
  public String head(int n) {
    return new String(statement, 0, Math.min(Math.max(0, n), statementLength),
        StandardCharsets.ISO_8859_1);
  }

  @Override
  public boolean admin() {
    return admin;
  }
}
