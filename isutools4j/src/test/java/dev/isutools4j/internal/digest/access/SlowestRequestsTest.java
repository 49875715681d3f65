package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.LogRange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slowest single requests of a log: the same answer as sorting every line by its time, however
 * many threads read the file, with equal times kept in line order.
 */
class SlowestRequestsTest {

  @TempDir
  Path dir;

  private record Line(long number, long micros, int status, String uri, long upstreamMicros) {}

  @Test
  void theSlowestOfEveryLineWhateverTheThreads() throws Exception {
    SplittableRandom random = new SplittableRandom(7);
    List<Line> lines = new ArrayList<>();
    StringBuilder log = new StringBuilder();
    for (int i = 1; i <= 20_000; i++) {
      // Milliseconds as nginx writes them: many equal times, so ties are the common case.
      long micros = random.nextInt(2_000) * 1_000L;
      int status = random.nextInt(10) == 0 ? 500 : 200;
      String uri = "/posts/" + random.nextInt(100) + "?page=" + i;
      boolean upstream = random.nextBoolean();
      lines.add(new Line(i, micros, status, uri, upstream ? Math.max(0, micros - 1_000) : -1));
      log.append("method:GET\turi:").append(uri).append("\tstatus:").append(status)
          .append("\treqtime:").append(micros / 1_000 / 1000.0)
          .append(upstream ? "\tapptime:" + Math.max(0, micros - 1_000) / 1_000 / 1000.0 : "")
          .append('\n');
      if (i % 1_000 == 0) {
        log.append("not a line\n"); // a malformed line counts as a line too
        lines.add(new Line(++i, -1, 0, null, -1));
      }
    }
    Path file = dir.resolve("access.log");
    Files.writeString(file, log, StandardCharsets.UTF_8);
    List<Line> expected = lines.stream().filter(l -> l.micros >= 0)
        .sorted(Comparator.comparingLong(Line::micros).reversed().thenComparingLong(Line::number))
        .limit(25).toList();

    for (int threads : new int[] {1, 2, 4}) {
      AccessReport report = AccessLogDigest.read(LogRange.whole(file),
          AccessLogDigest.Options.defaults().withFormat(AccessFormat.LTSV).withTop(25), threads);
      assertThat(report.slowest()).as("%d threads", threads).hasSize(25);
      for (int i = 0; i < 25; i++) {
        SlowRequest got = report.slowest().get(i);
        Line want = expected.get(i);
        assertThat(got.line()).as("#%d with %d threads", i, threads).isEqualTo(want.number);
        assertThat(got.ms()).isEqualTo(want.micros / 1e3);
        assertThat(got.status()).isEqualTo(want.status);
        assertThat(got.method()).isEqualTo("GET");
        assertThat(got.uri()).as("the URI as logged, query string kept").isEqualTo(want.uri);
        assertThat(Double.valueOf(got.upstreamMs())).as("NaN without an upstream time")
            .isEqualTo(Double.valueOf(want.upstreamMicros < 0 ? Double.NaN : want.upstreamMicros / 1e3));
      }
    }
  }

  @Test
  void noneAreKeptUnlessAskedForNorLinesWithoutATime() throws Exception {
    Path file = dir.resolve("access.log");
    Files.writeString(file, "method:GET\turi:/a\tstatus:200\treqtime:0.100\n"
        + "method:GET\turi:/b\tstatus:200\n", StandardCharsets.UTF_8);
    assertThat(AccessLogDigest.read(LogRange.whole(file),
        AccessLogDigest.Options.defaults().withFormat(AccessFormat.LTSV), 1).slowest()).isEmpty();
    assertThat(AccessLogDigest.read(LogRange.whole(file),
        AccessLogDigest.Options.defaults().withFormat(AccessFormat.LTSV).withTop(5), 1).slowest())
        .extracting(SlowRequest::uri).containsExactly("/a");
  }
}
