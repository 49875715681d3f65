package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.digest.Resources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same fourteen requests written in each format (src/test/resources/logs/access), with a
 * blank line and two malformed lines each; the rows below were worked out by hand from them.
 */
class AccessLogGoldenTest {

  static AccessReport digest(String name) throws IOException {
    return AccessLogDigest.read(LogRange.whole(Resources.log("access/" + name)),
        AccessLogDigest.Options.defaults(), 2);
  }

  static Map<String, AccessRow> byKey(AccessReport report) {
    return report.rows().stream().collect(Collectors.toMap(r -> r.method() + " " + r.route(), r -> r));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ltsv.log", "json.log", "combined.log"})
  void everyFormatGivesTheSameRows(String name) throws IOException {
    AccessReport report = digest(name);
    assertThat(report.format().key() + ".log").isEqualTo(name);
    Map<String, AccessRow> rows = byKey(report);
    assertThat(rows).containsKeys("GET /api/posts/{id}", "POST /api/posts", "GET /image/{id}.jpg",
        "GET /api/users/alice", "GET /", "DELETE /api/posts/{id}");

    AccessRow posts = rows.get("GET /api/posts/{id}");
    assertThat(posts.count()).isEqualTo(6);
    assertThat(posts.status()).containsExactly(0, 3, 1, 1, 1);
    assertThat(posts.count304()).isEqualTo(1);
    assertThat(posts.count499()).isEqualTo(1);
    assertThat(posts.totalMs()).isCloseTo(1593, within(1e-9));
    assertThat(posts.minMs()).isEqualTo(1.0);
    assertThat(posts.maxMs()).isEqualTo(1500.0);
    assertThat(posts.avgMs()).isCloseTo(1593 / 6.0, within(1e-9));
    assertThat(posts.p99Ms()).isEqualTo(1500.0); // never above the exact max
    assertThat(posts.totalBytes()).isEqualTo(5737);
    assertThat(posts.minBytes()).isZero();
    assertThat(posts.maxBytes()).isEqualTo(2048);
    assertThat(posts.upstreamCount()).isEqualTo(5); // the 304 has "-"
    assertThat(posts.upstreamTotalMs()).isCloseTo(11 + 18 + 1499 + 50 + 9, within(1e-9));
    assertThat(posts.residualCount()).isEqualTo(5);
    assertThat(posts.residualTotalMs()).isCloseTo(5, within(1e-9));
    assertThat(posts.residualAvgMs()).isCloseTo(1, within(1e-9));
    // times 1, 10, 12, 20, 50, 1500 ms: population standard deviation
    double mean = 1593 / 6.0;
    double var = (sq(1 - mean) + sq(10 - mean) + sq(12 - mean) + sq(20 - mean) + sq(50 - mean)
        + sq(1500 - mean)) / 6;
    assertThat(posts.stddevMs()).isCloseTo(Math.sqrt(var), within(1e-6));

    AccessRow create = rows.get("POST /api/posts");
    assertThat(create.count()).isEqualTo(2);
    assertThat(create.status()).containsExactly(0, 1, 0, 0, 1);
    assertThat(create.totalMs()).isCloseTo(355, within(1e-9));
    assertThat(create.upstreamTotalMs()).isCloseTo(348, within(1e-9));
    assertThat(create.residualTotalMs()).isCloseTo(7, within(1e-9));

    AccessRow images = rows.get("GET /image/{id}.jpg");
    assertThat(images.count()).isEqualTo(3);
    assertThat(images.status()).containsExactly(0, 2, 1, 0, 0);
    assertThat(images.count304()).isEqualTo(1);
    assertThat(images.totalBytes()).isEqualTo(61_440);
    assertThat(images.avgBytes()).isCloseTo(20_480, within(1e-9));
    assertThat(images.upstreamCount()).isZero();
    assertThat(images.totalMs()).isCloseTo(5, within(1e-9));

    AccessRow alice = rows.get("GET /api/users/alice");
    assertThat(alice.upstreamTotalMs()).as("0.010, 0.015: two upstream servers tried")
        .isCloseTo(25, within(1e-9));
    assertThat(alice.residualTotalMs()).isCloseTo(5, within(1e-9));

    assertThat(rows.get("DELETE /api/posts/{id}").status(2)).isEqualTo(1);
    assertThat(report.rows().get(0).route()).as("most total time first").isEqualTo("/api/posts/{id}");

    assertThat(report.blank()).isEqualTo(1);
    Malformed malformed = report.malformed();
    assertThat(malformed.count()).isEqualTo(2);
    assertThat(malformed.examples()).extracting(Malformed.Example::line).containsExactly(7L, 13L);
    String text = Files.readAllLines(Resources.log("access/" + name)).get(6);
    assertThat(malformed.examples().get(0).text()).isEqualTo(text);
    assertThat(malformed.examples().get(0).offset())
        .isEqualTo(Files.readString(Resources.log("access/" + name)).indexOf(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ltsv.log", "json.log"})
  void totalsCoverEveryRequest(String name) throws IOException {
    AccessReport report = digest(name);
    assertThat(report.requests()).isEqualTo(14);
    assertThat(report.lines()).isEqualTo(17);
    assertThat(report.totals().totalMs()).isCloseTo(1995, within(1e-9));
    assertThat(report.totals().status()).containsExactly(0, 9, 2, 1, 2);
  }

  @org.junit.jupiter.api.Test
  void combinedKeepsClientsThatSentNoRequestLine() throws IOException {
    AccessReport report = digest("combined.log");
    AccessRow none = byKey(report).get("- " + AccessEntry.NO_REQUEST_LINE);
    assertThat(none.count()).isEqualTo(2);
    assertThat(none.status(4)).isEqualTo(2);
    assertThat(none.totalBytes()).isEqualTo(157);
    assertThat(report.requests()).isEqualTo(16);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ltsv.log", "json.log", "combined.log"})
  void aStreamReadsAsTheFileDoes(String name) throws IOException {
    AccessReport file = digest(name);
    try (InputStream in = Files.newInputStream(Resources.log("access/" + name))) {
      AccessReport stream = AccessLogDigest.read(in, AccessLogDigest.Options.defaults());
      assertThat(stream.toMap()).isEqualTo(file.toMap());
    }
  }

  private static double sq(double x) {
    return x * x;
  }
}
