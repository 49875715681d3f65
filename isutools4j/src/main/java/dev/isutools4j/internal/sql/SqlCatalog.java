package dev.isutools4j.internal.sql;

import dev.isutools4j.internal.keys.KeyIndex;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves SQL texts to shapes, fingerprinting each distinct text once.
 *
 * <p>A bounded cache: known texts cost one lock-free, allocation-free lookup. Once the cache is full,
 * new texts are still fingerprinted correctly, only not remembered; so are texts longer than
 * {@link #MAX_CACHED_LENGTH} (bulk inserts with inline values), so the cache's memory stays small.
 */
public final class SqlCatalog {

  static final int MAX_CACHED_LENGTH = 4096;

  private final KeyIndex fingerprints;
  private final int maxTexts;
  private final ConcurrentHashMap<String, SqlShape> shapes = new ConcurrentHashMap<>();

  public SqlCatalog(KeyIndex fingerprints, int maxTexts) {
    this.fingerprints = fingerprints;
    this.maxTexts = maxTexts;
  }

  public SqlShape shape(String sql) {
    SqlShape shape = shapes.get(sql);
    if (shape != null) {
      return shape;
    }
    String fingerprint = Fingerprint.of(sql);
    shape = new SqlShape(sql, fingerprint, fingerprints.id(fingerprint));
    if (sql.length() <= MAX_CACHED_LENGTH && shapes.size() < maxTexts) {
      shapes.putIfAbsent(sql, shape);
    }
    return shape;
  }

  /** Distinct texts remembered so far. */
  public int size() {
    return shapes.size();
  }
}
