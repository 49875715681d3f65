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
   * The posts of authors not banned, each with its author's name, open for more {@code AND}s. Both
   * forms read posts newest first along the created_at index and stop at the page's LIMIT. MariaDB
   * otherwise starts from the small users table and sorts every post, so the join is forced; H2 has
   * no such hint and makes the same choice for a join, but not for a correlated EXISTS.
   */
  public String visiblePostsWithAuthor() {
    return this == MYSQL
        ? "SELECT p.id, p.user_id, p.body, p.mime, p.created_at, u.account_name"
            + " FROM posts p STRAIGHT_JOIN users u ON u.id = p.user_id WHERE u.del_flg = 0"
        : "SELECT p.id, p.user_id, p.body, p.mime, p.created_at,"
            + " (SELECT u.account_name FROM users u WHERE u.id = p.user_id) AS account_name"
            + " FROM posts p WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.del_flg = 0)";
  }

  public String dropIndex(String table, String index) {
    return this == H2 ? "DROP INDEX " + index : "DROP INDEX " + index + " ON " + table;
  }
}
