package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
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
}
