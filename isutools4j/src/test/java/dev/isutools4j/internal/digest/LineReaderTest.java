package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

  record Line(String text, long number, long offset, boolean cut) {}

  static List<Line> lines(byte[] input, int maxLine) throws IOException {
    List<Line> out = new ArrayList<>();
    new LineReader(maxLine).read(new ByteArrayInputStream(input), 100,
        (b, from, to, number, offset, cut) -> out.add(new Line(
            new String(b, from, to - from, StandardCharsets.ISO_8859_1), number, offset, cut)));
    return out;
  }

  @Test
  void linesWithTheirNumbersAndOffsets() throws IOException {
    List<Line> lines = lines("one\r\ntwo\n\nlast without break".getBytes(StandardCharsets.ISO_8859_1), 64);
    assertThat(lines).containsExactly(new Line("one", 1, 100, false), new Line("two", 2, 105, false),
        new Line("", 3, 109, false), new Line("last without break", 4, 110, false));
  }

  @Test
  void nothingGivesNoLine() throws IOException {
    assertThat(lines(new byte[0], 64)).isEmpty();
    assertThat(lines("\n".getBytes(StandardCharsets.ISO_8859_1), 64)).containsExactly(new Line("", 1, 100, false));
  }

  @Test
  void aLineOverTheLimitIsCutAndTheNextOneStillRead() throws IOException {
    byte[] big = new byte[3 << 20]; // three buffers long
    Arrays.fill(big, (byte) 'x');
    byte[] input = concat("before\n", big, "\nafter\n");
    List<Line> lines = lines(input, 1 << 20);
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1).cut()).isTrue();
    assertThat(lines.get(1).text()).hasSize(1 << 20);
    assertThat(lines.get(1).offset()).isEqualTo(107);
    assertThat(lines.get(2)).isEqualTo(new Line("after", 3, 107 + big.length + 1, false));
    // a line a little over the limit whose break is already in the buffer is cut all the same
    List<Line> small = lines("0123456789\nab\n".getBytes(StandardCharsets.ISO_8859_1), 4);
    assertThat(small).containsExactly(new Line("0123", 1, 100, true), new Line("ab", 2, 111, false));
  }

  @Test
  void linesAcrossBufferRefillsAreWhole() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      text.append("line ").append(i).append('\n');
    }
    List<Line> lines = lines(text.toString().getBytes(StandardCharsets.ISO_8859_1), 64);
    assertThat(lines).hasSize(200_000);
    for (int i = 0; i < lines.size(); i++) {
      assertThat(lines.get(i).text()).isEqualTo("line " + i);
    }
  }

  @Test
  void newlineSearchFindsTheFirstAtAnyPosition() {
    for (int length = 1; length < 40; length++) {
      for (int at = 0; at < length; at++) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) 0x8a); // high bit set: no false match on 0x0a ^ 0x80
        b[at] = '\n';
        if (at + 1 < length) {
          b[length - 1] = '\n';
        }
        assertThat(LineReader.indexOf(b, 0, length)).isEqualTo(at);
      }
      assertThat(LineReader.indexOf(new byte[length], 0, length)).isEqualTo(-1);
    }
  }

  static byte[] concat(String a, byte[] b, String c) {
    byte[] x = a.getBytes(StandardCharsets.ISO_8859_1);
    byte[] z = c.getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[x.length + b.length + z.length];
    System.arraycopy(x, 0, out, 0, x.length);
    System.arraycopy(b, 0, out, x.length, b.length);
    System.arraycopy(z, 0, out, x.length + b.length, z.length);
    return out;
  }
}
