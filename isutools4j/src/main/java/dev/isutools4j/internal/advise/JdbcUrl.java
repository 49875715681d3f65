package dev.isutools4j.internal.advise;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JDBC URL's driver and properties: {@code jdbc:mysql://h/db?a=1&b=2} (also {@code ;a=1}), with
 * any password left out so it can be shown.
 *
 * @param product {@code mysql}, {@code mariadb} or the URL's sub-protocol
 * @param properties by name as written (case kept); the password is never kept
 */
public record JdbcUrl(String shown, String product, Map<String, String> properties) {

  public static JdbcUrl parse(String url) {
    String rest = url.startsWith("jdbc:isutools:") ? "jdbc:" + url.substring(14) : url;
    String product = "";
    if (rest.startsWith("jdbc:")) {
      int colon = rest.indexOf(':', 5);
      product = rest.substring(5, colon < 0 ? rest.length() : colon).toLowerCase(Locale.ROOT);
    }
    Map<String, String> props = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    int q = indexOfAny(rest, '?', ';');
    StringBuilder shown = new StringBuilder(q < 0 ? rest : rest.substring(0, q));
    if (q >= 0) {
      char sep = '?';
      for (String pair : rest.substring(q + 1).split("[&;]")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair : pair.substring(0, eq);
        String value = eq < 0 ? "" : pair.substring(eq + 1);
        if (key.toLowerCase(Locale.ROOT).contains("password")) {
          continue;
        }
        props.put(key, value);
        shown.append(sep).append(key).append('=').append(value);
        sep = '&';
      }
    }
    String text = shown.toString().replaceAll("//[^/@]*:[^/@]*@", "//");
    return new JdbcUrl(text, product, props);
  }

  /** The property, or null. */
  public String get(String name) {
    return properties.get(name);
  }

  public boolean mariadb() {
    return "mariadb".equals(product);
  }

  /** Connector/J ({@code jdbc:mysql:}) or MariaDB Connector/J ({@code jdbc:mariadb:}). */
  public boolean mysqlFamily() {
    return mariadb() || "mysql".equals(product);
  }

  private static int indexOfAny(String s, char a, char b) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == a || s.charAt(i) == b) {
        return i;
      }
    }
    return -1;
  }
}
