package dev.isutools4j.internal.dbtarget;

import javax.sql.DataSource;

/**
 * Remembers the database of the latest successful connection of the app. Thread-safe: one volatile
 * write per physical connection (driver) or per borrowed connection when it changed (data source).
 */
public final class DatabaseTargets {

  private static volatile DatabaseTarget latest;

  private DatabaseTargets() {}

  /** The latest target, or null when the app has not connected yet. */
  public static DatabaseTarget latest() {
    return latest;
  }

  public static void connected(String realUrl, java.util.Properties info) {
    latest = DatabaseTarget.ofUrl(realUrl, info);
  }

  public static void connected(DataSource delegate) {
    DatabaseTarget known = latest;
    if (known == null || known.dataSource() != delegate) {
      latest = DatabaseTarget.ofDataSource(delegate);
    }
  }
}
