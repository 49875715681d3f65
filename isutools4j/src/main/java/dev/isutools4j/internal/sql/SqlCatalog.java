package dev.isutools4j.internal.sql;

import dev.isutools4j.internal.keys.KeyIndex;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves SQL texts to shapes, fingerprinting each distinct text once per dialect.
 *
 * <p>A bounded cache: known texts cost one lock-free, allocation-free lookup in their dialect's
 * map (one per dialect, so the same text read by two dialects never shares a shape). Once the
 * cache is full, new texts are still fingerprinted correctly, only not remembered; so are texts
 * longer than {@link #MAX_CACHED_LENGTH} (bulk inserts with inline values), so the cache's memory
 * stays small.
 */
public final class SqlCatalog {

  static final int MAX_CACHED_LENGTH = 4096;

  private final KeyIndex fingerprints;
  private final int maxTexts;
  private final ConcurrentHashMap<String, SqlShape> mysql = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, SqlShape> standard = new ConcurrentHashMap<>();

  public SqlCatalog(KeyIndex fingerprints, int maxTexts) {
    this.fingerprints = fingerprints;
    this.maxTexts = maxTexts;
  }

  /** The shape of {@code sql} read by {@code dialect}. */
  public SqlShape shape(String sql, SqlDialect dialect) {
    ConcurrentHashMap<String, SqlShape> shapes = dialect == SqlDialect.MYSQL ? mysql : standard;
    SqlShape shape = shapes.get(sql);
    if (shape != null) {
      return shape;
    }
    String fingerprint = Fingerprint.of(sql, dialect);
    shape = new SqlShape(sql, dialect, fingerprint, fingerprints.id(fingerprint));
    if (sql.length() <= MAX_CACHED_LENGTH && size() < maxTexts) {
      shapes.putIfAbsent(sql, shape);
    }
    return shape;
  }

  /** Distinct texts remembered so far, of every dialect. */
  public int size() {
    return mysql.size() + standard.size();
  }
}
