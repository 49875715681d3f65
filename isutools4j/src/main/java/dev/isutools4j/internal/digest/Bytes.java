package dev.isutools4j.internal.digest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Reading numbers and text straight from log bytes, without building a String first. */
public final class Bytes {

  /** What the number readers return for a field that is empty, "-" or not a number. */
  public static final long NONE = -1;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Bytes() {}

  /** The first {@code c} in {@code b[from, to)}, or -1; eight bytes per step. */
  public static int indexOf(byte[] b, int from, int to, byte c) {
    long pattern = (c & 0xffL) * ONES;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long word = (long) LONGS.get(b, i) ^ pattern;
      // A zero byte in word is a c in b; the lowest flagged byte is the first one.
      long found = (word - ONES) & ~word & HIGH_BITS;
      if (found != 0) {
        return i + firstFlagged(found);
      }
    }
    for (; i < to; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /** The first {@code c} or {@code d} in {@code b[from, to)}, or -1; eight bytes per step. */
  public static int indexOfEither(byte[] b, int from, int to, byte c, byte d) {
    long cs = (c & 0xffL) * ONES;
    long ds = (d & 0xffL) * ONES;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long word = (long) LONGS.get(b, i);
      long wc = word ^ cs;
      long wd = word ^ ds;
      // Each test's lowest flag is exact (a false one only ever sits above a true one).
      long found = ((wc - ONES) & ~wc | (wd - ONES) & ~wd) & HIGH_BITS;
      if (found != 0) {
        return i + firstFlagged(found);
      }
    }
    for (; i < to; i++) {
      if (b[i] == c || b[i] == d) {
        return i;
      }
    }
    return -1;
  }

  /** The eight bytes at {@code b[i]} as one little-endian word ({@code i + 8 <= b.length}). */
  public static long word(byte[] b, int i) {
    return (long) LONGS.get(b, i);
  }

  /**
   * Which byte of a word, lowest first, is the lowest one whose high bit {@code found} has set (its
   * only bits are high bits, at least one): the lowest bit alone, moved to its byte's low bit, picks
   * that byte's index out of the multiplier's top byte. Not {@link Long#numberOfTrailingZeros}: the
   * JIT's quick compiler, which {@code alp} and {@code slp} run on, calls it as Java code.
   */
  static int firstFlagged(long found) {
    return (int) ((((found & -found) >>> 7) * 0x0001020304050607L) >>> 56);
  }

  /**
   * Seconds written as decimal text ({@code 0.004}, {@code 12}, {@code 1.234567}) in whole
   * microseconds, digits past the sixth decimal dropped; {@link #NONE} for anything else.
   */
  public static long micros(byte[] b, int from, int to) {
    if (from >= to) {
      return NONE;
    }
    long whole = 0;
    int i = from;
    while (i < to && isDigit(b[i])) {
      whole = whole * 10 + (b[i] - '0');
      if (whole > 100_000_000_000L) {
        return NONE; // over three thousand years: not a duration
      }
      i++;
    }
    boolean digits = i > from;
    long fraction = 0;
    int decimals = 0;
    if (i < to && b[i] == '.') {
      i++;
      while (i < to && isDigit(b[i])) {
        digits = true;
        if (decimals < 6) {
          fraction = fraction * 10 + (b[i] - '0');
          decimals++;
        }
        i++;
      }
    }
    return digits && i == to ? whole * 1_000_000 + fraction * SCALE[decimals] : NONE;
  }

  private static final long[] SCALE = {1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

  /** A non-negative whole number; {@link #NONE} for anything else (a sign, "-", blank, overflow). */
  public static long number(byte[] b, int from, int to) {
    if (from >= to || to - from > 18) {
      return NONE;
    }
    long n = 0;
    for (int i = from; i < to; i++) {
      if (!isDigit(b[i])) {
        return NONE;
      }
      n = n * 10 + (b[i] - '0');
    }
    return n;
  }

  public static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  /**
   * Whether {@code b[from, to)} starts with the ASCII text {@code prefix}: a prefix of eight bytes
   * or more eight at a time, its last word overlapping the one before, since a header line's
   * labels (" Query_time: ") are compared in every entry.
   */
  public static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    int n = prefix.length;
    if (to - from < n) {
      return false;
    }
    if (n < 8) {
      for (int i = 0; i < n; i++) {
        if (b[from + i] != prefix[i]) {
          return false;
        }
      }
      return true;
    }
    for (int i = 0; i < n - 8; i += 8) {
      if ((long) LONGS.get(b, from + i) != (long) LONGS.get(prefix, i)) {
        return false;
      }
    }
    return (long) LONGS.get(b, from + n - 8) == (long) LONGS.get(prefix, n - 8);
  }

  /** Whether {@code b[from, to)} holds exactly {@code text}. */
  public static boolean equals(byte[] b, int from, int to, byte[] text) {
    return to - from == text.length && startsWith(b, from, to, text);
  }

  /** The bytes as ASCII text (for tests and constants). */
  public static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The bytes as UTF-8 text; bytes that are not UTF-8 become U+FFFD. */
  public static String utf8(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.UTF_8);
  }

  /**
   * The bytes as text for a person to read: at most {@code max} bytes, UTF-8 sequences decoded,
   * control characters and bytes that are not UTF-8 written as {@code \xNN}, "…" appended when
   * cut.
   */
  public static String printable(byte[] b, int from, int to, int max) {
    int end = Math.min(to, from + Math.max(0, max));
    StringBuilder out = new StringBuilder(end - from + 8);
    int i = from;
    while (i < end) {
      int c = b[i] & 0xff;
      int length = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
          : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
      if (length == 1 && c >= 0x20 && c != 0x7f) {
        out.append((char) c);
        i++;
      } else if (length > 1 && continues(b, i + 1, i + length, end)) {
        out.append(utf8(b, i, i + length));
        i += length;
      } else {
        out.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
        i++;
      }
    }
    if (end < to) {
      out.append('\u2026');
    }
    return out.toString();
  }

  private static boolean continues(byte[] b, int from, int to, int end) {
    if (to > end) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if ((b[i] & 0xc0) != 0x80) {
        return false;
      }
    }
    return true;
  }
}
