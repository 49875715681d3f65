package dev.isutools4j.internal.sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The columns whose values a sample statement must not show: every column (or variable) whose
 * name contains one of a few words, ignoring case ({@code isutools.secret.columns}; by default
 * {@code password}, {@code passhash}, {@code token} and {@code secret}, so {@code u.passhash},
 * {@code `reset_token`} and {@code @Secret} are all secret).
 *
 * <p>{@link #mask} replaces the values such a column is compared with, assigned or inserted as
 * with {@code '***'}; the rest of the statement, its other values included, stays as it was. It
 * never throws: a statement it cannot read through has every literal masked. It costs a scan of the
 * statement, so it runs once per kept sample, never per execution. Immutable and thread-safe.
 */
public final class SecretColumns {

  /** The words of {@code isutools.secret.columns} when it is not set. */
  public static final List<String> DEFAULT_WORDS = List.of("password", "passhash", "token", "secret");

  public static final SecretColumns DEFAULT = of(DEFAULT_WORDS);

  /** What replaces each secret value: a string literal, so the statement stays one to EXPLAIN. */
  public static final String MASK = "'***'";

  // Its passwords are no column's: CREATE USER .. IDENTIFIED BY 'x' is masked whatever the words.
  private static final String IDENTIFIED = "identified";

  private static final List<SqlDialect> BOTH = List.of(SqlDialect.MYSQL, SqlDialect.STANDARD);
  private static final String WITHHELD = "/* sample withheld: it names a secret column */";

  private final List<String> words;

  private SecretColumns(List<String> words) {
    this.words = words;
  }

  /**
   * The columns of the setting {@code isutools.secret.columns}: words separated by commas; unset
   * (null or blank), the {@link #DEFAULT_WORDS}; {@code none}, no column (nothing is masked).
   */
  public static SecretColumns ofSetting(String setting) {
    if (setting == null || setting.isBlank()) {
      return DEFAULT;
    }
    // Split at ; too, as a list setting given in an agent argument (itself split at ,) must be.
    return setting.strip().equalsIgnoreCase("none") ? of(List.of())
        : of(List.of(setting.split("[,;]")));
  }

  /** The columns named with any of {@code words} (blank ones ignored); none: nothing is masked. */
  public static SecretColumns of(List<String> words) {
    List<String> kept = new ArrayList<>();
    for (String word : words) {
      String w = word == null ? "" : word.strip().toLowerCase(Locale.ROOT);
      if (!w.isEmpty() && !kept.contains(w)) {
        kept.add(w);
      }
    }
    return new SecretColumns(List.copyOf(kept));
  }

  public List<String> words() {
    return words;
  }

  /** Whether {@code name} (a column, variable or quoted identifier, without its quotes) is secret. */
  public boolean isSecret(String name) {
    return name != null && containsAny(name, 0, name.length());
  }

  boolean containsAny(CharSequence s, int from, int to) {
    for (String word : words) {
      if (contains(s, from, to, word)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code sql} with the values of its secret columns masked, read by {@code dialect}'s rules for
   * strings; the same text when it names no secret column.
   */
  public String mask(String sql, SqlDialect dialect) {
    return mask(sql, List.of(dialect == null ? SqlDialect.MYSQL : dialect), false);
  }

  /**
   * {@code sql} masked by the rules of both dialects, for a statement whose database is not known
   * (one another host recorded): a string that reads differently in each is masked either way.
   */
  public String mask(String sql) {
    return mask(sql, BOTH, false);
  }

  /**
   * {@code text} with every value masked (string, number, hex), for a piece of a statement whose
   * columns cannot be told, such as a log line outside any entry; as it is when no column is secret.
   */
  public String maskEveryValue(String text, SqlDialect dialect) {
    return mask(text, List.of(dialect == null ? SqlDialect.MYSQL : dialect), true);
  }

  /** {@link #maskEveryValue(String, SqlDialect)} by the rules of both dialects. */
  public String maskEveryValue(String text) {
    return mask(text, BOTH, true);
  }

  private String mask(String sql, List<SqlDialect> dialects, boolean everyValue) {
    if (sql == null || words.isEmpty() || (!everyValue && !mentionsSecret(sql))) {
      return sql;
    }
    try {
      List<int[]> ranges = new ArrayList<>();
      for (SqlDialect dialect : dialects) {
        ranges.addAll(everyValue ? SecretMask.everyLiteral(sql, dialect) : ranges(sql, dialect));
      }
      ranges.sort(Comparator.comparingInt(r -> r[0]));
      return SecretMask.render(sql, ranges);
    } catch (Throwable unreadable) {
      return WITHHELD;
    }
  }

  private boolean mentionsSecret(String sql) {
    return containsAny(sql, 0, sql.length()) || contains(sql, 0, sql.length(), IDENTIFIED);
  }

  private List<int[]> ranges(String sql, SqlDialect dialect) {
    try {
      return new SecretMask(this, sql, dialect).ranges();
    } catch (RuntimeException unreadable) {
      return SecretMask.everyLiteral(sql, dialect); // doubt masks more
    }
  }

  private static boolean contains(CharSequence s, int from, int to, String lowerWord) {
    int n = lowerWord.length();
    for (int i = from; i + n <= to; i++) {
      int k = 0;
      while (k < n && lower(s.charAt(i + k)) == lowerWord.charAt(k)) {
        k++;
      }
      if (k == n) {
        return true;
      }
    }
    return false;
  }

  private static char lower(char c) {
    return c < 128 ? (c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) : Character.toLowerCase(c);
  }

  @Override
  public String toString() {
    return String.join(",", words);
  }
}
