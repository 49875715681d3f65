package dev.isutools4j.internal.dbtarget;

import java.sql.Driver;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * Remembers the database of the latest successful connection of the app: the {@code jdbc:isutools:}
 * driver's, the wrapped data source's, or under the agent any driver's. Thread-safe: one volatile
 * write per physical connection (driver) or per borrowed connection (data source), and only when
 * the target changed.
 */
public final class DatabaseTargets {

  private static volatile DatabaseTarget latest;

  private DatabaseTargets() {}

  /** The latest target, or null when the app has not connected yet. */
  public static DatabaseTarget latest() {
    return latest;
  }

  /**
   * {@code driver} connected to {@code realUrl} with {@code info} (credentials included): the
   * inspector will connect through that same driver instance.
   *
   * @param driver the driver that returned the connection; null to find one by URL when needed
   */
  public static void connected(Driver driver, String realUrl, Properties info) {
    DatabaseTarget known = latest;
    if (known == null || !known.sameAs(driver, realUrl, info)) {
      latest = DatabaseTarget.ofUrl(driver, realUrl, info);
    }
  }

  public static void connected(DataSource delegate) {
    DatabaseTarget known = latest;
    if (known == null || known.dataSource() != delegate) {
      latest = DatabaseTarget.ofDataSource(delegate);
    }
  }
}
