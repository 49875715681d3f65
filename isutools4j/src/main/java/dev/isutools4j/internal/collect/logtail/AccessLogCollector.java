package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessKeys;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.access.AccessRow;
import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code accessLog} section: the nginx access log lines written during the run, as rows per
 * method + route (the HTTP table's route rules, so the rows line up with it), each with the app's
 * own count for the same route ({@code appCount}) when the HTTP table has it. docs/SNAPSHOT.md
 * describes the section; docs/SETTINGS.md the settings.
 */
public final class AccessLogCollector extends TailingCollector {

  public static final String NAME = "accessLog";

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
        .withRoutes(routes).withMaxRows(maxRows);
    this.appCounts = appCounts;
  }

  @Override
  Map<String, Object> digest(LogTail.Plan plan) throws Exception {
    AccessReport report = AccessLogDigest.read(plan.ranges(), options, threads());
    Map<String, Object> out = report.toMap();
    if (formatProblem != null) {
      List<String> problems = new ArrayList<>();
      problems.add(formatProblem);
      problems.addAll(report.problems());
      out.put("problems", problems);
    }
    AppCounts app = new AppCounts(appCounts.get());
    List<Map<String, Object>> rows = new ArrayList<>(report.rows().size());
    for (AccessRow r : report.rows()) {
      Map<String, Object> row = new LinkedHashMap<>();
      Map<String, Object> fields = r.toMap();
      AppCounts.Match match = app.find(r.method() + " " + r.route());
      // appCount right after count, where a reader compares the two
      for (Map.Entry<String, Object> f : fields.entrySet()) {
        row.put(f.getKey(), f.getValue());
        if (f.getKey().equals("count")) {
          row.put("appCount", match == null ? null : match.count());
          if (match != null && !match.key().equals(r.method() + " " + r.route())) {
            row.put("appRoute", match.key().substring(match.key().indexOf(' ') + 1));
          }
        }
      }
      rows.add(row);
    }
    out.put("rows", rows);
    return out;
  }
}
