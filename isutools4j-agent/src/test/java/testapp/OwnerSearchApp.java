package testapp;

import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * An H2 app searching owners by name as Hibernate does, with {@code like ? escape '\'} (on H2 a
 * backslash is an ordinary character). Args: plain (DriverManager) or hikari. Serves
 * {@code /search/page1}, {@code /search/page2}, {@code /search/city} (prepared statements) and
 * {@code /search/plain} (a plain statement with the values inline); prints {@code READY <port>}.
 */
public final class OwnerSearchApp {

  static final String LIKE = "select o1_0.id,o1_0.last_name from owners o1_0"
      + " where o1_0.last_name like ? escape '\\'";
  static final String PAGE_1 = LIKE + " order by o1_0.id fetch first ? rows only";
  static final String PAGE_2 = LIKE + " order by o1_0.id offset ? rows fetch first ? rows only";
  static final String IN_CITY = LIKE + " and o1_0.city=? order by o1_0.id fetch first ? rows only";

  public static void main(String[] args) throws Exception {
    String url = "jdbc:h2:mem:owners;DB_CLOSE_DELAY=-1";
    DataSource pool = null;
    if (args.length > 0 && args[0].equals("hikari")) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(url);
      config.setMaximumPoolSize(2);
      pool = new HikariDataSource(config);
    }
    DataSource source = pool;
    Connector connector = () -> source != null ? source.getConnection() : DriverManager.getConnection(url);
    try (Connection c = connector.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE owners (id INT PRIMARY KEY, last_name VARCHAR(30), city VARCHAR(30))");
      s.execute("INSERT INTO owners VALUES (1, 'Davis', 'Madison'), (2, 'Davis', 'Monona'),"
          + " (3, 'Dav_s', 'Madison')");
    }
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/search/", exchange -> {
      String kind = exchange.getRequestURI().getPath().substring("/search/".length());
      try (Connection c = connector.connect()) {
        int rows = switch (kind) {
          case "page1" -> rows(c, PAGE_1, "Dav%", 2);
          case "page2" -> rows(c, PAGE_2, "Dav%", 2, 2);
          case "city" -> rows(c, IN_CITY, "Dav\\_s%", "Madison", 2);
          default -> plain(c);
        };
        HttpServerApp.send(exchange, 200, "rows " + rows);
      } catch (Exception e) {
        HttpServerApp.send(exchange, 500, e.toString());
      }
    });
    server.start();
    System.out.println("READY " + server.getAddress().getPort());
    System.out.flush();
  }

  private static int rows(Connection c, String sql, Object... values) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        p.setObject(i + 1, values[i]);
      }
      return count(p.executeQuery());
    }
  }

  private static int plain(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      return count(s.executeQuery("select id from owners where last_name like 'Dav\\_s%' escape '\\'"
          + " and city = 'Madison'"));
    }
  }

  private static int count(ResultSet r) throws SQLException {
    int rows = 0;
    try (r) {
      while (r.next()) {
        rows++;
      }
    }
    return rows;
  }

  private interface Connector {
    Connection connect() throws SQLException;
  }
}
