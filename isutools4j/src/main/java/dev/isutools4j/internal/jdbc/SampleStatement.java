package dev.isutools4j.internal.jdbc;

import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Ref;
import java.sql.SQLXML;
import java.util.Arrays;

/**
 * The parameters of a prepared statement, captured while its fingerprint still lacks a sample, and
 * rendered into the statement's text as literals: a real statement to read and to EXPLAIN.
 * Public for the agent, whose setter advice captures into it too. Not thread-safe: one statement's.
 */
public final class SampleStatement {

  /** Marks a parameter set to SQL NULL. */
  static final Object NULL = new Object();
  /** Marks a stream, LOB or other value not worth rendering. */
  static final Object OPAQUE = new Object();

  private static final int MAX_LENGTH = 64 * 1024;
  private static final int MAX_BYTES = 64;

  private Object[] values = new Object[8];

  /**
   * A value as a setter received it, whatever the setter: streams, readers and LOBs are kept as
   * opaque, null as SQL NULL.
   */
  public void setAny(int index, Object value) {
    boolean opaque = value instanceof InputStream || value instanceof Reader || value instanceof Blob
        || value instanceof Clob || value instanceof SQLXML || value instanceof Array
        || value instanceof Ref;
    set(index, opaque ? OPAQUE : value);
  }

  void set(int index, Object value) {
    if (index < 1 || index > 65_535) {
      return;
    }
    if (index >= values.length) {
      values = Arrays.copyOf(values, Math.max(index + 1, values.length * 2));
    }
    values[index] = value == null ? NULL : value;
  }

  void clear() {
    Arrays.fill(values, null);
  }

  /** The shape's text with its values, by the rules of the dialect it was read by. */
  public String render(SqlShape shape) {
    return render(shape.text(), shape.dialect());
  }

  /**
   * The text with each placeholder outside quotes and comments replaced by its value, strings
   * quoted so that {@code dialect} reads them back as they were.
   */
  String render(String sql, SqlDialect dialect) {
    boolean backslashes = dialect.backslashEscapes();
    StringBuilder out = new StringBuilder(sql.length() + 32);
    int parameter = 0;
    int i = 0;
    int n = sql.length();
    while (i < n && out.length() < MAX_LENGTH) {
      char c = sql.charAt(i);
      int skip = skipQuotedOrComment(sql, i, backslashes);
      if (skip > i) {
        out.append(sql, i, skip);
        i = skip;
      } else if (c == '?') {
        parameter++;
        Object value = parameter < values.length ? values[parameter] : null;
        out.append(value == null ? "?" : literal(value, backslashes));
        i++;
      } else {
        out.append(c);
        i++;
      }
    }
    if (i < n) {
      out.append("/* … truncated */");
    }
    return out.toString();
  }

  /** The end of a quoted string or comment starting at {@code i}, or {@code i} if none starts there. */
  private static int skipQuotedOrComment(String sql, int i, boolean backslashes) {
    char c = sql.charAt(i);
    int n = sql.length();
    if (c == '\'' || c == '"' || c == '`') {
      int j = i + 1;
      while (j < n) {
        char d = sql.charAt(j);
        if (d == '\\' && c != '`' && backslashes) {
          j += 2;
        } else if (d == c) {
          if (j + 1 < n && sql.charAt(j + 1) == c) {
            j += 2;
          } else {
            return j + 1;
          }
        } else {
          j++;
        }
      }
      return n;
    }
    if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
      int end = sql.indexOf("*/", i + 2);
      return end < 0 ? n : end + 2;
    }
    if ((c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') || c == '#') {
      int end = sql.indexOf('\n', i);
      return end < 0 ? n : end;
    }
    return i;
  }

  static String literal(Object value, boolean backslashes) {
    if (value == NULL) {
      return "NULL";
    }
    if (value == OPAQUE) {
      return "'(stream)'";
    }
    if (value instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number) {
      return value.toString();
    }
    if (value instanceof byte[] bytes) {
      return hex(bytes);
    }
    return quote(String.valueOf(value), backslashes);
  }

  private static String hex(byte[] bytes) {
    int shown = Math.min(bytes.length, MAX_BYTES);
    StringBuilder out = new StringBuilder(shown * 2 + 32).append("X'");
    for (int i = 0; i < shown; i++) {
      out.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
    }
    out.append('\'');
    if (shown < bytes.length) {
      out.append(" /* ").append(bytes.length).append(" bytes */");
    }
    return out.toString();
  }

  private static String quote(String text, boolean backslashes) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('\'');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        out.append("''");
      } else if (c == '\\' && backslashes) {
        out.append("\\\\");
      } else {
        out.append(c);
      }
    }
    return out.append('\'').toString();
  }
}
