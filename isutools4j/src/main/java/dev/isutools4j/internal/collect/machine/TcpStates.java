package dev.isutools4j.internal.collect.machine;

/**
 * TCP connections established and in TIME-WAIT. The kernel keeps both as totals: CurrEstab in
 * {@code /proc/net/snmp} (which also counts CLOSE-WAIT) and {@code tw} in {@code /proc/net/sockstat},
 * for IPv4 and IPv6 together. Those are read every sample. Counting by state from
 * {@code /proc/net/tcp} and {@code tcp6} is exact but costs far more: the kernel walks its whole
 * connection hash table for every read, about 3.5 ms per file on a 24 GiB machine even with a
 * handful of sockets, which alone would be most of the sampler's budget. So those files are only
 * the fallback when the totals cannot be read, and then read up to a bound (past it the counts
 * are a lower bound and say so).
 */
final class TcpStates {

  /** About 1,700 sockets per file. */
  static final int MAX_BYTES = 256 * 1024;

  private static final int ESTABLISHED = 0x01;
  private static final int TIME_WAIT = 0x06;

  /**
   * The counts and where they came from: {@code "snmp"}, {@code "tcp"} or {@code "tcp, cut"}
   * (lower bounds).
   */
  record Counts(long established, long timeWait, String source) {}

  private final ProcFiles files;
  private final int maxBytes;

  TcpStates(ProcFiles files, int maxBytes) {
    this.files = files;
    this.maxBytes = maxBytes;
  }

  /** The counts, or null when there is nothing to read them from. */
  Counts read() {
    TextCursor snmp = files.read("/proc/net/snmp", 64 * 1024);
    long established = snmp == null ? -1 : currentlyEstablished(snmp);
    TextCursor sockstat = files.read("/proc/net/sockstat", 16 * 1024);
    long timeWait = sockstat == null ? -1 : timeWait(sockstat);
    if (established >= 0 && timeWait >= 0) {
      return new Counts(established, timeWait, "snmp");
    }
    return byState();
  }

  /** Counts the sockets of {@code /proc/net/tcp} and {@code tcp6} by state; null when neither is there. */
  Counts byState() {
    long[] counts = new long[2];
    boolean any = false;
    boolean cut = false;
    for (String file : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      TextCursor text = files.read(file, maxBytes);
      if (text != null) {
        any = true;
        cut |= files.truncated();
        count(text, counts, files.truncated());
      }
    }
    return any ? new Counts(counts[0], counts[1], cut ? "tcp, cut" : "tcp") : null;
  }

  /** Adds the sockets of one file by state: [established, time-wait]. */
  static void count(TextCursor text, long[] counts, boolean cut) {
    text.nextLine(); // header
    while (!text.atEnd()) {
      int lineEnd = text.lineEnd();
      if (cut && lineEnd == text.end()) {
        break; // the last line is cut short
      }
      text.skipTokens(3); // "sl:", local, remote
      long state = text.nextHex();
      if (state == ESTABLISHED) {
        counts[0]++;
      } else if (state == TIME_WAIT) {
        counts[1]++;
      }
      text.position(lineEnd);
      text.nextLine();
    }
  }

  /** CurrEstab from the two {@code Tcp:} lines of {@code /proc/net/snmp} (names, then values). */
  static long currentlyEstablished(TextCursor text) {
    while (!text.atEnd()) {
      if (text.startsWith("Tcp:")) {
        int column = -1;
        String name;
        text.skipToken();
        for (int i = 0; (name = text.token()) != null; i++) {
          if (name.equals("CurrEstab")) {
            column = i;
          }
        }
        text.nextLine();
        if (column < 0 || !text.startsWith("Tcp:")) {
          return -1;
        }
        text.skipToken().skipTokens(column);
        long value = text.nextLong();
        return value == TextCursor.MISSING ? -1 : value;
      }
      text.nextLine();
    }
    return -1;
  }

  /** The {@code tw} count of the {@code TCP:} line of {@code /proc/net/sockstat}. */
  static long timeWait(TextCursor text) {
    while (!text.atEnd()) {
      if (text.startsWith("TCP:")) {
        text.skipToken();
        String name;
        while ((name = text.token()) != null) {
          long value = text.nextLong();
          if (name.equals("tw")) {
            return value == TextCursor.MISSING ? -1 : value;
          }
        }
        return -1;
      }
      text.nextLine();
    }
    return -1;
  }
}
