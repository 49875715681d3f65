package dev.isutools4j.collect.machine;

/**
 * TCP connections established and in TIME-WAIT, counted by state from {@code /proc/net/tcp} and
 * {@code tcp6}. Each file is read up to a bound: the kernel writes a line per socket, and tens of
 * thousands of TIME-WAIT sockets would make that read cost milliseconds every second. Past the
 * bound the counts come from the kernel's own totals instead ({@code /proc/net/snmp} CurrEstab,
 * which also counts CLOSE-WAIT, and {@code /proc/net/sockstat} tw).
 */
final class TcpStates {

  /** About 1,700 sockets per file. */
  static final int MAX_BYTES = 256 * 1024;

  private static final int ESTABLISHED = 0x01;
  private static final int TIME_WAIT = 0x06;

  /** The counts and where they came from: {@code "tcp"} or {@code "snmp"}. */
  record Counts(long established, long timeWait, String source) {}

  private final ProcFiles files;
  private final int maxBytes;

  TcpStates(ProcFiles files, int maxBytes) {
    this.files = files;
    this.maxBytes = maxBytes;
  }

  /** The counts, or null when none of the files is there. */
  Counts read() {
    long[] counts = new long[2];
    boolean any = false;
    for (String file : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      TextCursor text = files.read(file, maxBytes);
      if (text == null) {
        continue;
      }
      if (files.truncated()) {
        return totals();
      }
      any = true;
      count(text, counts);
    }
    return any ? new Counts(counts[0], counts[1], "tcp") : null;
  }

  /** Adds the sockets of one file by state: [established, time-wait]. */
  static void count(TextCursor text, long[] counts) {
    text.nextLine(); // header
    while (!text.atEnd()) {
      int lineEnd = text.lineEnd();
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

  private Counts totals() {
    long established = -1;
    TextCursor snmp = files.read("/proc/net/snmp", 64 * 1024);
    if (snmp != null) {
      established = currentlyEstablished(snmp);
    }
    long timeWait = -1;
    TextCursor sockstat = files.read("/proc/net/sockstat", 16 * 1024);
    if (sockstat != null) {
      timeWait = timeWait(sockstat);
    }
    return new Counts(established, timeWait, "snmp");
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
