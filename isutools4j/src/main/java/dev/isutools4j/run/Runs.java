package dev.isutools4j.run;

import dev.isutools4j.sql.SqlCatalog;
import dev.isutools4j.stats.Keys;
import dev.isutools4j.stats.Recorder;

/**
 * The JVM-wide state every recording call reads: the settings, the key indexes and the recorder of
 * the current run. {@link RunLifecycle} swaps the recorder at reset and save.
 *
 * <p>Hot path: {@link #recorder()} is one volatile read.
 */
public final class Runs {

  private static final Settings SETTINGS = Settings.fromEnvironment();
  private static final Keys KEYS = Keys.withCapacity(SETTINGS.maxKeys());
  // Distinct SQL texts remembered: a few per fingerprint (Statement texts carry their values).
  private static final SqlCatalog SQL = new SqlCatalog(KEYS.sql(), 4 * SETTINGS.maxKeys());
  private static volatile Recorder recorder = new Recorder(KEYS);

  private Runs() {}

  public static Recorder recorder() {
    return recorder;
  }

  public static Settings settings() {
    return SETTINGS;
  }

  public static Keys keys() {
    return KEYS;
  }

  public static SqlCatalog sql() {
    return SQL;
  }

  /** Starts recording into a fresh recorder and returns it. */
  static Recorder startRecorder() {
    Recorder fresh = new Recorder(KEYS);
    recorder = fresh;
    return fresh;
  }
}
