package dev.isutools4j.internal.dbtarget;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * The database the app last connected to, as the driver or the wrapped data source saw it, so that
 * the database inspector can open a connection of its own. That connection comes from the real
 * driver (or the app's unwrapped data source), never through the recording wrappers: nothing the
 * inspector runs shows up in the app's SQL table.
 *
 * @param url the real JDBC URL (without the {@code jdbc:isutools:} prefix), or null for a data source
 * @param dataSource the app's unwrapped data source, or null for a driver URL
 */
public record DatabaseTarget(String url, Properties properties, DataSource dataSource) {

  /** A target reached through the real driver of {@code url}; the properties are copied. */
  static DatabaseTarget ofUrl(String url, Properties properties) {
    Properties copy = new Properties();
    if (properties != null) {
      copy.putAll(properties);
    }
    return new DatabaseTarget(url, copy, null);
  }

  static DatabaseTarget ofDataSource(DataSource dataSource) {
    return new DatabaseTarget(null, new Properties(), dataSource);
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
    Properties copy = new Properties();
    copy.putAll(properties);
    if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
      copy.putIfAbsent("connectTimeout", Integer.toString(connectTimeoutMs));
    }
    Connection connection = RealDriver.of(url).connect(url, copy);
    if (connection == null) {
      throw new SQLException("The driver for " + url + " declined the URL");
    }
    return connection;
  }

  /** Where the database is, for display: the URL without its password, or the data source's class. */
  public String describe() {
    return url != null ? JdbcUrls.withoutPassword(url) : "data source " + dataSource.getClass().getName();
  }
}
