package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.Section;
import java.nio.file.Path;

/**
 * A collector of what a log file gained during the run: at reset it marks the file (identity and
 * size), at save it reads what was appended since (see {@link LogTail}) and digests it into its
 * section, with {@code source} (what was read) and {@code notes} (rotation, truncation, a missing
 * file). A log that cannot be read costs its section only: the reason is in {@code error}.
 *
 * <p>{@link #start} and {@link #stop} run on the admin server's thread; the digest may use a few
 * daemon threads of its own ({@code isutools-logs-N}) and returns when they are done.
 *
 * @param <D> what the section holds of the lines read: its digest
 */
abstract class TailingCollector<D> implements Collector {

  private final String name;
  private final Path file;
  private final String setting;
  private FileMark mark;
  private Section ahead; // the save's section when read before stop, until the next start or stop

  TailingCollector(String name, Path file, String setting) {
    this.name = name;
    this.file = file;
    this.setting = setting;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final synchronized void start(RunContext run) {
    mark = file == null ? null : FileMark.of(file);
    ahead = null;
  }

  @Override
  public final synchronized Section stop(boolean saving) {
    Section section = saving ? saved() : null;
    mark = null;
    ahead = null;
    return section;
  }

  /**
   * The section of the save in progress, for a collector that stops before this one and needs
   * what the log holds: read from the log on the first call after the run's start, the same
   * section after, and the one {@link #stop} returns, so that the log is read once. Call it only
   * while the run is being saved, before this collector stops.
   */
  final synchronized Section saved() {
    if (ahead == null) {
      ahead = read();
    }
    return ahead;
  }

  private Section read() {
    if (file == null) {
      return section(LogRead.notSupported(setting + " is not set"), null);
    }
    FileMark start = mark;
    if (start == null) {
      start = FileMark.of(file); // a save without a reset before it: nothing is new yet
    }
    LogTail.Plan plan = LogTail.since(start);
    LogRead read = LogRead.of(plan.source(file), plan.notes());
    D digest;
    try {
      digest = digest(plan);
    } catch (Exception | LinkageError e) {
      Health.failed(name + " collector: save", e);
      return section(read.failed("could not read " + file + ": " + e), null);
    }
    return section(read, digest);
  }

  /** The section's rows and totals from the plan's ranges (maybe none). */
  abstract D digest(LogTail.Plan plan) throws Exception;

  /** The section of what was read and its digest (null when there is none). */
  abstract Section section(LogRead read, D digest);

  /** Threads for a digest: a few, never more than the machine has. */
  static int threads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }
}
