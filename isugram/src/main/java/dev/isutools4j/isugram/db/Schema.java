package dev.isutools4j.isugram.db;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The tables as the original app ships them (primary keys and one UNIQUE, no other index), the
 * indexes tuning level 1 adds, and the size of the loaded data set.
 */
public final class Schema {

  /** An index tuning level 1 adds. */
  public record Index(String table, String name, String columns) {}

  public static final List<Index> TUNING_INDEXES = List.of(
      new Index("comments", "idx_comments_post_created", "post_id, created_at"),
      new Index("comments", "idx_comments_user", "user_id"),
      new Index("posts", "idx_posts_created", "created_at"),
      new Index("posts", "idx_posts_user", "user_id"));

  private static final List<String> TABLES = List.of("users", "posts", "comments", "isugram_dataset");

  private Schema() {}

  private static List<String> createStatements(Dialect dialect) {
    String options = dialect.tableOptions();
    return List.of(
        "CREATE TABLE IF NOT EXISTS users ("
            + "id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, "
            + "account_name VARCHAR(64) NOT NULL UNIQUE, "
            + "passhash VARCHAR(128) NOT NULL, "
            + "authority TINYINT NOT NULL DEFAULT 0, "
            + "del_flg TINYINT NOT NULL DEFAULT 0, "
            + "created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)" + options,
        "CREATE TABLE IF NOT EXISTS posts ("
            + "id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, "
            + "user_id INT NOT NULL, "
            + "mime VARCHAR(64) NOT NULL, "
            + "imgdata MEDIUMBLOB NOT NULL, "
            + "body TEXT NOT NULL, "
            + "created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)" + options,
        "CREATE TABLE IF NOT EXISTS comments ("
            + "id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, "
            + "post_id INT NOT NULL, "
            + "user_id INT NOT NULL, "
            + "comment TEXT NOT NULL, "
            + "created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)" + options,
        // Not in the original: how many rows GET /initialize keeps.
        "CREATE TABLE IF NOT EXISTS isugram_dataset ("
            + "id INT NOT NULL PRIMARY KEY, users INT NOT NULL, posts INT NOT NULL, comments INT NOT NULL)"
            + options);
  }

  /** Creates the tables that are missing. */
  public static void create(Connection connection, Dialect dialect) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : createStatements(dialect)) {
        statement.execute(sql);
      }
    }
  }

  /** Drops every table of the app, then creates them empty. */
  public static void recreate(Connection connection, Dialect dialect) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String table : TABLES) {
        statement.execute("DROP TABLE IF EXISTS " + table);
      }
    }
    create(connection, dialect);
  }

  /**
   * Adds the tuning indexes ({@code wanted}) or drops them, whichever are not already so. Two apps
   * starting together on one database race here; the loser finds the index as wanted and goes on.
   */
  public static void tuningIndexes(Connection connection, Dialect dialect, boolean wanted) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (Index index : TUNING_INDEXES) {
        if (hasIndex(connection, index) == wanted) {
          continue;
        }
        try {
          statement.execute(wanted
              ? "CREATE INDEX " + index.name() + " ON " + index.table() + " (" + index.columns() + ")"
              : dialect.dropIndex(index.table(), index.name()));
        } catch (SQLException e) {
          if (hasIndex(connection, index) != wanted) {
            throw e;
          }
        }
      }
    }
  }

  static boolean hasIndex(Connection connection, Index index) throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    for (String table : List.of(index.table(), index.table().toUpperCase(Locale.ROOT))) {
      try (ResultSet rs = meta.getIndexInfo(connection.getCatalog(), null, table, false, false)) {
        while (rs.next()) {
          String name = rs.getString("INDEX_NAME");
          if (name != null && name.equalsIgnoreCase(index.name())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The counts the data set was loaded with, or null when none was loaded. */
  public static int[] datasetSize(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT users, posts, comments FROM isugram_dataset WHERE id = 1")) {
      return rs.next() ? new int[] {rs.getInt(1), rs.getInt(2), rs.getInt(3)} : null;
    }
  }
}
