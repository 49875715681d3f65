package dev.isutools4j.internal.digest.slow;

/**
 * One slow log entry as read, for a filter that chooses which entries are counted
 * ({@link SlowLogDigest.Options#withFilter}). Valid only during the call it is given to.
 */
public interface SlowStatement {

  long queryMicros();

  long lockMicros();

  long rowsSent();

  long rowsExamined();

  long rowsAffected();

  long bytesSent();

  /** The schema it ran in, or null when the log does not say. */
  String schema();

  /** The statement as logged (cut at the statement cap), without its trailing ';'. */
  String statement();

  /**
   * The statement's first {@code n} bytes at most, each byte one character (ISO-8859-1, so ASCII
   * reads as itself): enough to recognise how a statement opens without copying all of it.
   */
  String head(int n);

  /** Whether it is an administrator command (such as {@code Quit}). */
  boolean admin();
}
