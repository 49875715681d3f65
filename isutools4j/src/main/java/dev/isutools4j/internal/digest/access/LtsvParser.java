package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.Bytes;

/**
 * LTSV: {@code label:value} fields separated by tabs, in any order; unknown labels are skipped and
 * a value of "-" reads as none. One pass over the line.
 *
 * <p>A log writes every line with the same labels in the same order, so each field's label is
 * first compared with the one the line before had in that place: a label of up to seven bytes and
 * its colon in one eight-byte compare, its field already known. Any other label is read byte by
 * byte and looked up, and becomes the one expected there. Not thread-safe: one per reading thread.
 */
final class LtsvParser implements AccessParser {

  /** Fields whose label the line before is remembered for; later ones are always looked up. */
  private static final int REMEMBERED = 32;

  private final AccessKeys keys;
  // The line before's labels, by place: the label and its colon, little-endian (0: none known).
  private final long[] labels = new long[REMEMBERED];
  private final long[] masks = new long[REMEMBERED];
  private final int[] colons = new int[REMEMBERED]; // where the colon is from the label's start
  private final AccessField[] fields = new AccessField[REMEMBERED];

  LtsvParser(AccessKeys keys) {
    this.keys = keys;
  }

  @Override
  public String parse(byte[] b, int from, int to, AccessEntry entry) {
    entry.clear();
    int i = from;
    int place = 0;
    while (i < to) {
      int colon;
      AccessField field;
      if (place < REMEMBERED && labels[place] != 0 && i + 8 <= to
          && (Bytes.word(b, i) & masks[place]) == labels[place]) {
        colon = i + colons[place];
        field = fields[place];
      } else {
        // The label is short: a byte at a time to its colon, then the value to its tab.
        colon = i;
        while (colon < to && b[colon] != ':' && b[colon] != '\t') {
          colon++;
        }
        if (colon == to || b[colon] == '\t') {
          i = colon + 1; // no colon: not a field
          continue;
        }
        field = colon > i ? keys.field(b, i, colon) : null;
        remember(place, b, i, colon, field);
      }
      int end = Bytes.indexOf(b, colon + 1, to, (byte) '\t');
      if (end < 0) {
        end = to;
      }
      if (field != null) {
        entry.set(field, b, colon + 1, end);
      }
      i = end + 1;
      place++;
    }
    return AccessParser.complete(entry);
  }

  /** Expects at {@code place} the label {@code b[from, colon)} from now on, when it fits a word. */
  private void remember(int place, byte[] b, int from, int colon, AccessField field) {
    if (place >= REMEMBERED) {
      return;
    }
    int length = colon + 1 - from; // with the colon, which no label holds: no shorter label matches
    if (colon == from || length > 8) {
      labels[place] = 0;
      return;
    }
    labels[place] = AccessKeys.pack(b, from, colon + 1);
    masks[place] = length == 8 ? -1L : (1L << (8 * length)) - 1;
    colons[place] = colon - from;
    fields[place] = field;
  }
}
