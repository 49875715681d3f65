package dev.isutools4j.internal.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits a statement into words, dotted names ({@code c.post_id}, backquotes removed), operators,
 * parentheses and values (strings and numbers become {@code ?}). Just enough for index hints.
 */
final class SqlTokens {

  private static final Set<String> KEYWORDS = Set.of("select", "from", "where", "and", "or", "not",
      "in", "is", "null", "as", "on", "join", "inner", "left", "right", "outer", "cross", "straight_join",
      "order", "by", "group", "limit", "offset", "having", "asc", "desc", "between", "like", "set",
      "update", "delete", "insert", "into", "values", "for", "union", "all", "distinct", "exists",
      "case", "when", "then", "else", "end", "using", "force", "use", "ignore", "index", "key",
      "true", "false", "interval", "lock", "share", "mode", "with", "window", "procedure");

  private SqlTokens() {}

  static List<String> of(String sql) {
    List<String> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        i = skipString(sql, i, c);
        out.add("?");
      } else if (c == '`' || Character.isLetter(c) || c == '_') {
        StringBuilder name = new StringBuilder();
        i = name(sql, i, name);
        while (i + 1 < n && sql.charAt(i) == '.' && (sql.charAt(i + 1) == '`'
            || Character.isLetter(sql.charAt(i + 1)) || sql.charAt(i + 1) == '_')) {
          name.append('.');
          i = name(sql, i + 1, name);
        }
        out.add(name.toString());
      } else if (Character.isDigit(c)) {
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
          i++;
        }
        out.add("?");
      } else if ("<>=!".indexOf(c) >= 0) {
        int start = i;
        while (i < n && "<>=!".indexOf(sql.charAt(i)) >= 0) {
          i++;
        }
        out.add(sql.substring(start, i));
      } else {
        out.add(String.valueOf(c));
        i++;
      }
    }
    return out;
  }

  static boolean isIdentifier(String token) {
    char c = token.isEmpty() ? ' ' : token.charAt(0);
    return Character.isLetter(c) || c == '_';
  }

  static boolean keyword(String token) {
    return KEYWORDS.contains(token.toLowerCase(Locale.ROOT));
  }

  private static int name(String sql, int i, StringBuilder name) {
    int n = sql.length();
    if (sql.charAt(i) == '`') {
      int end = sql.indexOf('`', i + 1);
      end = end < 0 ? n : end;
      name.append(sql, i + 1, end);
      return Math.min(n, end + 1);
    }
    while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
        || sql.charAt(i) == '$')) {
      name.append(sql.charAt(i++));
    }
    return i;
  }

  private static int skipString(String sql, int i, char quote) {
    int n = sql.length();
    i++;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < n && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return n;
  }
}
