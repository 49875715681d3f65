package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.Bytes;

/**
 * LTSV: {@code label:value} fields separated by tabs, in any order; unknown labels are skipped and
 * a value of "-" reads as none. One pass over the line.
 */
final class LtsvParser implements AccessParser {

  private final AccessKeys keys;

  LtsvParser(AccessKeys keys) {
    this.keys = keys;
  }

  @Override
  public String parse(byte[] b, int from, int to, AccessEntry entry) {
    entry.clear();
    int i = from;
    while (i < to) {
      // The label is short: a byte at a time to its colon, then the value to its tab.
      int colon = i;
      while (colon < to && b[colon] != ':' && b[colon] != '\t') {
        colon++;
      }
      if (colon == to || b[colon] == '\t') {
        i = colon + 1; // no colon: not a field
        continue;
      }
      int end = Bytes.indexOf(b, colon + 1, to, (byte) '\t');
      if (end < 0) {
        end = to;
      }
      if (colon > i) {
        AccessField field = keys.field(b, i, colon);
        if (field != null) {
          entry.set(field, b, colon + 1, end);
        }
      }
      i = end + 1;
    }
    return AccessParser.complete(entry);
  }
}
