package dev.isutools4j.isugram;

import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.sql.SQLException;

/** A database of the shared test MariaDB, loaded once at a small scale. */
public final class MariaDbData {

  private final String url;

  private MariaDbData(String url) {
    this.url = url;
  }

  /** A new database with the data set of {@code scale}; skips the test without MariaDB. */
  public static MariaDbData load(String prefix, double scale) throws SQLException {
    MariaDbServer server = Requirements.mariaDb();
    MariaDbServer.Database db = server.createUniqueDatabase(prefix);
    String url = db.jdbcUrl() + "?user=" + db.user() + "&password=" + db.password();
    DataLoader.load(url, scale);
    return new MariaDbData(url);
  }

  /** The plain JDBC URL, with the credentials. */
  public String url() {
    return url;
  }
}
