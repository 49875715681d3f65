package dev.isutools4j.internal.boot;

import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.internal.dbtarget.JdbcUrls;
import dev.isutools4j.internal.dbtarget.RealDriver;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The database a host with no app inspects, named by a JDBC URL ({@code isutools4j host --db}):
 * the driver that takes the URL, and the credentials given beside it or in it. They stay in
 * memory; {@link #describe()} and {@link #toString()} show the URL without its password.
 *
 * <p>MariaDB's driver takes a {@code jdbc:mysql:} URL only when it says {@code permitMysqlScheme};
 * when no driver takes such a URL as it is, that parameter is added.
 */
public final class HostDatabase {

  static final String MYSQL_SCHEME = "jdbc:mysql:";
  static final String PERMIT_MYSQL_SCHEME = "permitMysqlScheme";

  private final String url;
  private final Properties properties;
  private final Driver driver;

  private HostDatabase(String url, Properties properties, Driver driver) {
    this.url = url;
    this.properties = properties;
    this.driver = driver;
  }

  /**
   * The database at {@code url}, with {@code user} and {@code password} when given (else those of
   * the URL). Throws when no driver on the class path takes the URL.
   */
  public static HostDatabase of(String url, String user, String password) throws SQLException {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    String accepted = url;
    Driver driver;
    try {
      driver = RealDriver.of(url);
    } catch (SQLException none) {
      if (!url.startsWith(MYSQL_SCHEME)) {
        throw noDriver(url, none);
      }
      accepted = withPermitMysqlScheme(url);
      try {
        driver = RealDriver.of(accepted);
      } catch (SQLException stillNone) {
        throw noDriver(url, stillNone);
      }
    }
    return new HostDatabase(accepted, properties, driver);
  }

  /** The URL with MariaDB's {@code permitMysqlScheme} among its parameters. */
  static String withPermitMysqlScheme(String url) {
    return url + (url.indexOf('?') < 0 ? "?" : "&") + PERMIT_MYSQL_SCHEME;
  }

  private static SQLException noDriver(String url, SQLException cause) {
    return new SQLException("no JDBC driver on the class path takes " + JdbcUrls.withoutPassword(url)
        + " (the isutools4j command carries MariaDB's: jdbc:mariadb:// or jdbc:mysql://)", "08001",
        cause);
  }

  /** Makes this the database of this JVM: the inspector reads it at each reset and save. */
  void target() {
    DatabaseTargets.connected(driver, url, properties);
  }

  /** The URL the driver is given, its password removed. */
  public String describe() {
    return JdbcUrls.withoutPassword(url);
  }

  /** Null when a connection opens within {@code timeoutMs}; else why not, in one line. */
  public String unreachable(int timeoutMs) {
    Properties copy = new Properties();
    copy.putAll(properties);
    copy.putIfAbsent("connectTimeout", Integer.toString(timeoutMs));
    try (Connection connection = driver.connect(url, copy)) {
      return connection == null ? "the driver declined " + describe() : null;
    } catch (SQLException | RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return JdbcUrls.withoutPassword(message.lines().findFirst().orElse(""));
    }
  }

  /** The description only: never the credentials. */
  @Override
  public String toString() {
    return "HostDatabase[" + describe() + "]";
  }
}
