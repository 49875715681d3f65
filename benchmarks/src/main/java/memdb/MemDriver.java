package memdb;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/** The driver behind {@code jdbc:memdb:} URLs; ServiceLoader registers it with DriverManager. */
public final class MemDriver implements Driver {

  /** The prefix this driver accepts. */
  public static final String PREFIX = "jdbc:memdb:";

  static {
    try {
      DriverManager.registerDriver(new MemDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  @Override
  public Connection connect(String url, Properties info) {
    return acceptsURL(url) ? new MemConnection() : null;
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    return new DriverPropertyInfo[0];
  }

  @Override
  public int getMajorVersion() {
    return 1;
  }

  @Override
  public int getMinorVersion() {
    return 0;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw Unsupported.feature("getParentLogger");
  }
}
