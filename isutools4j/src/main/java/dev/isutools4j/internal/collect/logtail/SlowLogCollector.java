package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code slowLog} section: the MySQL or MariaDB slow log entries written during the run, as
 * rows per fingerprint (the SQL table's, so the rows line up with it), each with the app's own
 * count for the same fingerprint ({@code appCount}) when the SQL table has it. On a host with no
 * app ({@link #ofHost}) the rows are what the database's clients ran: the statements of
 * isutools4j's database inspector are left out and counted. docs/SNAPSHOT.md describes the
 * section.
 */
public final class SlowLogCollector extends TailingCollector<SlowLogSection.Digest> {

  public static final String NAME = SlowLogSectionJson.NAME;

  private final SlowLogDigest.Options options;
  private final Supplier<Map<String, Long>> appCounts;
  private final boolean leaveOutInspector;

  /** The collector of this JVM: its settings, the current run's SQL counts. */
  public SlowLogCollector(Settings settings) {
    this(settings.slowLog() == null ? null : Path.of(settings.slowLog()), settings.maxKeys(),
        SecretColumns.ofSetting(settings.secretColumns()), () -> Recording.recorder().sqlCounts(),
        false);
  }

  SlowLogCollector(Path file, int maxRows, SecretColumns secrets,
      Supplier<Map<String, Long>> appCounts, boolean leaveOutInspector) {
    super(NAME, file, "isutools.slow.log");
    this.options = SlowLogDigest.Options.defaults().withMaxRows(maxRows).withSecrets(secrets);
    this.appCounts = appCounts;
    this.leaveOutInspector = leaveOutInspector;
  }

  /**
   * The collector of a host with no app: no app counts, and the database inspector's statements
   * (any host's) left out of the rows, so that they are neither counted as the clients' nor
   * explained.
   */
  public static SlowLogCollector ofHost(Settings settings) {
    return new SlowLogCollector(settings.slowLog() == null ? null : Path.of(settings.slowLog()),
        settings.maxKeys(), SecretColumns.ofSetting(settings.secretColumns()), Map::of, true);
  }

  /**
   * The section of the run being saved, for a collector that stops before this one (the database
   * inspector's EXPLAINs of a host): read once, and the same section this collector's stop gives.
   */
  public SlowLogSection savedSection() {
    return (SlowLogSection) saved();
  }

  @Override
  SlowLogSection.Digest digest(LogTail.Plan plan) throws Exception {
    if (!leaveOutInspector) {
      SlowReport report = SlowLogDigest.read(plan.ranges(), options, threads());
      return SlowReportToSection.digest(report, new AppCounts(appCounts.get()), 0);
    }
    InspectorFilter inspector = new InspectorFilter();
    SlowReport report = SlowLogDigest.read(plan.ranges(), options.withFilter(inspector), threads());
    return SlowReportToSection.digest(report, new AppCounts(appCounts.get()), inspector.leftOut());
  }

  @Override
  SlowLogSection section(LogRead read, SlowLogSection.Digest digest) {
    return new SlowLogSection(read, digest);
  }
}
