package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Garbage, huge lines and empty files: counted, shown, never thrown. */
class BadInputTest {

  @TempDir Path dir;

  static final String GOOD_LTSV = "method:GET\turi:/ok\tstatus:200\tsize:10\treqtime:0.010\n";

  static AccessReport access(Path file, AccessFormat format) throws IOException {
    return AccessLogDigest.read(LogRange.whole(file), AccessLogDigest.Options.defaults().withFormat(format), 2);
  }

  static SlowReport slow(Path file) throws IOException {
    return SlowLogDigest.read(LogRange.whole(file), SlowLogDigest.Options.defaults(), 2);
  }

  static byte[] garbage(int size, long seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    return b;
  }

  @ParameterizedTest
  @EnumSource(AccessFormat.class)
  void binaryGarbageIsMalformedLines(AccessFormat format) throws IOException {
    Path file = dir.resolve("garbage.log");
    Files.write(file, garbage(200_000, 7));
    AccessReport report = access(file, format);
    assertThat(report.lines()).isEqualTo(lineCount(Files.readAllBytes(file)));
    assertThat(report.malformed().count() + report.blank() + report.requests()).isEqualTo(report.lines());
    assertThat(report.malformed().count()).isPositive();
    assertThat(report.malformed().examples()).hasSize(Malformed.EXAMPLES);
    for (Malformed.Example e : report.malformed().examples()) {
      assertThat(e.text()).doesNotContainPattern("[\\x00-\\x1f]"); // made printable
      assertThat(e.line()).isPositive();
    }
  }

  @Test
  void aOneMegabyteLineIsOneMalformedLineAndTheRestIsRead() throws IOException {
    Path file = dir.resolve("huge.log");
    byte[] huge = new byte[1 << 20];
    Arrays.fill(huge, (byte) 'a');
    System.arraycopy("method:GET\turi:/".getBytes(StandardCharsets.ISO_8859_1), 0, huge, 0, 16);
    Files.write(file, concat(GOOD_LTSV, huge, "\n" + GOOD_LTSV));
    AccessReport report = access(file, AccessFormat.LTSV);
    assertThat(report.requests()).isEqualTo(2);
    assertThat(report.malformed().count()).isEqualTo(1);
    Malformed.Example e = report.malformed().examples().get(0);
    assertThat(e.line()).isEqualTo(2);
    assertThat(e.reason()).contains("longer than");
    assertThat(e.text()).startsWith("method:GET\\x09uri:/aaa").endsWith("a\u2026")
        .hasSize(Malformed.TEXT_BYTES + 3 + 1); // the tab written as \x09, then the cut mark
  }

  @Test
  void emptyFilesGiveEmptyReports() throws IOException {
    Path file = Files.createFile(dir.resolve("empty.log"));
    AccessReport a = AccessLogDigest.read(LogRange.whole(file), AccessLogDigest.Options.defaults(), 2);
    assertThat(a.rows()).isEmpty();
    assertThat(a.lines()).isZero();
    assertThat(a.toMap()).containsEntry("requests", 0L);
    SlowReport s = slow(file);
    assertThat(s.rows()).isEmpty();
    assertThat(s.entries()).isZero();
  }

  @Test
  void slowLogGarbageIsCountedNeverAnEntry() throws IOException {
    Path file = dir.resolve("slow-garbage.log");
    byte[] noise = garbage(100_000, 11);
    for (int i = 0; i < noise.length; i++) {
      if (noise[i] == '#') {
        noise[i] = '!'; // no header can appear by chance
      }
    }
    Files.write(file, noise);
    SlowReport report = slow(file);
    assertThat(report.entries()).isZero();
    assertThat(report.malformed().count()).as("one run of text outside any entry").isEqualTo(1);
    assertThat(report.malformed().examples().get(0).line()).isEqualTo(1);
  }

  @Test
  void aHugeStatementIsCutForGroupingAndCounted() throws IOException {
    Path file = dir.resolve("slow-huge.log");
    StringBuilder in = new StringBuilder("INSERT INTO t (a) VALUES (1)");
    while (in.length() < (3 << 20)) {
      in.append(", (123456789)");
    }
    String entry = "# User@Host: a[a] @ h []\n# Query_time: 1.000000  Lock_time: 0.000000  Rows_sent: 0"
        + "  Rows_examined: 0\nSET timestamp=1;\n";
    Files.writeString(file, entry + in + ";\n" + entry + "INSERT INTO t (a) VALUES (2);\n");
    SlowReport report = slow(file);
    assertThat(report.entries()).isEqualTo(2);
    assertThat(report.cutStatements()).isEqualTo(1);
    assertThat(report.rows()).hasSize(1);
    assertThat(report.rows().get(0).count()).isEqualTo(2);
    assertThat(report.rows().get(0).sample()).hasSizeLessThan(5000).endsWith("\u2026");
  }

  @Test
  void aHeaderWithoutStatementIsMalformed() throws IOException {
    Path file = dir.resolve("slow-headers.log");
    Files.writeString(file, "# Time: 261201  7:49:16\n# User@Host: a[a] @ h []\n# Query_time: 1.0\n"
        + "# User@Host: a[a] @ h []\n# Query_time: 2.000000\nSET timestamp=1;\nselect 1;\n"
        + "# User@Host: a[a] @ h []\n# Query_time: 3.0\n");
    SlowReport report = slow(file);
    assertThat(report.entries()).isEqualTo(1);
    assertThat(report.totalMs()).isEqualTo(2000.0);
    assertThat(report.malformed().count()).isEqualTo(2);
    assertThat(report.malformed().examples()).extracting(Malformed.Example::line).containsExactly(1L, 8L);
  }

  @Test
  void aReadThatStartsInsideAnEntryCountsItsTailOnce() throws IOException {
    Path file = dir.resolve("slow-tail.log");
    Files.writeString(file, "# Rows_affected: 0  Bytes_sent: 11\n# Full_scan: No\nSET timestamp=1;\n"
        + "select 1;\n# User@Host: a[a] @ h []\n# Query_time: 0.000100\nSET timestamp=1;\nselect 2;\n");
    SlowReport report = slow(file);
    assertThat(report.entries()).isEqualTo(1);
    assertThat(report.malformed().count()).isEqualTo(1);
    assertThat(report.malformed().examples().get(0).line()).isEqualTo(1);
  }

  static long lineCount(byte[] b) {
    long n = 0;
    for (byte c : b) {
      if (c == '\n') {
        n++;
      }
    }
    return b.length > 0 && b[b.length - 1] != '\n' ? n + 1 : n;
  }

  static byte[] concat(String a, byte[] b, String c) {
    return LineReaderTest.concat(a, b, c);
  }
}
