package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessKeys;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.route.RouteTemplates;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code accessLog} section: the nginx access log lines written during the run, as rows per
 * method + route, each with the app's own count for the same route ({@code appCount}) when the
 * HTTP table has it. A path is named by the routes the app reported in the same run first (its
 * templates, such as {@code /image/{id}.{ext}}), then by the HTTP table's rules, so that every
 * route the app served has one row beside it. docs/SNAPSHOT.md describes the section;
 * docs/SETTINGS.md the settings.
 */
public final class AccessLogCollector extends TailingCollector<AccessLogSection.Digest> {

  public static final String NAME = AccessLogSectionJson.NAME;

  /** How many of the run's slowest single requests its section keeps. */
  static final int SLOWEST = 20;

  private final AccessLogDigest.Options options;
  private final String formatProblem;
  private final Supplier<Map<String, Long>> appCounts;

  /** The collector of this JVM: its settings, the current run's HTTP counts. */
  public AccessLogCollector(Settings settings) {
    this(settings.accessLog() == null ? null : Path.of(settings.accessLog()), settings.accessLogFormat(),
        AccessKeys.parse(settings.accessLogKeys()), PathRoutes.of(settings.routes()),
        settings.maxKeys(), () -> Recording.recorder().httpCounts());
  }

  AccessLogCollector(Path file, String format, AccessKeys keys, PathRoutes routes, int maxRows,
      Supplier<Map<String, Long>> appCounts) {
    super(NAME, file, "isutools.access.log");
    AccessFormat parsed = null;
    String problem = null;
    try {
      parsed = AccessFormat.parse(format);
    } catch (IllegalArgumentException e) {
      problem = "isutools.access.log.format `" + format + "` is not ltsv, json nor combined:"
          + " the format is detected";
    }
    this.formatProblem = problem;
    this.options = AccessLogDigest.Options.defaults().withFormat(parsed).withKeys(keys)
        .withRoutes(routes).withMaxRows(maxRows).withTop(SLOWEST);
    this.appCounts = appCounts;
  }

  @Override
  AccessLogSection.Digest digest(LogTail.Plan plan) throws Exception {
    Map<String, Long> app = appCounts.get();
    AccessLogDigest.Options byTheApp = options.withRoutes(
        options.routes().withTemplates(RouteTemplates.ofKeys(app.keySet())));
    AccessReport report = AccessLogDigest.read(plan.ranges(), byTheApp, threads());
    return AccessReportToSection.digest(report, formatProblem, new AppCounts(app));
  }

  @Override
  AccessLogSection section(LogRead read, AccessLogSection.Digest digest) {
    return new AccessLogSection(read, digest);
  }
}
