package dev.isutools4j.isugram.db;

/** The two kinds of database the app runs on, and the few statements that differ between them. */
public enum Dialect {
  MYSQL(" ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"),
  H2("");

  private final String tableOptions;

  Dialect(String tableOptions) {
    this.tableOptions = tableOptions;
  }

  /** The dialect of a plain or {@code jdbc:isutools:} URL. */
  public static Dialect of(String jdbcUrl) {
    String url = jdbcUrl.startsWith("jdbc:isutools:") ? "jdbc:" + jdbcUrl.substring("jdbc:isutools:".length()) : jdbcUrl;
    if (url.startsWith("jdbc:h2:")) {
      return H2;
    }
    if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
      return MYSQL;
    }
    throw new IllegalArgumentException("a MariaDB, MySQL or H2 JDBC URL is needed: " + jdbcUrl);
  }

  /** What follows a CREATE TABLE's column list. */
  public String tableOptions() {
    return tableOptions;
  }

  /**
   * A join that reads the left table first. MariaDB otherwise starts from the small users table and
   * sorts every post, where reading posts newest first and stopping at a page is far cheaper.
   */
  public String straightJoin() {
    return this == MYSQL ? "STRAIGHT_JOIN" : "JOIN";
  }

  public String dropIndex(String table, String index) {
    return this == H2 ? "DROP INDEX " + index : "DROP INDEX " + index + " ON " + table;
  }
}
