package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BytesTest {

  static long micros(String s) {
    byte[] b = ("x" + s + "y").getBytes(StandardCharsets.ISO_8859_1);
    return Bytes.micros(b, 1, b.length - 1);
  }

  static long number(String s) {
    byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
    return Bytes.number(b, 0, b.length);
  }

  @Test
  void secondsAsMicroseconds() {
    assertThat(micros("0.004")).isEqualTo(4_000);
    assertThat(micros("0.000123")).isEqualTo(123);
    assertThat(micros("12")).isEqualTo(12_000_000);
    assertThat(micros("1.2345678")).as("past six decimals dropped").isEqualTo(1_234_567);
    assertThat(micros(".5")).isEqualTo(500_000);
    assertThat(micros("5.")).isEqualTo(5_000_000);
    assertThat(micros("3600.000001")).isEqualTo(3_600_000_001L);
    for (String none : new String[] {"", "-", ".", "1e3", "0,5", " 1", "-1", "99999999999999"}) {
      assertThat(micros(none)).as(none).isEqualTo(Bytes.NONE);
    }
  }

  @Test
  void theFirstFlaggedByteIsTheLowestHighBitsByteForEveryCombination() {
    for (int flags = 1; flags < 256; flags++) {
      long found = 0;
      for (int k = 0; k < 8; k++) {
        if ((flags & 1 << k) != 0) {
          found |= 0x80L << 8 * k;
        }
      }
      assertThat(Bytes.firstFlagged(found)).as(Long.toHexString(found))
          .isEqualTo(Long.numberOfTrailingZeros(found) >>> 3);
    }
  }

  @Test
  void indexOfFindsTheFirstByteAtEveryOffsetAndLength() {
    for (int length = 0; length <= 40; length++) {
      for (int at = -1; at < length; at++) {
        byte[] b = new byte[length + 2];
        Arrays.fill(b, (byte) 'a');
        if (at >= 0) {
          b[1 + at] = '\t';
          if (1 + at + 1 < b.length) {
            b[1 + at + 1] = '\t'; // a second one after it: the first is the answer
          }
        }
        b[0] = '\t'; // before the range: never found
        int found = Bytes.indexOf(b, 1, 1 + length, (byte) '\t');
        assertThat(found).as("length %d, at %d", length, at).isEqualTo(at < 0 ? -1 : 1 + at);
      }
    }
  }

  @Test
  void wholeNumbers() {
    assertThat(number("0")).isZero();
    assertThat(number("1532")).isEqualTo(1532);
    assertThat(number("999999999999999999")).isEqualTo(999_999_999_999_999_999L);
    for (String none : new String[] {"", "-", "+1", "1.0", "9999999999999999999", "12a"}) {
      assertThat(number(none)).as(none).isEqualTo(Bytes.NONE);
    }
  }

  @Test
  void printableTextShowsBytesThatAreNotText() {
    byte[] b = {'a', '\t', (byte) 0xc3, (byte) 0xa9, (byte) 0xff, 'b', 0x7f, (byte) 0xe2, (byte) 0x82};
    assertThat(Bytes.printable(b, 0, b.length, 100)).isEqualTo("a\\x09\u00e9\\xffb\\x7f\\xe2\\x82");
    assertThat(Bytes.printable(b, 0, b.length, 3)).isEqualTo("a\\x09\\xc3\u2026");
  }

  @Test
  void startsWithComparesEveryByteOfThePrefixAndNoMore() {
    // Prefixes of every length to three words, each byte changed in turn, at offsets and limits.
    for (int n = 0; n <= 24; n++) {
      byte[] prefix = new byte[n];
      for (int k = 0; k < n; k++) {
        prefix[k] = (byte) ('a' + k);
      }
      for (int offset = 0; offset < 3; offset++) {
        byte[] b = new byte[offset + n + 10];
        Arrays.fill(b, (byte) '#');
        System.arraycopy(prefix, 0, b, offset, n);
        assertThat(Bytes.startsWith(b, offset, b.length, prefix)).isTrue();
        assertThat(Bytes.startsWith(b, offset, offset + n, prefix)).as("exactly as long").isTrue();
        if (n > 0) {
          assertThat(Bytes.startsWith(b, offset, offset + n - 1, prefix)).as("too short").isFalse();
        }
        for (int k = 0; k < n; k++) {
          byte[] changed = b.clone();
          changed[offset + k] ^= 0x20;
          assertThat(Bytes.startsWith(changed, offset, changed.length, prefix))
              .as("length %d, byte %d changed", n, k).isFalse();
        }
      }
    }
  }

  @Test
  void indexOfEitherFindsTheFirstOfTheTwoBytes() {
    // Each of the two bytes, and both, at every place of texts up to three words, beside
    // bytes one bit away; the answer of a plain search.
    byte[] near = {'\'' ^ 1, '\\' ^ 1, (byte) 0xA7, 0};
    for (int n = 0; n <= 24; n++) {
      for (int at = 0; at <= n; at++) {
        for (int second = at; second <= n; second++) {
          for (byte[] pair : new byte[][] {{'\'', '\\'}, {'\\', '\''}, {'\'', '\''}}) {
            byte[] b = new byte[n];
            for (int k = 0; k < n; k++) {
              b[k] = near[k % near.length];
            }
            if (at < n) {
              b[at] = pair[0];
            }
            if (second < n) {
              b[second] = pair[1];
            }
            int expected = -1;
            for (int k = n - 1; k >= 0; k--) {
              if (b[k] == '\'' || b[k] == '\\') {
                expected = k;
              }
            }
            assertThat(Bytes.indexOfEither(b, 0, n, (byte) '\'', (byte) '\\'))
                .as("length %d, at %d and %d", n, at, second).isEqualTo(expected);
          }
        }
      }
    }
  }
}
