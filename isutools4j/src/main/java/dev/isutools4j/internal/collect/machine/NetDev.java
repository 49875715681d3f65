package dev.isutools4j.internal.collect.machine;

import java.util.ArrayList;
import java.util.List;

/** Byte counters per network interface from {@code /proc/net/dev}, loopback included. */
final class NetDev {

  static final String LOOPBACK = "lo";

  /** One interface's totals since boot. */
  record Interface(String name, long receivedBytes, long sentBytes) {

    boolean loopback() {
      return name.equals(LOOPBACK);
    }
  }

  private NetDev() {}

  static List<Interface> parse(TextCursor text) {
    List<Interface> out = new ArrayList<>();
    text.nextLine().nextLine(); // two header lines
    while (!text.atEnd()) {
      int lineStart = text.skipBlanks().position();
      int lineEnd = text.lineEnd();
      int colon = text.lastIndexOf(':', lineStart, lineEnd);
      if (colon > lineStart) {
        String name = text.string(lineStart, colon);
        text.position(colon + 1);
        long received = text.nextLong();
        text.skipTokens(7);
        long sent = text.nextLong();
        if (received != TextCursor.MISSING && sent != TextCursor.MISSING) {
          out.add(new Interface(name, received, sent));
        }
      }
      text.position(lineEnd);
      text.nextLine();
    }
    return out;
  }
}
