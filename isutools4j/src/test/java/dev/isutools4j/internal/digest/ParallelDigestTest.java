package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Logs big enough to be split: every thread count gives the same report, line numbers included. */
class ParallelDigestTest {

  @TempDir Path dir;

  @Test
  void accessLogPartsMergeIntoTheWholeFilesReport() throws IOException {
    Path file = dir.resolve("access.log");
    Random random = new Random(1);
    int lines = 90_000;
    long[] bad = {4_321, 77_777};
    try (BufferedWriter out = Files.newBufferedWriter(file)) {
      for (int i = 1; i <= lines; i++) {
        if (i == bad[0] || i == bad[1]) {
          out.write("this is line " + i + ", not LTSV\n");
          continue;
        }
        out.write("time:06/Dec/2026:10:15:30 +0900\thost:10.0.0." + random.nextInt(200)
            + "\tmethod:" + (random.nextInt(5) == 0 ? "POST" : "GET") + "\turi:/api/item/"
            + random.nextInt(5_000) + "/part" + random.nextInt(30) + "?q=" + random.nextInt()
            + "\tstatus:" + (200 + 100 * random.nextInt(4)) + "\tsize:" + random.nextInt(100_000)
            + "\treqtime:0." + String.format("%03d", random.nextInt(1000)) + "\tapptime:0."
            + String.format("%03d", random.nextInt(1000)) + "\tua:Mozilla/5.0 (X11; Linux x86_64)\n");
      }
    }
    assertThat(Files.size(file)).isGreaterThan(3 * LogReading.MIN_PART);
    AccessReport one = AccessLogDigest.read(LogRange.whole(file), AccessLogDigest.Options.defaults(), 1);
    AccessReport three = AccessLogDigest.read(LogRange.whole(file), AccessLogDigest.Options.defaults(), 3);
    assertThat(three.toMap()).isEqualTo(one.toMap());
    assertThat(one.lines()).isEqualTo(lines);
    assertThat(one.requests()).isEqualTo(lines - 2);
    assertThat(three.malformed().examples()).extracting(Malformed.Example::line)
        .containsExactly(bad[0], bad[1]);
    assertThat(three.rows()).hasSize(60); // 30 parts × 2 methods
  }

  @Test
  void slowLogPartsMergeIntoTheWholeFilesReport() throws IOException {
    Path file = dir.resolve("slow.log");
    Random random = new Random(2);
    int entries = 0;
    try (BufferedWriter out = Files.newBufferedWriter(file)) {
      while (entries < 60_000) {
        entries++;
        if (random.nextInt(20) == 0) {
          out.write("# Time: 261201  7:49:" + String.format("%02d", random.nextInt(60)) + "\n");
        }
        out.write("# User@Host: isucon[isucon] @ localhost [127.0.0.1]\n# Thread_id: 3  Schema: isu"
            + "  QC_hit: No\n# Query_time: 0.00" + random.nextInt(10_000) + "  Lock_time: 0.000"
            + random.nextInt(100) + "  Rows_sent: " + random.nextInt(100) + "  Rows_examined: "
            + random.nextInt(10_000) + "\n# Rows_affected: 0  Bytes_sent: 80\nSET timestamp=1796111356;\n");
        int shape = random.nextInt(40);
        out.write("SELECT id, name\n  FROM table_" + shape + "\n WHERE id IN ("
            + "1, ".repeat(1 + random.nextInt(5)) + random.nextInt(100) + ");\n");
      }
    }
    assertThat(Files.size(file)).isGreaterThan(2 * LogReading.MIN_PART);
    SlowReport one = SlowLogDigest.read(LogRange.whole(file), SlowLogDigest.Options.defaults(), 1);
    SlowReport three = SlowLogDigest.read(LogRange.whole(file), SlowLogDigest.Options.defaults(), 3);
    assertThat(three.toMap()).isEqualTo(one.toMap());
    assertThat(one.entries()).isEqualTo(entries);
    assertThat(one.rows()).hasSize(40);
    assertThat(one.malformed().count()).isZero();
  }
}
