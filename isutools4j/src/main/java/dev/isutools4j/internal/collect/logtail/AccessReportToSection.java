package dev.isutools4j.internal.collect.logtail;

import static dev.isutools4j.internal.collect.logtail.ReportParts.ms;

import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.access.AccessRow;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import java.util.ArrayList;
import java.util.List;

/**
 * An access log report as the {@code accessLog} section's digest: each row with the app's own
 * count for its method + route beside nginx's, times rounded to three decimals.
 */
final class AccessReportToSection {

  private AccessReportToSection() {}

  /**
   * The section's digest of {@code report}.
   *
   * @param formatProblem the format setting that was skipped, said before the report's own
   *     problems; or null
   */
  static AccessLogSection.Digest digest(AccessReport report, String formatProblem, AppCounts app) {
    List<String> problems = new ArrayList<>();
    if (formatProblem != null) {
      problems.add(formatProblem);
    }
    problems.addAll(report.problems());
    List<AccessLogSection.Row> rows = new ArrayList<>(report.rows().size());
    for (AccessRow r : report.rows()) {
      // Named by the app's own routes first, a row the app served has its exact key.
      rows.add(new AccessLogSection.Row(r.method(), r.route(), app.exact(r.method() + " " + r.route()),
          null, traffic(r)));
    }
    return new AccessLogSection.Digest(report.format() == null ? null : report.format().key(),
        report.lines(), report.requests(), ReportParts.malformed(report.malformed()), problems,
        traffic(report.totals()), rows, report.slowest().stream().map(r -> new AccessLogSection.Request(
            r.line(), ms(r.ms()), r.status(), r.method(), r.uri(),
            Double.isNaN(r.upstreamMs()) ? null : ms(r.upstreamMs()))).toList());
  }

  private static AccessLogSection.Traffic traffic(AccessRow r) {
    AccessLogSection.Upstream upstream = r.upstreamCount() == 0 ? null
        : new AccessLogSection.Upstream(r.upstreamCount(), ms(r.upstreamTotalMs()), ms(r.upstreamAvgMs()),
            ms(r.upstreamP95Ms()), ms(r.residualTotalMs()), ms(r.residualAvgMs()));
    return new AccessLogSection.Traffic(r.count(), r.status(1), r.status(2), r.status(3), r.status(4),
        r.status(5), r.count304(), r.count499(), ms(r.minMs()), ms(r.maxMs()), ms(r.totalMs()),
        ms(r.avgMs()), ms(r.p50Ms()), ms(r.p90Ms()), ms(r.p95Ms()), ms(r.p99Ms()), ms(r.stddevMs()),
        r.minBytes(), r.maxBytes(), r.totalBytes(), ms(r.avgBytes()),
        r.timed() == r.count() ? null : r.timed(), upstream);
  }
}
