package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * How a log section's file was read, the part the access log and slow log sections share: not at
 * all when its setting is unset ({@code supported} false, with the {@code reason}), else what was
 * read ({@code source}), what happened to the file meanwhile ({@code notes}: rotated, truncated,
 * missing) and the {@code error} that stopped the digest, if one did.
 *
 * @param reason why the log is not read; null when it is
 * @param source null when the log is not read
 * @param error null unless reading the log failed
 */
public record LogRead(boolean supported, String reason, LogSource source, List<String> notes, String error) {

  public LogRead {
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** A log that is not read, and why (its setting is not set). */
  public static LogRead notSupported(String reason) {
    return new LogRead(false, reason, null, List.of(), null);
  }

  /** A log whose file was read. */
  public static LogRead of(LogSource source, List<String> notes) {
    return new LogRead(true, null, source, notes, null);
  }

  /** The same read, whose digest failed with {@code error}. */
  public LogRead failed(String error) {
    return new LogRead(supported, reason, source, notes, error);
  }
}
