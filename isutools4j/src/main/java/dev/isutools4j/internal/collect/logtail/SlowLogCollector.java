package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code slowLog} section: the MySQL or MariaDB slow log entries written during the run, as
 * rows per fingerprint (the SQL table's, so the rows line up with it), each with the app's own
 * count for the same fingerprint ({@code appCount}) when the SQL table has it. docs/SNAPSHOT.md
 * describes the section.
 */
public final class SlowLogCollector extends TailingCollector<SlowLogSection.Digest> {

  public static final String NAME = SlowLogSectionJson.NAME;

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
  SlowLogSection.Digest digest(LogTail.Plan plan) throws Exception {
    SlowReport report = SlowLogDigest.read(plan.ranges(), options, threads());
    return SlowReportToSection.digest(report, new AppCounts(appCounts.get()));
  }

  @Override
  SlowLogSection section(LogRead read, SlowLogSection.Digest digest) {
    return new SlowLogSection(read, digest);
  }
}
