package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunksTest {

  @TempDir Path dir;

  /** Counts its lines and keeps their text; merging appends. */
  static final class Collect implements LinePartial<Collect> {
    final List<String> lines = new ArrayList<>();
    final List<Long> numbers = new ArrayList<>();

    @Override
    public void line(byte[] b, int from, int to, long number, long offset, boolean cut) {
      lines.add(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
      numbers.add(number);
    }

    @Override
    public void merge(Collect later, long linesBefore) {
      lines.addAll(later.lines);
      later.numbers.forEach(n -> numbers.add(n + linesBefore));
    }
  }

  @Test
  void partsStartAtLineStartsAndTogetherHoldEveryLineOnce() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 30_000; i++) {
      text.append("request ").append(i).append(" ".repeat(i % 50)).append('\n');
    }
    Path file = dir.resolve("a.log");
    Files.writeString(file, text);
    try (FileChannel ch = FileChannel.open(file)) {
      List<long[]> parts = Chunks.split(ch, 0, ch.size(), 7, 1000, RecordBoundary.ANY_LINE);
      assertThat(parts).hasSize(7);
      byte[] all = Files.readAllBytes(file);
      for (int i = 1; i < parts.size(); i++) {
        assertThat(all[(int) parts.get(i)[0] - 1]).isEqualTo((byte) '\n');
        assertThat(parts.get(i)[0]).isEqualTo(parts.get(i - 1)[1]);
      }
      assertThat(parts.get(parts.size() - 1)[1]).isEqualTo(ch.size());
    }
    Collect merged = LogReading.read(new LogRange(file, 0, Files.size(file)), 7, 1024,
        RecordBoundary.ANY_LINE, Collect::new, 1000);
    assertThat(merged.lines).hasSize(30_000);
    for (int i = 0; i < 30_000; i++) {
      assertThat(merged.lines.get(i)).isEqualTo("request " + i + " ".repeat(i % 50));
      assertThat(merged.numbers.get(i)).isEqualTo(i + 1L);
    }
  }

  @Test
  void recordBoundariesSkipLinesThatStartNoRecord() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      text.append("# Time: ").append(i).append('\n');
      for (int j = 0; j < i % 7; j++) {
        text.append("body ").append(i).append(' ').append(j).append('\n');
      }
    }
    Path file = dir.resolve("b.log");
    Files.writeString(file, text);
    RecordBoundary header = (b, from, to) -> to - from >= 2 && b[from] == '#' && b[from + 1] == ' ';
    Collect merged = LogReading.read(new LogRange(file, 0, Files.size(file)), 5, 1024, header,
        Collect::new, 500);
    try (FileChannel ch = FileChannel.open(file)) {
      List<long[]> parts = Chunks.split(ch, 0, ch.size(), 5, 500, header);
      assertThat(parts).hasSize(5);
      byte[] all = Files.readAllBytes(file);
      for (long[] p : parts) {
        assertThat(new String(all, (int) p[0], 2, StandardCharsets.ISO_8859_1)).isEqualTo("# ");
      }
    }
    assertThat(String.join("\n", merged.lines) + "\n").isEqualTo(text.toString());
  }

  @Test
  void aRangeWithoutAnyBoundaryIsOnePart() throws IOException {
    Path file = dir.resolve("c.log");
    Files.writeString(file, "x\n".repeat(10_000));
    try (FileChannel ch = FileChannel.open(file)) {
      List<long[]> parts = Chunks.split(ch, 10, ch.size(), 4, 100, (b, from, to) -> false);
      assertThat(parts).containsExactly(new long[] {10, ch.size()});
    }
  }
}
