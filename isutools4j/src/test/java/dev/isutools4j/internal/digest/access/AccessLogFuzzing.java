package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.Malformed;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * What every access log fuzz target checks, whatever the bytes: each line's parser returns a
 * complete entry or a reason, never throws; the digest counts every line once, as a request, a
 * blank line or a malformed one, and its rows add up to the requests.
 */
final class AccessLogFuzzing {

  /** Longer logs take the same paths; the limit keeps each input fast. */
  static final int MAX_INPUT = 64 * 1024;

  private AccessLogFuzzing() {}

  static void check(AccessFormat format, byte[] log) throws IOException {
    if (log.length > MAX_INPUT) {
      return;
    }
    long lines = eachLine(format, log);
    AccessReport report = AccessLogDigest.read(new ByteArrayInputStream(log),
        AccessLogDigest.Options.defaults().withFormat(format));
    assertThat(report.lines()).as("lines").isEqualTo(lines);
    assertThat(report.blank() + report.malformed().count() + report.requests())
        .as("blank + malformed + requests").isEqualTo(report.lines());
    for (Malformed.Example e : report.malformed().examples()) {
      assertThat(e.reason()).as("line %d: %s", e.line(), e.text()).doesNotStartWith("unreadable");
    }
    long counted = 0;
    for (AccessRow row : report.rows()) {
      checkRow(row);
      counted += row.count();
    }
    assertThat(counted).as("rows' counts").isEqualTo(report.requests());
    if (report.requests() > 0) {
      checkRow(report.totals());
    }
  }

  /** Parses each line as the digest splits them; returns how many there are. */
  private static long eachLine(AccessFormat format, byte[] log) {
    AccessParser parser = AccessParser.of(format, AccessKeys.defaults());
    AccessEntry entry = new AccessEntry();
    long lines = 0;
    int start = 0;
    while (start < log.length) {
      int nl = Bytes.indexOf(log, start, log.length, (byte) '\n');
      int stop = nl < 0 ? log.length : nl;
      int end = stop > start && log[stop - 1] == '\r' ? stop - 1 : stop;
      checkLine(parser, entry, log, start, end);
      lines++;
      start = stop + 1;
    }
    return lines;
  }

  private static void checkLine(AccessParser parser, AccessEntry e, byte[] b, int from, int to) {
    String problem = parser.parse(b, from, to, e);
    if (problem != null) {
      assertThat(problem).isNotBlank();
      return;
    }
    assertThat(e.hasMethod() && e.hasUri()).as("method and uri").isTrue();
    assertThat(e.methodFrom).isBetween(0, e.methodTo);
    assertThat(e.methodTo).isLessThanOrEqualTo(e.methodBuf.length);
    assertThat(e.uriFrom).isBetween(0, e.uriTo);
    assertThat(e.uriTo).isLessThanOrEqualTo(e.uriBuf.length);
    assertThat(e.status()).isBetween(0, 999);
    assertThat(e.bodyBytes()).isNotNegative();
    assertThat(e.requestMicros()).isGreaterThanOrEqualTo(Bytes.NONE);
    assertThat(e.upstreamMicros()).isGreaterThanOrEqualTo(Bytes.NONE);
  }

  private static void checkRow(AccessRow row) {
    assertThat(row.count()).isPositive();
    long classes = 0;
    for (long c : row.status()) {
      assertThat(c).isNotNegative();
      classes += c;
    }
    assertThat(classes).as("status classes").isLessThanOrEqualTo(row.count());
    assertThat(row.timed()).isBetween(0L, row.count());
    assertThat(row.upstreamCount()).isBetween(0L, row.count());
    assertThat(row.totalBytes()).isNotNegative();
    assertThat(row.minBytes()).isLessThanOrEqualTo(row.maxBytes());
    if (row.timed() > 0) {
      assertThat(row.minMs()).isNotNegative().isLessThanOrEqualTo(row.maxMs());
      assertThat(row.totalMs()).isGreaterThanOrEqualTo(row.maxMs());
    }
  }
}
