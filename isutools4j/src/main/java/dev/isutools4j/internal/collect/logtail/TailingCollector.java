package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A collector of what a log file gained during the run: at reset it marks the file (identity and
 * size), at save it reads what was appended since (see {@link LogTail}) and digests it into its
 * section, with {@code source} (what was read) and {@code notes} (rotation, truncation, a missing
 * file). A log that cannot be read costs its section only: the reason is in {@code error}.
 *
 * <p>{@link #start} and {@link #stop} run on the admin server's thread; the digest may use a few
 * daemon threads of its own ({@code isutools-logs-N}) and returns when they are done.
 */
abstract class TailingCollector implements Collector {

  private final String name;
  private final Path file;
  private final String setting;
  private FileMark mark;

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
  }

  @Override
  public final synchronized Object stop(boolean saving) {
    FileMark start = mark;
    mark = null;
    if (!saving) {
      return null;
    }
    Map<String, Object> section = new LinkedHashMap<>();
    if (file == null) {
      section.put("supported", false);
      section.put("reason", setting + " is not set");
      return section;
    }
    if (start == null) {
      start = FileMark.of(file); // a save without a reset before it: nothing is new yet
    }
    LogTail.Plan plan = LogTail.since(start);
    section.put("source", plan.source(file));
    section.put("notes", plan.notes());
    try {
      section.putAll(digest(plan));
    } catch (Exception | LinkageError e) {
      Health.failed(name + " collector: save", e);
      section.put("error", "could not read " + file + ": " + e);
    }
    return section;
  }

  /** The section's rows and totals from the plan's ranges (maybe none). */
  abstract Map<String, Object> digest(LogTail.Plan plan) throws Exception;

  /** Threads for a digest: a few, never more than the machine has. */
  static int threads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }
}
