package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlCatalog;

/**
 * The JVM-wide state every recording call reads: the settings, the key indexes and the recorder of
 * the current run. The run lifecycle swaps the recorder at reset and save.
 *
 * <p>Hot path: {@link #recorder()} is one volatile read.
 */
public final class Recording {

  private static final Settings SETTINGS = Settings.fromEnvironment();
  private static final Keys KEYS = Keys.withCapacity(SETTINGS.maxKeys());
  // Distinct SQL texts remembered: a few per fingerprint (Statement texts carry their values).
  private static final SqlCatalog SQL = new SqlCatalog(KEYS.sql(), 4 * SETTINGS.maxKeys());
  private static final SecretColumns SECRETS = SecretColumns.ofSetting(SETTINGS.secretColumns());
  private static volatile Recorder recorder = new Recorder(KEYS, SECRETS, SETTINGS.traces());

  private Recording() {}

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

  /** The columns whose values every sample statement of this JVM masks. */
  public static SecretColumns secrets() {
    return SECRETS;
  }

  /** Starts recording into a fresh recorder and returns it. */
  public static Recorder startRecorder() {
    Recorder fresh = new Recorder(KEYS, SECRETS, SETTINGS.traces());
    recorder = fresh;
    return fresh;
  }
}
