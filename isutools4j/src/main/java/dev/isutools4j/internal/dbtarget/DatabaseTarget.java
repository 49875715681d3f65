package dev.isutools4j.internal.dbtarget;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * The database the app last connected to, as the driver or the wrapped data source saw it, so that
 * the database inspector can open a connection of its own. That connection comes from the real
 * driver (or the app's unwrapped data source), never through the recording wrappers: nothing the
 * inspector runs shows up in the app's SQL table.
 *
 * <p>The properties hold the credentials as the app passed them: they stay in memory, and neither
 * {@link #describe()} nor {@link #toString()} shows them.
 *
 * @param url the real JDBC URL (without the {@code jdbc:isutools:} prefix), or null for a data source
 * @param dataSource the app's unwrapped data source, or null for a driver URL
 * @param driver the driver instance the app's connection came from, whatever class loader it is
 *     in; null when not known (then {@link RealDriver} looks for one)
 */
public record DatabaseTarget(String url, Properties properties, DataSource dataSource,
    Driver driver) {

  /** A target reached through {@code driver} (null: found by URL); the properties are copied. */
  static DatabaseTarget ofUrl(Driver driver, String url, Properties properties) {
    return new DatabaseTarget(url, copyOf(properties), null, driver);
  }

  static DatabaseTarget ofDataSource(DataSource dataSource) {
    return new DatabaseTarget(null, new Properties(), dataSource, null);
  }

  /** Whether a connection of {@code driver} to {@code url} with these properties is this target. */
  boolean sameAs(Driver otherDriver, String otherUrl, Properties otherProperties) {
    return dataSource == null && driver == otherDriver && url.equals(otherUrl)
        && properties.equals(copyOf(otherProperties));
  }

  /**
   * A new connection of the inspector's own; the caller closes it.
   *
   * @param connectTimeoutMs how long the connect may take, where the driver accepts a setting for it
   */
  public Connection open(int connectTimeoutMs) throws SQLException {
    if (dataSource != null) {
      return dataSource.getConnection();
    }
    Properties copy = copyOf(properties);
    if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
      copy.putIfAbsent("connectTimeout", Integer.toString(connectTimeoutMs));
    }
    Driver real = driver != null ? driver : RealDriver.of(url);
    Connection connection = real.connect(url, copy);
    if (connection == null) {
      throw new SQLException("The driver for " + describe() + " declined the URL");
    }
    return connection;
  }

  /** Where the database is, for display: the URL without its password, or the data source's class. */
  public String describe() {
    return url != null ? JdbcUrls.withoutPassword(url) : "data source " + dataSource.getClass().getName();
  }

  /** The description only: never the properties, which hold the password. */
  @Override
  public String toString() {
    return "DatabaseTarget[" + describe() + "]";
  }

  /** The entries of {@code properties}, and its defaults' string entries that it does not override. */
  private static Properties copyOf(Properties properties) {
    Properties copy = new Properties();
    if (properties != null) {
      copy.putAll(properties);
      for (String name : properties.stringPropertyNames()) {
        copy.putIfAbsent(name, properties.getProperty(name));
      }
    }
    return copy;
  }
}
