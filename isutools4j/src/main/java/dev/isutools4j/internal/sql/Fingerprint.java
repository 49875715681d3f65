package dev.isutools4j.internal.sql;

import static dev.isutools4j.internal.sql.SqlKeywords.F_IN;
import static dev.isutools4j.internal.sql.SqlKeywords.F_LIMIT;
import static dev.isutools4j.internal.sql.SqlKeywords.F_OFFSET;
import static dev.isutools4j.internal.sql.SqlKeywords.F_OPERAND;
import static dev.isutools4j.internal.sql.SqlKeywords.F_SPACE_PAREN;
import static dev.isutools4j.internal.sql.SqlKeywords.F_UNION;
import static dev.isutools4j.internal.sql.SqlKeywords.F_UNION_MODE;
import static dev.isutools4j.internal.sql.SqlKeywords.F_USE;
import static dev.isutools4j.internal.sql.SqlKeywords.F_VALUES;
import static dev.isutools4j.internal.sql.SqlScanner.CLOSE;
import static dev.isutools4j.internal.sql.SqlScanner.COMMA;
import static dev.isutools4j.internal.sql.SqlScanner.DOT;
import static dev.isutools4j.internal.sql.SqlScanner.LITERAL;
import static dev.isutools4j.internal.sql.SqlScanner.OP;
import static dev.isutools4j.internal.sql.SqlScanner.OPEN;
import static dev.isutools4j.internal.sql.SqlScanner.PARAM;
import static dev.isutools4j.internal.sql.SqlScanner.QIDENT;
import static dev.isutools4j.internal.sql.SqlScanner.SEMI;
import static dev.isutools4j.internal.sql.SqlScanner.WORD;

import java.util.Arrays;

/**
 * The fingerprint of a SQL statement: its text with the values taken out, so that statements that
 * differ only in their values group together.
 *
 * <ul>
 *   <li>Literals become {@code ?}: '...' and "..." strings (a doubled quote never ends one, nor
 *       does a backslash escape where the {@link SqlDialect} has them; an unterminated one runs to
 *       the end), numbers with their unary sign
 *       ({@code = -1}), decimals, exponents, {@code 0x..}, {@code X'..'}, {@code b'..'}, {@code
 *       _binary'..'}, PostgreSQL $$...$$, and true/false/null. Digits inside identifiers stay
 *       ({@code users_2009}, {@code t1}). With ANSI_QUOTES "..." is an identifier instead.
 *   <li>Placeholders stay as written ({@code ?}, {@code $1}, {@code :name}), so a prepared
 *       statement's text is its own fingerprint; {@code ::int} and {@code :=} are operators.
 *   <li>Comments are removed: {@code /* *}{@code /}, {@code /*!40001 ..*}{@code /} version
 *       comments, {@code -- } and {@code #} to the end of the line.
 *   <li>An IN list of values, or of tuples of values, becomes {@code in(?+)}; a subquery is kept.
 *       VALUES keeps its first row only, and a row of values becomes {@code values(?+)}.
 *   <li>{@code limit ?, ?} and {@code limit ? offset ?} become {@code limit ?}; {@code use db}
 *       becomes {@code use ?}.
 *   <li>Layout is rebuilt from tokens: everything lower-case, one space between tokens, none
 *       inside parentheses, before a comma, around a dot or {@code ::}, nor between a name and its
 *       "(" ({@code count(*)}, {@code t(a, b)}, {@code in(?+)}), but one after a clause keyword
 *       ({@code where (}). So {@code id=1}, {@code id = 1} and {@code id= 1} all read {@code id =
 *       ?}. Backquotes are dropped unless the name needs them ({@code `my col`}, {@code `select`}).
 *   <li>A trailing ";" is dropped.
 * </ul>
 *
 * <p>NULL becomes {@code ?} as in pt-query-digest, so {@code is null} reads {@code is ?} (still
 * distinct from {@code is not ?}). Where this differs from pt-query-digest: spacing around
 * operators and punctuation is normalised (pt only collapses whitespace); placeholders and digits
 * in names are kept; identical UNION arms in a row collapse into one arm with no {@code /*repeat
 * union*}{@code /} marker, so that fingerprinting a fingerprint gives it back unchanged. A
 * statement of comments only reads {@code (comment)}, blank text {@code (blank)}, a null
 * statement {@code (null)}.
 *
 * <p>Dialect notes: MySQL rules win where dialects clash. "--" opens a comment only before a
 * space ({@code a--1} is a minus minus one) and "#" always opens one (so PostgreSQL's {@code #>} is
 * not understood). The one rule that follows the database is the backslash inside strings: an
 * escape by default ({@link SqlDialect#MYSQL}), an ordinary character under {@link
 * SqlDialect#STANDARD} (H2, PostgreSQL and the rest), where {@code like ? escape '\'} ends its
 * string at the second quote. Either way the output reads back the same under its own dialect.
 */
public final class Fingerprint {

  static final String NULL_STATEMENT = "(null)";
  static final String BLANK = "(blank)";
  static final String COMMENT_ONLY = "(comment)";

  private final SqlScanner scanner;
  private final char[] s;
  private final int[] type;
  private final int[] start;
  private final int[] stop;
  private final int[] keyword;
  private final UnionArms arms; // null when there is no UNION
  private char[] out;
  private int len;
  private int end; // tokens to print: trailing ';' excluded
  private int[] jump; // jump[t] > 0: skip from token t to token jump[t]
  private int[] closing; // closing[t] - 1: the ")" matching the "(" at t; computed on first use

  private int prevType;
  private int prevFlags;
  private boolean prevCast;
  private boolean prevQualifier; // a "." right after a name: t.col

  private Fingerprint(SqlScanner scanner) {
    this.scanner = scanner;
    this.s = scanner.s;
    this.type = scanner.type;
    this.start = scanner.start;
    this.stop = scanner.end;
    this.keyword = scanner.keyword;
    this.arms = scanner.sawUnion ? new UnionArms() : null;
    this.out = new char[s.length + 16];
  }

  /** The fingerprint of {@code sql}, MySQL quoting ("..." is a string). Never null or empty. */
  public static String of(String sql) {
    return of(sql, false, SqlDialect.MYSQL);
  }

  /** The fingerprint of {@code sql} under {@code dialect}'s strings. Never null or empty. */
  public static String of(String sql, SqlDialect dialect) {
    return of(sql, false, dialect);
  }

  /**
   * The fingerprint of {@code sql}; with {@code ansiQuotes} "..." is an identifier (MySQL
   * ANSI_QUOTES, PostgreSQL). Never null or empty.
   */
  public static String of(String sql, boolean ansiQuotes) {
    return of(sql, ansiQuotes, SqlDialect.MYSQL);
  }

  /** The fingerprint of {@code sql} with both choices made. Never null or empty. */
  public static String of(String sql, boolean ansiQuotes, SqlDialect dialect) {
    if (sql == null) {
      return NULL_STATEMENT;
    }
    return new Fingerprint(new SqlScanner(sql, ansiQuotes, dialect).scan()).build();
  }

  /**
   * The tag a statement starts with, such as {@code endpoint=/posts} in {@code /* endpoint=/posts
   * *}{@code / SELECT ...}, trimmed; null when the statement does not start with a block comment.
   * Version comments ({@code /*!}) and optimizer hints ({@code /*+}) are not tags.
   */
  public static String label(String sql) {
    if (sql == null) {
      return null;
    }
    int i = 0;
    while (i < sql.length() && SqlScanner.isSpace(sql.charAt(i))) {
      i++;
    }
    if (!sql.startsWith("/*", i) || sql.startsWith("!", i + 2) || sql.startsWith("+", i + 2)) {
      return null;
    }
    int close = sql.indexOf("*/", i + 2);
    if (close < 0) {
      return null;
    }
    String tag = sql.substring(i + 2, close).trim();
    return tag.isEmpty() ? null : tag;
  }

  private String build() {
    if (scanner.count == 0) {
      return scanner.sawComment ? COMMENT_ONLY : BLANK;
    }
    end = scanner.count;
    while (end > 1 && type[end - 1] == SEMI) {
      end--;
    }
    if (end == 2 && (flags(0) & F_USE) != 0 && (type[1] == WORD || type[1] == QIDENT)) {
      return "use ?";
    }
    int t = 0;
    while (t < end) {
      t = jump != null && jump[t] > 0 ? jump[t] : step(t);
    }
    if (arms != null) {
      len = arms.finishAll(out, len);
    }
    return new String(out, 0, len);
  }

  /** Prints token {@code t}, or the construct it starts; returns the next token to look at. */
  private int step(int t) {
    int f = flags(t);
    if (f == 0) {
      put(t, f);
      return t + 1;
    }
    boolean paren = t + 1 < end && type[t + 1] == OPEN;
    if ((f & F_IN) != 0 && paren) {
      int after = valueListEnd(t + 1);
      if (after > 0) {
        put(t, f);
        putCollapsedList();
        return after;
      }
    } else if ((f & F_VALUES) != 0 && paren) {
      int close = closeOf(t + 1);
      if (close > 0) {
        int after = close + 1;
        while (after + 1 < end && type[after] == COMMA && type[after + 1] == OPEN) {
          int next = closeOf(after + 1);
          after = next < 0 ? end : next + 1;
        }
        if (valueListEnd(t + 1) == close + 1) {
          put(t, f);
          putCollapsedList();
          return after;
        }
        if (after > close + 1) { // more rows: print the first one as usual, then skip the rest
          if (jump == null) {
            jump = new int[scanner.count + 1];
          }
          jump[close + 1] = after;
        }
      }
    } else if ((f & F_LIMIT) != 0 && t + 3 < end && isValue(t + 1) && limitMore(t + 2)) {
      put(t, f);
      put(t + 1, 0);
      int next = t + 4;
      while (next + 1 < end && limitMore(next)) { // "limit ?, ?, ?" is no SQL, but reads back so
        next += 2;
      }
      return next;
    } else if ((f & F_UNION) != 0 && arms != null) {
      len = arms.union(out, len);
    }
    put(t, f);
    return t + 1;
  }

  private int flags(int t) {
    return type[t] == WORD ? SqlKeywords.flags(keyword[t]) : 0;
  }

  /** Whether tokens {@code t, t + 1} continue a LIMIT: {@code , ?} or {@code offset ?}. */
  private boolean limitMore(int t) {
    return isValue(t + 1) && (type[t] == COMMA || (flags(t) & F_OFFSET) != 0);
  }

  private boolean isValue(int t) {
    return type[t] == LITERAL || type[t] == PARAM;
  }

  /**
   * For the "(" at {@code open}: the token after its ")" when what is between is a non-empty
   * list of values or of tuples of values, else -1.
   */
  private int valueListEnd(int open) {
    int t = open + 1;
    while (t < end) {
      if (isValue(t)) {
        t++;
      } else if (type[t] == OPEN) {
        t++;
        while (t + 1 < end && isValue(t) && type[t + 1] == COMMA) {
          t += 2;
        }
        if (t + 1 >= end || !isValue(t) || type[t + 1] != CLOSE) {
          return -1;
        }
        t += 2;
      } else {
        return -1;
      }
      if (t >= end) {
        return -1;
      }
      if (type[t] == CLOSE) {
        return t + 1;
      }
      if (type[t] != COMMA) {
        return -1;
      }
      t++;
    }
    return -1;
  }

  /** The ")" matching the "(" at {@code open}, or -1. */
  private int closeOf(int open) {
    if (closing == null) { // one pass for all parentheses: unbalanced text stays linear
      closing = new int[end];
      int[] opens = new int[end];
      int top = 0;
      for (int t = 0; t < end; t++) {
        if (type[t] == OPEN) {
          opens[top++] = t;
        } else if (type[t] == CLOSE && top > 0) {
          closing[opens[--top]] = t + 1;
        }
      }
    }
    return closing[open] - 1;
  }

  private void putCollapsedList() {
    putFixed(OPEN, '(');
    ensure(3);
    out[len++] = '?'; // no space after "(", so the "?+" placeholder needs no put()
    out[len++] = '+';
    prevType = PARAM;
    putFixed(CLOSE, ')');
  }

  private void put(int t, int f) {
    int ty = type[t];
    boolean cast = ty == OP && stop[t] - start[t] == 2 && s[start[t]] == ':'
        && s[start[t] + 1] == ':';
    ensure(2 * (stop[t] - start[t]) + 4); // worst case: a quoted name of backquotes, a space
    // A quoted name can be empty, even at the very end: `` or a lone trailing `.
    char first = (ty == WORD || ty == QIDENT) && start[t] < stop[t] ? s[start[t]] : '\0';
    before(ty, f, cast, first);
    switch (ty) {
      case LITERAL -> out[len++] = '?';
      case QIDENT -> appendIdentifier(t);
      default -> appendLower(start[t], stop[t]);
    }
    after(ty, f, cast);
  }

  private void putFixed(int ty, char c) {
    ensure(2);
    before(ty, 0, false, c);
    out[len++] = c;
    after(ty, 0, false);
  }

  private void before(int ty, int f, boolean cast, char first) {
    if (arms != null) {
      if (ty == CLOSE || ty == SEMI) {
        len = arms.beforeEnd(out, len, ty == SEMI);
      }
    }
    if (len > 0 && spaceBefore(ty, cast, first)) {
      out[len++] = ' ';
    }
    if (arms != null) {
      arms.tokenAt(len, (f & F_UNION_MODE) != 0);
    }
  }

  private void after(int ty, int f, boolean cast) {
    if (arms != null) {
      arms.afterToken(len, ty == OPEN, ty == SEMI, (f & F_UNION) != 0);
    }
    // As the scanner decides between ".5" and "t.5".
    prevQualifier = ty == DOT && (prevType == QIDENT || prevType == CLOSE
        || (prevType == WORD && (prevFlags & F_OPERAND) == 0));
    prevType = ty;
    prevFlags = f;
    prevCast = cast;
  }

  // Tokens are glued only where reading the output again gives the same tokens back.
  private boolean spaceBefore(int ty, boolean cast, char first) {
    if (ty == COMMA || ty == CLOSE || ty == SEMI || ty == DOT) {
      return false;
    }
    if (cast) { // x::int, but ": ::" stays apart
      return !(prevType == WORD || prevType == QIDENT || prevType == LITERAL || prevType == PARAM
          || prevType == CLOSE);
    }
    if (prevCast) {
      return !(ty == WORD || ty == QIDENT);
    }
    if (prevType == DOT) { // ". 1e" must not read back as the number ".1"
      return !prevQualifier && first >= '0' && first <= '9';
    }
    if (prevType == OPEN) {
      return false;
    }
    if (ty == OPEN) { // a name's "(" is a call or a column list: no space
      return !(prevType == QIDENT || (prevType == WORD && (prevFlags & F_SPACE_PAREN) == 0));
    }
    return true;
  }

  private void ensure(int extra) {
    if (len + extra > out.length) {
      out = Arrays.copyOf(out, Math.max(out.length * 2, len + extra));
    }
  }

  private void appendLower(int from, int to) {
    char[] o = out; // locals: keeps the loop free of field writes
    int k = len;
    for (int i = from; i < to; i++) {
      o[k++] = SqlKeywords.lower(s[i]);
    }
    len = k;
  }

  private void appendIdentifier(int t) {
    if (keyword[t] != 0) { // reads the same without quotes
      appendLower(start[t], stop[t]);
      return;
    }
    char quote = s[start[t] - 1];
    out[len++] = '`';
    for (int i = start[t]; i < stop[t]; i++) {
      char c = s[i];
      if (c == quote) {
        i++; // a doubled quote stands for one
      }
      if (c == '`') {
        out[len++] = '`';
      }
      out[len++] = SqlKeywords.lower(c);
    }
    out[len++] = '`';
  }
}
