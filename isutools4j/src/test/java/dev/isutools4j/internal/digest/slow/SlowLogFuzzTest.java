package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlDialect;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Any bytes as a slow query log, read by both dialects, once with the defaults and once with
 * few rows and short statements: every line is counted, every entry lands in exactly one row, and
 * each row's fingerprint is the fingerprint of its sample (so the cache by statement shape never
 * puts a statement in another statement's row). Seeds: {@code SlowLogFuzzTestInputs/slowLog/},
 * entries as MariaDB, MySQL 8 and Percona Server write them.
 */
class SlowLogFuzzTest {

  /** Longer logs take the same paths; the limit keeps each input fast. */
  private static final int MAX_INPUT = 64 * 1024;

  @FuzzTest
  void slowLog(byte[] log) throws IOException {
    if (log.length > MAX_INPUT) {
      return;
    }
    check(log, SlowLogDigest.Options.defaults());
    check(log, new SlowLogDigest.Options(3, 256, 64, entry -> true, SqlDialect.STANDARD, SecretColumns.DEFAULT));
  }

  private static void check(byte[] log, SlowLogDigest.Options options) throws IOException {
    SlowReport report = SlowLogDigest.read(new ByteArrayInputStream(log), options);
    assertThat(report.lines()).as("lines").isEqualTo(lines(log));
    assertThat(report.entries() + report.malformed().count()).as("entries + malformed")
        .isLessThanOrEqualTo(report.lines());
    assertThat(report.cutStatements()).isBetween(0L, report.entries());
    assertThat(report.rows().size()).isLessThanOrEqualTo(options.maxRows() + 1);
    long counted = 0;
    for (SlowRow row : report.rows()) {
      assertThat(row.count()).isPositive();
      assertThat(row.fingerprint()).isNotEmpty();
      assertThat(row.minMs()).isNotNegative().isLessThanOrEqualTo(row.maxMs());
      assertThat(row.totalMs()).isGreaterThanOrEqualTo(row.maxMs());
      assertThat(row.rowsSentMax()).isBetween(0L, row.rowsSent());
      assertThat(row.rowsExaminedMax()).isBetween(0L, row.rowsExamined());
      String sample = row.sample();
      boolean whole = sample != null && !sample.endsWith("\u2026");
      if (whole && !row.admin() && !row.fingerprint().equals(SlowAggregator.OTHER)) {
        assertThat(row.fingerprint()).as("the fingerprint of %s", sample)
            .isEqualTo(Fingerprint.of(sample, options.dialect()));
      }
      counted += row.count();
    }
    assertThat(counted).as("rows' counts").isEqualTo(report.entries());
  }

  /** Lines as the reader splits them: at each line break, and what follows the last one. */
  private static long lines(byte[] log) {
    long breaks = 0;
    for (byte b : log) {
      if (b == '\n') {
        breaks++;
      }
    }
    return breaks + (log.length > 0 && log[log.length - 1] != '\n' ? 1 : 0);
  }
}
