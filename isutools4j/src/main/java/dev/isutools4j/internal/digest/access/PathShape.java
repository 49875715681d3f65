package dev.isutools4j.internal.digest.access;

/**
 * A path's shape for the route cache: each piece (between '/' and '.') that is all digits, or 16
 * or more hex digits with a letter and a digit, becomes one marker byte, so that {@code /posts/1}
 * and {@code /posts/22} share a key. Without user rules such paths have the same route: the id
 * collapsing names those pieces {@code {id}} and {@code {hex}} whatever their digits. Every other
 * byte is kept, so paths of different routes never share a shape. A path that holds a marker
 * byte itself is written as it is, behind a marker that no shape starts with.
 */
final class PathShape {

  static final byte DIGITS = 1;
  static final byte HEX = 2;
  static final byte RAW = 3;

  private PathShape() {}

  /** Writes the shape of {@code b[from, to)} at {@code out[at]}; returns the end of the key. */
  static int write(byte[] b, int from, int to, byte[] out, int at) {
    int o = at;
    int i = from;
    while (i < to) {
      int end = i;
      boolean digit = false;
      boolean letter = false;
      boolean hex = true;
      while (end < to && b[end] != '/' && b[end] != '.') {
        byte c = b[end];
        if (c >= '0' && c <= '9') {
          digit = true;
        } else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
          letter = true;
        } else if (c >= DIGITS && c <= RAW) {
          return raw(b, from, to, out, at); // found in the one pass, not looked for in another
        } else {
          hex = false;
        }
        end++;
      }
      int length = end - i;
      if (length > 0 && digit && !letter && hex) {
        out[o++] = DIGITS;
      } else if (length >= 16 && digit && letter && hex) {
        out[o++] = HEX;
      } else {
        System.arraycopy(b, i, out, o, length);
        o += length;
      }
      if (end < to) {
        out[o++] = b[end];
      }
      i = end + 1;
    }
    return o;
  }

  /** A path that holds a marker byte: as it is, behind {@link #RAW}. */
  private static int raw(byte[] b, int from, int to, byte[] out, int at) {
    out[at] = RAW;
    System.arraycopy(b, from, out, at + 1, to - from);
    return at + 1 + to - from;
  }
}
