package dev.isutools4j.internal.sql;

import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * How a database reads a backslash inside a string literal, which decides where the string ends:
 * {@code 'it\'s'} is one string to MySQL and MariaDB, but to H2 or PostgreSQL {@code '\'} is a whole
 * string and {@code s'} the start of another. Scanning by the wrong rule swallows the rest of a
 * statement such as Hibernate's {@code like ? escape '\' and ...}.
 */
public enum SqlDialect {

  /** A backslash escapes the next character: MySQL and MariaDB by default. */
  MYSQL(true),
  /**
   * A backslash is an ordinary character (only a doubled quote continues a string): standard SQL,
   * H2 (in every compatibility mode), PostgreSQL (except in its {@code E'...'} strings), SQL
   * Server, Oracle, SQLite, and MySQL or MariaDB with {@code NO_BACKSLASH_ESCAPES}.
   */
  STANDARD(false);

  /** Subprotocols of databases whose strings know no backslash escape. */
  private static final Set<String> STANDARD_DATABASES = Set.of("h2", "hsqldb", "derby",
      "postgresql", "pgsql", "yugabytedb", "sqlserver", "jtds", "oracle", "sqlite", "db2",
      "firebirdsql", "sap");
  private static final Set<String> MYSQL_DATABASES = Set.of("mysql", "mysql+srv", "mariadb");

  private final boolean backslashEscapes;

  SqlDialect(boolean backslashEscapes) {
    this.backslashEscapes = backslashEscapes;
  }

  /** Whether a backslash inside a string escapes the character after it. */
  public boolean backslashEscapes() {
    return backslashEscapes;
  }

  /** {@link #ofUrl(String, Properties)} without connection properties. */
  public static SqlDialect ofUrl(String url) {
    return ofUrl(url, null);
  }

  /**
   * The dialect of the database behind a JDBC URL. The first subprotocol naming a known database
   * decides, so that wrappers in front are passed over ({@code jdbc:p6spy:mysql:},
   * {@code jdbc:tc:mysql:}) and a database's name is not taken for one ({@code jdbc:h2:mem:mysql}).
   * MySQL and MariaDB escape unless the session's {@code sql_mode} (the URL's or the properties'
   * {@code sessionVariables}) has {@code NO_BACKSLASH_ESCAPES}; a mode set only in the server's
   * configuration is not seen. An unknown or missing URL gets {@link #MYSQL}, the rule this
   * library always used.
   */
  public static SqlDialect ofUrl(String url, Properties properties) {
    if (url == null || !url.regionMatches(true, 0, "jdbc:", 0, 5)) {
      return MYSQL;
    }
    int from = 5;
    while (from < url.length()) {
      int colon = url.indexOf(':', from);
      if (colon < 0) {
        break;
      }
      String name = url.substring(from, colon).toLowerCase(Locale.ROOT);
      if (STANDARD_DATABASES.contains(name)) {
        return STANDARD;
      }
      if (MYSQL_DATABASES.contains(name)) {
        return noBackslashEscapes(url, properties) ? STANDARD : MYSQL;
      }
      if (url.startsWith("//", colon + 1) || name.isEmpty()) {
        break; // the host part: no more subprotocols
      }
      from = colon + 1;
    }
    return MYSQL;
  }

  private static boolean noBackslashEscapes(String url, Properties properties) {
    if (url.toUpperCase(Locale.ROOT).contains("NO_BACKSLASH_ESCAPES")) {
      return true;
    }
    if (properties == null) {
      return false;
    }
    String sessionVariables = properties.getProperty("sessionVariables");
    return sessionVariables != null
        && sessionVariables.toUpperCase(Locale.ROOT).contains("NO_BACKSLASH_ESCAPES");
  }
}
