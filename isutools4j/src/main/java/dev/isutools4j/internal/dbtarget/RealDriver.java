package dev.isutools4j.internal.dbtarget;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ServiceLoader;

/**
 * Finds the app's real JDBC driver for a URL (the one after the {@code jdbc:isutools:} prefix).
 * The isutools driver never answers: it accepts only its own prefix.
 */
public final class RealDriver {

  private RealDriver() {}

  public static Driver of(String real) throws SQLException {
    try {
      return DriverManager.getDriver(real);
    } catch (SQLException notRegistered) {
      // Drivers visible to the app's class loader but not to DriverManager (e.g. inside a fat jar).
      ClassLoader[] loaders = {
        Thread.currentThread().getContextClassLoader(), RealDriver.class.getClassLoader()
      };
      for (ClassLoader loader : loaders) {
        for (Driver driver : ServiceLoader.load(Driver.class, loader)) {
          if (driver.acceptsURL(real)) {
            return driver;
          }
        }
      }
      throw new SQLException("No JDBC driver on the classpath accepts "
          + JdbcUrls.withoutPassword(real) + " (the URL after the jdbc:isutools: prefix)", "08001",
          notRegistered);
    }
  }
}
