package dev.isutools4j.internal.sql;

import static dev.isutools4j.internal.sql.SqlScanner.CLOSE;
import static dev.isutools4j.internal.sql.SqlScanner.COMMA;
import static dev.isutools4j.internal.sql.SqlScanner.DOT;
import static dev.isutools4j.internal.sql.SqlScanner.LITERAL;
import static dev.isutools4j.internal.sql.SqlScanner.OP;
import static dev.isutools4j.internal.sql.SqlScanner.OPEN;
import static dev.isutools4j.internal.sql.SqlScanner.QIDENT;
import static dev.isutools4j.internal.sql.SqlScanner.SEMI;
import static dev.isutools4j.internal.sql.SqlScanner.WORD;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/*
 * One statement's secret values found, as character ranges over SqlScanner's tokens, for
 * SecretColumns to replace (comments and spacing stay as written). Where a value is secret:
 *
 *   - beside a comparison or assignment whose other side is a secret name, a group holding one
 *     (a function of it, a row of columns), or a function named like one:
 *     passhash = 'x', 'x' = u.`passhash`, SHA2(password, 256) = 'x', (name, token) IN (('a','b')),
 *     SET password = 'x'. The value side is the whole expression up to the next AND, OR, comma,
 *     clause keyword or closing parenthesis (a BETWEEN's own AND and a CASE's words included);
 *   - in an INSERT or REPLACE, the VALUES rows' items at the positions of secret columns in the
 *     column list, every row; a row whose length differs from the list's is masked whole, and so is
 *     whatever follows a list with a secret column other than VALUES (INSERT .. SELECT);
 *   - the arguments of a function named like a secret column (PASSWORD('x')), what follows
 *     IDENTIFIED (CREATE USER, ALTER USER, GRANT) up to the next comma, and the right side of
 *     SET PASSWORD FOR .. = ..
 *
 * A literal is a string, number, hex or bit value; NULL, TRUE and FALSE stay (they are no secret,
 * and "IS NULL" must stay SQL). Doubt masks more: every rule errs towards the wider range.
 */
final class SecretMask {

  private static final Set<String> COMPARISON_OPS = Set.of("=", "<>", "!=", "<=>", "<", ">", "<=",
      ">=", ":=");
  private static final Set<String> COMPARISON_WORDS = Set.of("like", "ilike", "in", "between",
      "regexp", "rlike", "glob", "is");
  // Between a comparison and its operand: NOT LIKE, SOUNDS LIKE, IS NOT DISTINCT FROM, = ANY (..).
  private static final Set<String> OPERATOR_WORDS = Set.of("not", "sounds", "distinct", "from",
      "any", "all", "some", "binary");
  private static final Set<String> BOUNDARY_WORDS = Set.of("and", "or", "xor", "where", "from",
      "order", "group", "having", "limit", "offset", "on", "using", "union", "except", "intersect",
      "set", "values", "when", "then", "else", "end", "into", "for", "returning", "join", "inner",
      "left", "right", "cross", "natural", "straight_join", "window", "duplicate", "as", "asc",
      "desc", "select", "lock");

  /** Thrown when a statement would take too many steps to read through: it is masked whole. */
  static final class TooIntricate extends RuntimeException {
    TooIntricate() {
      super("too intricate to read through", null, false, false);
    }
  }

  private final SecretColumns secrets;
  private final SqlScanner t;
  private final boolean[] masked;
  private final long budget;
  private long steps;

  SecretMask(SecretColumns secrets, String sql, SqlDialect dialect) {
    this.secrets = secrets;
    this.t = new SqlScanner(sql, false, dialect).scan();
    this.masked = new boolean[t.count];
    // A few passes per token: nested groups and many comparisons cannot make a scan quadratic.
    this.budget = 64L * t.count + 10_000;
  }

  /** The character ranges of every string, number, hex and bit literal of {@code sql}. */
  static List<int[]> everyLiteral(String sql, SqlDialect dialect) {
    SqlScanner t = new SqlScanner(sql, false, dialect).scan();
    boolean[] all = new boolean[t.count];
    Arrays.fill(all, true);
    return ranges(t, all);
  }

  /** The character ranges of the secret values, in order. */
  List<int[]> ranges() {
    for (int i = 0; i < t.count; i++) {
      if (isComparison(i)) {
        comparison(i);
      } else if (isWord(i, "insert") || isWord(i, "replace")) {
        insert(i);
      } else if (isWord(i, "identified")) {
        maskUntil(i + 1, true);
      } else if (isSecretName(i) && type(i + 1) == OPEN) {
        maskGroup(i + 1);
      } else if (isWord(i, "set") && isSecretName(i + 1) && isWord(i + 2, "for")) {
        int eq = next(i + 3, "=");
        if (eq > 0) {
          maskExpression(eq + 1, false);
        }
      }
    }
    return ranges(t, masked);
  }

  private static List<int[]> ranges(SqlScanner t, boolean[] masked) {
    List<int[]> out = new ArrayList<>();
    for (int i = 0; i < t.count; i++) {
      if (masked[i] && isValue(t, i)) {
        out.add(new int[] {t.start[i], t.end[i]});
      }
    }
    return out;
  }

  /**
   * {@code sql} with each of {@code ranges} (sorted by start; overlapping ones are joined)
   * replaced by the mask.
   */
  static String render(String sql, List<int[]> ranges) {
    StringBuilder out = new StringBuilder(sql.length() + 16);
    int from = 0;
    int i = 0;
    while (i < ranges.size()) {
      int start = ranges.get(i)[0];
      int end = ranges.get(i)[1];
      for (i++; i < ranges.size() && ranges.get(i)[0] < end; i++) {
        end = Math.max(end, ranges.get(i)[1]);
      }
      out.append(sql, from, Math.max(from, start));
      // The mask is a string: touching a quote it would join the string beside it ('a'2026 is two
      // values, '***''***' one), so that the masked text would have another fingerprint.
      if (out.length() > 0 && out.charAt(out.length() - 1) == '\'') {
        out.append(' ');
      }
      out.append(SecretColumns.MASK);
      from = Math.max(from, end);
      if (from < sql.length() && sql.charAt(from) == '\'') {
        out.append(' ');
      }
    }
    return out.append(sql, from, sql.length()).toString();
  }

  private static boolean isValue(SqlScanner t, int i) {
    return t.type[i] == LITERAL && t.keyword[i] == 0;
  }

  // --- comparisons and assignments

  private boolean isComparison(int i) {
    return (type(i) == OP && COMPARISON_OPS.contains(text(i)))
        || (type(i) == WORD && COMPARISON_WORDS.contains(lower(i)));
  }

  private void comparison(int op) {
    int left = op - 1;
    while (left >= 0 && type(left) == WORD && OPERATOR_WORDS.contains(lower(left))) {
      left--;
    }
    int right = op + 1;
    while (right < t.count && type(right) == WORD && OPERATOR_WORDS.contains(lower(right))) {
      right++;
    }
    if (left < 0 || right >= t.count) {
      return;
    }
    int leftStart = type(left) == CLOSE ? operandStart(left) : left;
    if (names(leftStart, left)) {
      maskExpression(right, isWord(op, "between"));
    }
    int rightEnd = operandEnd(right);
    if (names(right, rightEnd)) {
      maskBackwards(left);
    }
  }

  /** The first token of the operand that ends with the group closing at {@code close}. */
  private int operandStart(int close) {
    int open = matchingOpen(close);
    if (open < 0) {
      return 0; // unbalanced: the operand is taken to reach back to the start
    }
    return open > 0 && isName(open - 1) ? open - 1 : open;
  }

  /** The last token of the operand starting at {@code first}: a qualified name, a call or a group. */
  private int operandEnd(int first) {
    int i = first;
    while (isName(i) && type(i + 1) == DOT && isName(i + 2)) {
      i += 2;
    }
    if (isName(i) && type(i + 1) == OPEN) {
      i++;
    }
    if (type(i) == OPEN) {
      int close = matchingClose(i);
      return close < 0 ? t.count - 1 : close;
    }
    return i;
  }

  /** Whether tokens {@code [from, to]} name a secret column (the operand is one, or holds one). */
  private boolean names(int from, int to) {
    for (int i = Math.max(from, 0); i <= to && i < t.count; i++) {
      if (isSecretName(i)) {
        return true;
      }
    }
    return false;
  }

  /** Masks the expression from {@code first} up to its end (see the class comment). */
  private void maskExpression(int first, boolean between) {
    int depth = 0;
    int cases = 0;
    boolean betweenAnd = between;
    for (int i = first; i < t.count; i++) {
      int type = type(i);
      if (type == OPEN) {
        depth++;
      } else if (type == CLOSE) {
        if (depth == 0) {
          return;
        }
        depth--;
      } else if ((type == COMMA || type == SEMI) && depth == 0) {
        return;
      } else if (type == WORD && depth == 0) {
        String word = lower(i);
        if (word.equals("case")) {
          cases++;
        } else if (cases > 0) {
          cases -= word.equals("end") ? 1 : 0;
        } else if (betweenAnd && word.equals("and")) {
          betweenAnd = false;
        } else if (BOUNDARY_WORDS.contains(word)) {
          return;
        }
      }
      masked[i] = true;
    }
  }

  /** Masks the expression that ends at {@code last}, back to its start. */
  private void maskBackwards(int last) {
    int depth = 0;
    for (int i = last; i >= 0; i--) {
      int type = type(i);
      if (type == CLOSE) {
        depth++;
      } else if (type == OPEN) {
        if (depth == 0) {
          return;
        }
        depth--;
      } else if ((type == COMMA || type == SEMI) && depth == 0) {
        return;
      } else if (type == WORD && depth == 0 && BOUNDARY_WORDS.contains(lower(i))) {
        return;
      }
      masked[i] = true;
    }
  }

  // --- INSERT and REPLACE

  private void insert(int keyword) {
    int i = keyword + 1;
    while (i < t.count && type(i) != OPEN) {
      if (type(i) == SEMI || isWord(i, "values") || isWord(i, "value") || isWord(i, "select")
          || isWord(i, "set")) {
        return; // no column list: nothing says which value is whose
      }
      i++;
    }
    if (i > 0 && isWord(i - 1, "partition")) {
      int close = matchingClose(i);
      if (close < 0 || type(close + 1) != OPEN) {
        return;
      }
      i = close + 1;
    }
    List<int[]> columns = items(i);
    if (columns == null) {
      return;
    }
    List<Boolean> secret = new ArrayList<>();
    boolean any = false;
    for (int[] column : columns) {
      boolean s = names(column[0], column[1]);
      secret.add(s);
      any |= s;
    }
    if (!any) {
      return;
    }
    int next = matchingClose(i) + 1;
    if (!isWord(next, "values") && !isWord(next, "value")) {
      maskUntil(next, false); // INSERT .. SELECT: no rows to match the columns with
      return;
    }
    int row = next + 1;
    while (true) {
      if (isWord(row, "row")) {
        row++;
      }
      List<int[]> values = type(row) == OPEN ? items(row) : null;
      if (values == null) {
        maskUntil(row, false);
        return;
      }
      boolean whole = values.size() != columns.size();
      for (int v = 0; v < values.size(); v++) {
        if (whole || secret.get(v)) {
          mark(values.get(v)[0], values.get(v)[1]);
        }
      }
      int after = matchingClose(row) + 1;
      if (type(after) != COMMA) {
        return;
      }
      row = after + 1;
    }
  }

  /**
   * The comma-separated items of the group opening at {@code open}, each as its first and last
   * token; null when the group does not close.
   */
  private List<int[]> items(int open) {
    int close = matchingClose(open);
    if (close < 0) {
      mark(open, t.count - 1);
      return null;
    }
    List<int[]> out = new ArrayList<>();
    int depth = 0;
    int from = open + 1;
    for (int i = open + 1; i < close; i++) {
      if (type(i) == OPEN) {
        depth++;
      } else if (type(i) == CLOSE) {
        depth--;
      } else if (type(i) == COMMA && depth == 0) {
        out.add(new int[] {from, i - 1});
        from = i + 1;
      }
    }
    out.add(new int[] {from, close - 1});
    return out;
  }

  // --- helpers

  private void maskGroup(int open) {
    int close = matchingClose(open);
    mark(open, close < 0 ? t.count - 1 : close);
  }

  /** Masks from {@code first} to the end of the statement, or of the list item with {@code comma}. */
  private void maskUntil(int first, boolean comma) {
    int depth = 0;
    for (int i = first; i < t.count; i++) {
      int type = type(i);
      depth += type == OPEN ? 1 : type == CLOSE ? -1 : 0;
      if (depth <= 0 && (type == SEMI || (comma && type == COMMA))) {
        return;
      }
      masked[i] = true;
    }
  }

  private void mark(int from, int to) {
    for (int i = Math.max(from, 0); i <= to && i < t.count; i++) {
      masked[i] = true;
    }
  }

  private int matchingClose(int open) {
    int depth = 0;
    for (int i = open; i < t.count; i++) {
      depth += type(i) == OPEN ? 1 : type(i) == CLOSE ? -1 : 0;
      if (depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private int matchingOpen(int close) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      depth += type(i) == CLOSE ? 1 : type(i) == OPEN ? -1 : 0;
      if (depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The first {@code op} operator at the statement's top level from {@code from}, or -1. */
  private int next(int from, String op) {
    int depth = 0;
    for (int i = from; i < t.count && type(i) != SEMI; i++) {
      depth += type(i) == OPEN ? 1 : type(i) == CLOSE ? -1 : 0;
      if (depth == 0 && type(i) == OP && text(i).equals(op)) {
        return i;
      }
    }
    return -1;
  }

  private boolean isName(int i) {
    int type = type(i);
    return type == WORD || type == QIDENT || isDoubleQuoted(i);
  }

  /**
   * A name that looks secret: a word or a variable, a `quoted` identifier, or a "double-quoted"
   * token (a string to MySQL, but an identifier under ANSI_QUOTES and to most other databases).
   */
  private boolean isSecretName(int i) {
    int type = type(i);
    if (type == WORD || type == QIDENT) {
      return secrets.containsAny(t.src, t.start[i], t.end[i]);
    }
    return isDoubleQuoted(i) && secrets.containsAny(t.src, t.start[i], t.end[i]);
  }

  private boolean isDoubleQuoted(int i) {
    return type(i) == LITERAL && t.src.charAt(t.start[i]) == '"';
  }

  private boolean isWord(int i, String lowerWord) {
    return type(i) == WORD && t.end[i] - t.start[i] == lowerWord.length()
        && t.src.regionMatches(true, t.start[i], lowerWord, 0, lowerWord.length());
  }

  private int type(int i) {
    if (++steps > budget) {
      throw new TooIntricate();
    }
    return i >= 0 && i < t.count ? t.type[i] : 0;
  }

  private String text(int i) {
    return t.src.substring(t.start[i], t.end[i]);
  }

  private String lower(int i) {
    return text(i).toLowerCase(Locale.ROOT);
  }
}
