package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.digest.slow.SlowRow;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code slowLog} section: the MySQL or MariaDB slow log entries written during the run, as
 * rows per fingerprint (the SQL table's, so the rows line up with it), each with the app's own
 * count for the same fingerprint ({@code appCount}) when the SQL table has it. docs/SNAPSHOT.md
 * describes the section.
 */
public final class SlowLogCollector extends TailingCollector {

  public static final String NAME = "slowLog";

  private final SlowLogDigest.Options options;
  private final Supplier<Map<String, Long>> appCounts;

  /** The collector of this JVM: its settings, the current run's SQL counts. */
  public SlowLogCollector(Settings settings) {
    this(settings.slowLog() == null ? null : Path.of(settings.slowLog()), settings.maxKeys(),
        () -> Recording.recorder().sqlCounts());
  }

  SlowLogCollector(Path file, int maxRows, Supplier<Map<String, Long>> appCounts) {
    super(NAME, file, "isutools.slow.log");
    this.options = SlowLogDigest.Options.defaults().withMaxRows(maxRows);
    this.appCounts = appCounts;
  }

  @Override
  Map<String, Object> digest(LogTail.Plan plan) throws Exception {
    SlowReport report = SlowLogDigest.read(plan.ranges(), options, threads());
    Map<String, Object> out = report.toMap();
    AppCounts app = new AppCounts(appCounts.get());
    List<Map<String, Object>> rows = new ArrayList<>(report.rows().size());
    for (SlowRow r : report.rows()) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (Map.Entry<String, Object> f : r.toMap().entrySet()) {
        row.put(f.getKey(), f.getValue());
        if (f.getKey().equals("count")) {
          row.put("appCount", app.exact(r.fingerprint()));
        }
      }
      rows.add(row);
    }
    out.put("rows", rows);
    return out;
  }
}
