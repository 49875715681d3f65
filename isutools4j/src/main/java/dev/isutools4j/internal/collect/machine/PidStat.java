package dev.isutools4j.internal.collect.machine;

/**
 * One parse of {@code /proc/PID/stat}, reused for every process. The name (comm) sits between the
 * first {@code (} and the LAST {@code )}: it may itself hold spaces and parentheses, so the numbers
 * are counted from after that last {@code )}.
 */
final class PidStat {

  // Fields after the name, counted from 0 at the state: man proc's field number minus 3.
  private static final int UTIME = 11;
  private static final int STIME = 12;
  private static final int START_TIME = 19;
  private static final int RSS = 21;

  int nameFrom;
  int nameTo;
  /** User plus system time, in clock ticks. */
  long ticks;
  /** Clock ticks after boot when the process started: tells a reused pid from the old process. */
  long startTime;
  long rssPages;

  /** Parses the file at the cursor; false when it is not a stat line. */
  boolean parse(TextCursor text) {
    int end = text.lineEnd();
    int open = text.indexOf('(', text.position(), end);
    int close = text.lastIndexOf(')', Math.max(open, 0), end);
    if (open < 0 || close < open) {
      return false;
    }
    nameFrom = open + 1;
    nameTo = close;
    text.position(close + 1);
    text.skipToken(); // state
    long utime = 0;
    long stime = 0;
    for (int field = 1; field <= RSS; field++) {
      long value = text.nextLong();
      if (value == TextCursor.MISSING) {
        return false;
      }
      switch (field) {
        case UTIME -> utime = value;
        case STIME -> stime = value;
        case START_TIME -> startTime = value;
        case RSS -> rssPages = value;
        default -> { }
      }
    }
    ticks = utime + stime;
    return true;
  }
}
