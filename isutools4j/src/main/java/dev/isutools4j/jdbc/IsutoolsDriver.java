package dev.isutools4j.jdbc;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.jdbc.AgentMode;
import dev.isutools4j.internal.jdbc.RecordingConnection;
import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.internal.dbtarget.JdbcUrls;
import dev.isutools4j.internal.dbtarget.RealDriver;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver behind the {@code jdbc:isutools:} URL prefix: put it before any real JDBC URL and
 * every statement on that connection is recorded.
 *
 * <pre>{@code
 * jdbc:isutools:mariadb://127.0.0.1:3306/isugram
 * jdbc:isutools:mysql://127.0.0.1:3306/isugram
 * jdbc:isutools:h2:mem:demo;MODE=MySQL
 * }</pre>
 *
 * <p>It registers itself with {@link DriverManager} (ServiceLoader finds it on the classpath) and
 * finds the real driver from the rest of the URL. Thread-safe.
 */
public final class IsutoolsDriver implements Driver {

  /** The prefix this driver accepts. */
  public static final String PREFIX = "jdbc:isutools:";

  static {
    try {
      DriverManager.registerDriver(new IsutoolsDriver());
    } catch (SQLException | RuntimeException e) {
      Health.failed("jdbc: register driver", e);
    }
    Bootstrap.start();
  }

  /** The real JDBC URL behind an isutools URL: {@code jdbc:isutools:h2:mem:x} gives {@code jdbc:h2:mem:x}. */
  public static String realUrl(String url) {
    return "jdbc:" + url.substring(PREFIX.length());
  }


  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    String real = realUrl(url);
    Driver driver = RealDriver.of(real);
    Connection connection = driver.connect(real, info);
    if (connection == null) {
      throw new SQLException("The driver for " + JdbcUrls.withoutPassword(real) + " declined the URL");
    }
    DatabaseTargets.connected(driver, real, info);
    // With the agent installed it records the real connection's calls: wrapping would count them twice.
    return AgentMode.jdbcInstrumented() ? connection : RecordingConnection.of(connection, real, info);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return new DriverPropertyInfo[0];
    }
    String real = realUrl(url);
    return RealDriver.of(real).getPropertyInfo(real, info);
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("isutools4j does not log through java.util.logging");
  }
}
