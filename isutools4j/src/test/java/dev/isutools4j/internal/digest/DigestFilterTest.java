package dev.isutools4j.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.access.AccessLine;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.access.AccessRow;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.digest.slow.SlowStatement;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A digest's filter sees every read line or entry as it was logged, and counts only those it accepts. */
class DigestFilterTest {

  @Test
  void accessFilterSeesEachLineAndCountsOnlyAccepted() throws IOException {
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    AccessReport report = AccessLogDigest.read(LogRange.whole(Resources.log("access/ltsv.log")),
        AccessLogDigest.Options.defaults().withFilter(line -> {
          seen.add(line.method() + " " + line.uri() + " " + line.status() + " " + line.bodyBytes()
              + " " + line.requestMicros() + " " + line.upstreamMicros());
          return line.status() >= 500;
        }), 2);
    assertThat(seen).hasSize(14).contains("GET /api/posts/1?page=2 200 1532 12000 11000",
        "GET /image/123.jpg 200 40960 3000 -1", "GET /api/posts/5 502 157 50000 50000");
    assertThat(report.requests()).isEqualTo(2);
    assertThat(report.lines()).isEqualTo(17);
    assertThat(report.malformed().count()).as("malformed lines never reach the filter").isEqualTo(2);
    assertThat(report.rows()).extracting(AccessRow::route)
        .containsExactlyInAnyOrder("/api/posts", "/api/posts/{id}");
  }

  @Test
  void accessRowsAnswerAnyPercentile() throws IOException {
    AccessReport report = AccessLogDigest.read(LogRange.whole(Resources.log("access/ltsv.log")),
        AccessLogDigest.Options.defaults(), 1);
    AccessRow posts = report.rows().stream().filter(r -> r.route().equals("/api/posts/{id}"))
        .findFirst().orElseThrow();
    assertThat(posts.percentileMs(95)).isEqualTo(posts.p95Ms());
    assertThat(posts.percentileMs(50)).isEqualTo(posts.p50Ms());
    // 1, 10, 12, 20, 50, 1500 ms: the 5th of 6 at 75 %, within the histogram's two digits
    assertThat(posts.percentileMs(75)).isBetween(50.0, 50.5);
    assertThat(posts.percentileMs(99.9)).isEqualTo(1500.0);
  }

  @Test
  void slowFilterSeesEachEntry() throws IOException {
    List<SlowStatement> admin = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    SlowReport report = SlowLogDigest.read(LogRange.whole(Resources.log("slow/mariadb-10.11.log")),
        SlowLogDigest.Options.defaults().withFilter(s -> {
          seen.add(s.statement() + " | " + s.schema() + " | " + s.queryMicros() + " "
              + s.lockMicros() + " " + s.rowsSent() + " " + s.rowsExamined() + " " + s.rowsAffected()
              + " " + s.bytesSent());
          if (s.admin()) {
            admin.add(s);
          }
          return s.statement().contains("users");
        }), 1);
    assertThat(seen).hasSize(20).contains(
        "SELECT * FROM users WHERE id = 1 | isu | 1154 413 1 1 0 208");
    assertThat(admin).isEmpty();
    assertThat(report.entries()).isEqualTo(20);
    assertThat(report.rows()).allSatisfy(r -> assertThat(r.sample()).contains("users"));
    SlowRow byId = report.rows().stream()
        .filter(r -> r.fingerprint().equals("select * from users where id = ?")).findFirst()
        .orElseThrow();
    assertThat(byId.count()).isEqualTo(4);
    assertThat(byId.percentileMs(95)).isEqualTo(byId.p95Ms());
    assertThat(byId.percentileMs(100)).isEqualTo(1.154);
  }
}
