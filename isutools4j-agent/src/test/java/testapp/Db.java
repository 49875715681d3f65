package testapp;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** A tiny H2 data layer, as an app with no isutools4j code writes it. */
final class Db {

  private final String url;
  private final HikariDataSource pool;
  private final AtomicInteger nextId = new AtomicInteger(1000);

  /** mode: plain, hikari, isutools-url (jdbc:isutools: prefix) or hikari-isutools-url. */
  Db(String mode, String name) throws SQLException {
    String real = "h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
    this.url = "jdbc:" + (mode.endsWith("isutools-url") ? "isutools:" : "") + real;
    if (mode.startsWith("hikari")) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(url);
      config.setMaximumPoolSize(4);
      pool = new HikariDataSource(config);
    } else {
      pool = null;
    }
    try (Connection c = connection(); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(50))");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO items (id, name) VALUES (?, ?)")) {
        for (int i = 1; i <= 10; i++) {
          p.setInt(1, i);
          p.setString(2, "item" + i);
          p.addBatch();
        }
        p.executeBatch();
      }
    }
  }

  Connection connection() throws SQLException {
    return pool != null ? pool.getConnection() : DriverManager.getConnection(url);
  }

  String item(int id) throws SQLException {
    try (Connection c = connection();
        PreparedStatement p = c.prepareStatement("SELECT id, name FROM items WHERE id = ?")) {
      p.setInt(1, id);
      try (ResultSet r = p.executeQuery()) {
        return r.next() ? r.getString(2) : "none";
      }
    }
  }

  int all() throws SQLException {
    int rows = 0;
    try (Connection c = connection(); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT id, name FROM items ORDER BY id")) {
      while (r.next()) {
        rows++;
      }
    }
    return rows;
  }

  int insert() throws SQLException {
    try (Connection c = connection();
        PreparedStatement p = c.prepareStatement("INSERT INTO items (id, name) VALUES (?, ?)")) {
      p.setInt(1, nextId.incrementAndGet());
      p.setString(2, "new");
      return p.executeUpdate();
    }
  }

  /**
   * One transaction committed (a plain statement's batch of texts, and an {@code execute()} whose
   * rows are read through {@code getResultSet()}), then one rolled back. Returns the rows read.
   */
  int transaction() throws SQLException {
    int rows = 0;
    try (Connection c = connection()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.addBatch("UPDATE items SET name = 'a' WHERE id = 1");
        s.addBatch("UPDATE items SET name = 'b' WHERE id = 2");
        s.addBatch("DELETE FROM items WHERE id = 0");
        s.executeBatch();
        if (s.execute("SELECT id FROM items WHERE id < 4")) {
          try (ResultSet r = s.getResultSet()) {
            while (r.next()) {
              rows++;
            }
          }
        }
      }
      c.commit();
      try (Statement s = c.createStatement()) {
        s.executeUpdate("UPDATE items SET id = id WHERE id = 3");
      }
      c.rollback();
      c.setAutoCommit(true);
    }
    return rows;
  }
}
