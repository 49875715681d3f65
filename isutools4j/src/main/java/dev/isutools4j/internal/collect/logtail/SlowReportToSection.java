package dev.isutools4j.internal.collect.logtail;

import static dev.isutools4j.internal.collect.logtail.ReportParts.ms;

import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import java.util.ArrayList;
import java.util.List;

/**
 * A slow log report as the {@code slowLog} section's digest: each row with the app's own count
 * for its fingerprint beside the server's, times rounded to three decimals, and the rows' sums.
 */
final class SlowReportToSection {

  private SlowReportToSection() {}

  /** {@code inspector}: the entries of isutools4j's database inspector left out of the report. */
  static SlowLogSection.Digest digest(SlowReport report, AppCounts app, long inspector) {
    double lock = 0;
    long sent = 0;
    long examined = 0;
    long affected = 0;
    List<SlowLogSection.Row> rows = new ArrayList<>(report.rows().size());
    for (SlowRow r : report.rows()) {
      lock += r.lockTotalMs();
      sent += r.rowsSent();
      examined += r.rowsExamined();
      affected += r.rowsAffected();
      rows.add(row(r, app.exact(r.fingerprint())));
    }
    SlowLogSection.Totals totals = new SlowLogSection.Totals(rows.size(), ms(report.totalMs()), ms(lock),
        sent, examined, affected);
    return new SlowLogSection.Digest(report.lines(), report.entries(), report.banners(),
        report.cutStatements(), inspector, ReportParts.malformed(report.malformed()), totals, rows);
  }

  private static SlowLogSection.Row row(SlowRow r, Long appCount) {
    return new SlowLogSection.Row(r.fingerprint(), r.admin(), r.count(), appCount, ms(r.totalMs()),
        ms(r.avgMs()), ms(r.minMs()), ms(r.maxMs()), ms(r.p50Ms()), ms(r.p95Ms()), ms(r.stddevMs()),
        ms(r.lockTotalMs()), ms(r.lockMaxMs()), r.rowsSent(), r.rowsSentMax(), r.rowsExamined(),
        r.rowsExaminedMax(), r.rowsAffected(), r.bytesSent(),
        Double.isNaN(r.examinedPerSent()) ? null : ms(r.examinedPerSent()), r.sample(), ms(r.sampleMs()),
        r.sampleSchema());
  }
}
