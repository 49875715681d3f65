package dev.isutools4j.internal.sql;

import static dev.isutools4j.internal.sql.SqlKeywords.F_LITERAL;
import static dev.isutools4j.internal.sql.SqlKeywords.F_OPERAND;
import static dev.isutools4j.internal.sql.SqlKeywords.F_RESERVED;
import static dev.isutools4j.internal.sql.SqlKeywords.F_UNION;
import static dev.isutools4j.internal.sql.SqlKeywords.flags;
import static dev.isutools4j.internal.sql.SqlKeywords.lower;

import java.util.Arrays;

/**
 * Splits SQL text into tokens for {@link Fingerprint}: one pass, no regexes, never throws.
 *
 * <p>Tokens are kept in parallel int arrays (type, start, end, keyword id) over the text.
 * Comments and whitespace produce no token. Literals (strings, numbers, hex, bit, true/false/null)
 * become {@link #LITERAL} tokens, a sign in front of a number included when the sign is unary.
 * Quoted identifiers become {@link #QIDENT} tokens whose start/end delimit the text between the
 * quotes.
 */
final class SqlScanner {

  static final int WORD = 1; // keyword or unquoted identifier, also @var
  static final int QIDENT = 2; // `quoted` identifier, or "quoted" under ANSI_QUOTES
  static final int LITERAL = 3; // replaced by ?
  static final int PARAM = 4; // ?, ?+, $1, :name: kept as written
  static final int OPEN = 5;
  static final int CLOSE = 6;
  static final int COMMA = 7;
  static final int DOT = 8;
  static final int SEMI = 9;
  static final int OP = 10;

  private static final boolean[] ASCII_IDENT = new boolean[128];

  static {
    for (char c = 0; c < 128; c++) {
      ASCII_IDENT[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_' || c == '$';
    }
  }

  final String src;
  final char[] s;
  private final int n;
  private final boolean ansiQuotes;
  private final boolean backslashEscapes;

  int count;
  int[] type;
  int[] start;
  int[] end;
  int[] keyword; // WORD: keyword id (0 = plain identifier); QIDENT: 1 if the quotes can go
  boolean sawComment;
  boolean sawUnion;

  SqlScanner(String src, boolean ansiQuotes, SqlDialect dialect) {
    this.src = src;
    this.s = src.toCharArray();
    this.n = s.length;
    this.ansiQuotes = ansiQuotes;
    this.backslashEscapes = dialect.backslashEscapes();
    int capacity = Math.max(16, n / 3);
    type = new int[capacity];
    start = new int[capacity];
    end = new int[capacity];
    keyword = new int[capacity];
  }

  static boolean isSpace(char c) {
    return c <= ' ' || (c >= 128 && (Character.isWhitespace(c) || Character.isSpaceChar(c)));
  }

  /** MySQL allows ASCII letters, digits, $, _ and anything from U+0080 in unquoted identifiers. */
  static boolean isIdentChar(char c) {
    return c < 128 ? ASCII_IDENT[c] : !isSpace(c);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private char at(int i) {
    return i < n ? s[i] : '\0';
  }

  SqlScanner scan() {
    int i = 0;
    while (i < n) {
      char c = s[i];
      switch (c) {
        case ' ', '\t', '\n', '\r' -> i++;
        case '\'' -> i = add(LITERAL, i, endOfQuoted(i, '\'', backslashEscapes), 0);
        case '"' -> i = ansiQuotes ? quotedIdent(i, '"')
            : add(LITERAL, i, endOfQuoted(i, '"', backslashEscapes), 0);
        case '`' -> i = quotedIdent(i, '`');
        case '(' -> i = add(OPEN, i, i + 1, 0);
        case ')' -> i = add(CLOSE, i, i + 1, 0);
        case ',' -> i = add(COMMA, i, i + 1, 0);
        case ';' -> i = add(SEMI, i, i + 1, 0);
        case '?' -> i = questionMark(i);
        case ':' -> i = colon(i);
        case '$' -> i = dollar(i);
        case '@' -> i = variable(i);
        case '.' -> i = dot(i);
        case '#' -> i = lineComment(i);
        case '/' -> i = at(i + 1) == '*' ? blockComment(i) : add(OP, i, i + 1, 0);
        // "--" opens a comment only when a space follows (MySQL): "a--1" is a - (-1).
        case '-' -> {
          boolean comment = at(i + 1) == '-' && (i + 2 == n || isSpace(s[i + 2]));
          i = comment ? lineComment(i) : sign(i);
        }
        case '+' -> i = sign(i);
        case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> {
          int number = numberEnd(i);
          i = number > 0 ? add(LITERAL, i, number, 0) : word(i);
        }
        default -> {
          if (isSpace(c)) {
            i++;
          } else if (isIdentChar(c)) {
            i = word(i);
          } else {
            i = add(OP, i, operatorEnd(i), 0);
          }
        }
      }
    }
    return this;
  }

  private int add(int tokenType, int from, int to, int kw) {
    if (count == type.length) {
      int grown = count * 2;
      type = Arrays.copyOf(type, grown);
      start = Arrays.copyOf(start, grown);
      end = Arrays.copyOf(end, grown);
      keyword = Arrays.copyOf(keyword, grown);
    }
    type[count] = tokenType;
    start[count] = from;
    end[count] = to;
    keyword[count] = kw;
    count++;
    return to;
  }

  private int blockComment(int i) {
    int close = src.indexOf("*/", i + 2);
    sawComment = true;
    return close < 0 ? n : close + 2;
  }

  private int lineComment(int i) {
    while (i < n && s[i] != '\n' && s[i] != '\r') {
      i++;
    }
    sawComment = true;
    return i;
  }

  /**
   * End of a '...' or "..." string starting at {@code i}; an unterminated one runs to the end. A
   * doubled quote continues it, and so does a backslashed one where {@code backslashes} escape.
   */
  private int endOfQuoted(int i, char quote, boolean backslashes) {
    int j = i + 1;
    while (j < n) {
      char c = s[j];
      if (c == '\\' && backslashes) {
        j += 2;
      } else if (c == quote) {
        if (at(j + 1) != quote) {
          return j + 1;
        }
        j += 2; // doubled quote: part of the string
      } else {
        j++;
      }
    }
    return n;
  }

  private int quotedIdent(int i, char quote) {
    int j = i + 1;
    while (j < n && (s[j] != quote || at(j + 1) == quote)) {
      j += s[j] == quote ? 2 : 1;
    }
    int contentEnd = Math.min(j, n);
    add(QIDENT, i + 1, contentEnd, canUnquote(i + 1, contentEnd) ? 1 : 0);
    return Math.min(j + 1, n);
  }

  /** Whether the identifier would read back as the same identifier without its quotes. */
  private boolean canUnquote(int from, int to) {
    if (from == to || s[from] == '$') {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (!isIdentChar(s[i])) {
        return false;
      }
    }
    if (isDigit(s[from]) && numberEnd(from) == to) {
      return false;
    }
    return (flags(SqlKeywords.id(s, from, to)) & F_RESERVED) == 0;
  }

  private int identEnd(int i) {
    while (i < n && isIdentChar(s[i])) {
      i++;
    }
    return i;
  }

  private int word(int i) {
    // One pass for the end of the word and its keyword hash.
    int j = i;
    int h = 0;
    for (char c; j < n && isIdentChar(c = s[j]); j++) {
      h = h * 31 + lower(c);
    }
    char next = at(j);
    if (next == '\'' || (next == '"' && !ansiQuotes)) {
      char c = s[i];
      boolean prefix = j - i == 1 && "xXbBnNeE".indexOf(c) >= 0; // X'..' b'..' N'..' E'..'
      if (prefix || c == '_') { // _utf8mb4'..', _binary'..'
        // PostgreSQL's E'..' escapes with backslashes whatever the dialect.
        boolean escapes = backslashEscapes || (prefix && (c | 0x20) == 'e');
        return add(LITERAL, i, endOfQuoted(j, next, escapes), 0);
      }
    }
    int kw = SqlKeywords.id(s, i, j, h);
    int f = flags(kw);
    sawUnion |= (f & F_UNION) != 0;
    return add((f & F_LITERAL) != 0 ? LITERAL : WORD, i, j, kw);
  }

  // @var and @@system_var are names; a lone @ is an operator.
  private int variable(int i) {
    char next = at(i + 1);
    if (isIdentChar(next)) {
      return add(WORD, i, identEnd(i + 1), 0);
    }
    if (next == '@' && isIdentChar(at(i + 2))) {
      return add(WORD, i, identEnd(i + 2), 0);
    }
    return add(OP, i, i + 1, 0);
  }

  // ".5" is a number, "t.5" a qualified name, "and .5" a number again.
  private int dot(int i) {
    int last = count == 0 ? 0 : type[count - 1];
    boolean afterName = last == QIDENT || last == CLOSE
        || (last == WORD && (flags(keyword[count - 1]) & F_OPERAND) == 0);
    int number = !afterName && isDigit(at(i + 1)) ? numberEnd(i) : -1;
    return number > 0 ? add(LITERAL, i, number, 0) : add(DOT, i, i + 1, 0);
  }

  // A sign where an operand is expected belongs to the number after it: "= -1", "(+2", "- 3".
  private int sign(int i) {
    int last = count == 0 ? OP : type[count - 1];
    boolean unary = last == OP || last == OPEN || last == COMMA || last == SEMI
        || (last == WORD && (flags(keyword[count - 1]) & F_OPERAND) != 0);
    if (unary) {
      int j = i + 1;
      while (j < n && isSpace(s[j])) {
        j++;
      }
      int number = isDigit(at(j)) || (at(j) == '.' && isDigit(at(j + 1))) ? numberEnd(j) : -1;
      if (number > 0) {
        return add(LITERAL, i, number, 0);
      }
    }
    return add(OP, i, operatorEnd(i), 0);
  }

  /**
   * End of the number starting at {@code i} (a digit, or '.' and a digit), or -1 when the digits
   * start an identifier instead ({@code 2009_users}, {@code 1abc}).
   */
  private int numberEnd(int i) {
    char radix = (char) (at(i + 1) | 0x20);
    if (s[i] == '0' && (radix == 'x' || radix == 'b')) { // 0x1F, 0b101
      int j = identEnd(i);
      if (j - i > 2 && allDigits(i + 2, j, radix == 'x' ? 16 : 2)) {
        return j;
      }
    }
    int j = i;
    while (isDigit(at(j))) {
      j++;
    }
    boolean fraction = at(j) == '.';
    if (fraction) {
      j++;
      while (isDigit(at(j))) {
        j++;
      }
    }
    if ((at(j) | 0x20) == 'e') {
      int k = j + 1;
      if (at(k) == '+' || at(k) == '-') {
        k++;
      }
      if (isDigit(at(k))) {
        j = k;
        while (isDigit(at(j))) {
          j++;
        }
      }
    }
    // "123abc" is an identifier, but "1.5abc" stays a number followed by a word.
    return !fraction && isIdentChar(at(j)) ? -1 : j;
  }

  private boolean allDigits(int from, int to, int radix) {
    for (int k = from; k < to; k++) {
      if (radix == 16 ? !isHexDigit(s[k]) : s[k] != '0' && s[k] != '1') {
        return false;
      }
    }
    return true;
  }

  private int questionMark(int i) {
    if (at(i + 1) == '+') { // "?+" as printed in a collapsed list, so fingerprints are stable
      int j = i + 2;
      while (j < n && isSpace(s[j])) {
        j++;
      }
      if (at(j) == ')') {
        return add(PARAM, i, i + 2, 0);
      }
    }
    return add(PARAM, i, i + 1, 0);
  }

  private int colon(int i) {
    char next = at(i + 1);
    if (next == ':' || next == '=') { // PostgreSQL cast, assignment
      return add(OP, i, i + 2, 0);
    }
    if (isIdentChar(next) && next != '$') {
      return add(PARAM, i, identEnd(i + 1), 0);
    }
    return add(OP, i, i + 1, 0);
  }

  private int dollar(int i) {
    if (isDigit(at(i + 1))) {
      int j = i + 1;
      while (isDigit(at(j))) {
        j++;
      }
      return isIdentChar(at(j)) ? word(i) : add(PARAM, i, j, 0);
    }
    // PostgreSQL dollar quoting: $$...$$ or $tag$...$tag$.
    int tagEnd = i + 1;
    while (tagEnd < n && isIdentChar(s[tagEnd]) && s[tagEnd] != '$') {
      tagEnd++;
    }
    if (at(tagEnd) == '$') {
      int tagLength = tagEnd + 1 - i;
      int close = closingTag(i, tagLength, tagEnd + 1);
      if (close >= 0) {
        return add(LITERAL, i, close + tagLength, 0);
      }
      if (tagEnd == i + 1) {
        return add(LITERAL, i, n, 0); // unterminated $$: the rest is the literal
      }
    }
    return word(i);
  }

  /**
   * Where the dollar quote's tag (at {@code tag}, {@code length} characters) appears again from
   * {@code from}, or -1. Its case is ignored, though PostgreSQL's tags are case-sensitive: the
   * fingerprint lowers the text around the tag, and would otherwise close in its own fingerprint a
   * quote that {@code $tag$ ... $TAG$} left open.
   */
  private int closingTag(int tag, int length, int from) {
    for (int at = from; at + length <= n; at++) {
      if (s[at] == '$' && src.regionMatches(true, at, src, tag, length)) {
        return at;
      }
    }
    return -1;
  }

  private int operatorEnd(int i) {
    char c = s[i];
    char d = at(i + 1);
    if ((c == '<' && d == '=' && at(i + 2) == '>') || (c == '-' && d == '>' && at(i + 2) == '>')) {
      return i + 3;
    }
    boolean pair = switch (c) {
      case '<' -> d == '=' || d == '>' || d == '<';
      case '>' -> d == '=' || d == '>';
      case '!' -> d == '=';
      case '|' -> d == '|';
      case '&' -> d == '&';
      case '-' -> d == '>';
      default -> false;
    };
    return pair ? i + 2 : i + 1;
  }
}
