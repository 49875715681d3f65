package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RunMeta;
import java.time.Instant;

/** Hand-built test data with known numbers. */
final class Fixtures {

  static final Instant START = Instant.parse("2026-05-01T10:00:00Z");

  private Fixtures() {}

  static RunMeta meta(String id, Instant start, Long score, Boolean pass, String revision,
      boolean dirty, String note) {
    return new RunMeta(id, start, start.plusSeconds(60), score, pass, revision, dirty, note,
        1234, 5678, 0);
  }

  static LatencySummary latency(long count, double total, double mean, double p50, double p90,
      double p95, double p99, double max) {
    return new LatencySummary(count, total, mean, p50, p90, p95, p99, max);
  }

  /** The part of the page from the element with this id to the end of its table. */
  static String table(String page, String id) {
    int start = page.indexOf("id=\"" + id + "\"");
    if (start < 0) {
      throw new AssertionError("no table " + id);
    }
    return page.substring(start, page.indexOf("</table>", start));
  }

  static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
