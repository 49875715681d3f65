package dev.isutools4j.internal.sql;

/**
 * The few SQL keywords {@link Fingerprint} treats specially, with what it does with them. A word's
 * id (index + 1, 0 for "not a keyword") is found through a small open-addressing hash table.
 */
final class SqlKeywords {

  static final int F_LITERAL = 1; // null, true, false
  static final int F_IN = 1 << 1; // in (...)
  static final int F_VALUES = 1 << 2; // values (...), value (...)
  static final int F_LIMIT = 1 << 3;
  static final int F_OFFSET = 1 << 4;
  static final int F_USE = 1 << 5;
  static final int F_UNION = 1 << 6;
  static final int F_UNION_MODE = 1 << 7; // all / distinct right after union
  static final int F_OPERAND = 1 << 8; // an expression follows, so "-1" after it is a number
  static final int F_SPACE_PAREN = 1 << 9; // "where (" keeps its space, unlike "count(" or "t("
  static final int F_RESERVED = 1 << 10; // a quoted identifier spelled like this keeps its quotes

  private static final String[] KEYWORDS;
  private static final int[] KEYWORD_FLAGS;
  private static final int[] KEYWORD_TABLE = new int[256]; // hash -> keyword id (index + 1)
  private static final int MAX_KEYWORD_LENGTH = 8;

  static {
    int clause = F_OPERAND | F_SPACE_PAREN | F_RESERVED;
    Object[][] table = {
      {"null", F_LITERAL | F_RESERVED},
      {"true", F_LITERAL | F_RESERVED},
      {"false", F_LITERAL | F_RESERVED},
      {"in", F_IN | F_OPERAND | F_RESERVED},
      {"values", F_VALUES | F_OPERAND | F_RESERVED},
      {"value", F_VALUES}, // not reserved: a common column name
      {"limit", F_LIMIT | F_OPERAND | F_RESERVED},
      {"offset", F_OFFSET}, // not reserved in MySQL
      {"use", F_USE | F_RESERVED},
      {"union", F_UNION | F_SPACE_PAREN | F_RESERVED},
      {"all", F_UNION_MODE | clause},
      {"distinct", F_UNION_MODE | clause},
      {"select", clause}, {"where", clause}, {"and", clause}, {"or", clause}, {"not", clause},
      {"xor", clause}, {"on", clause}, {"when", clause}, {"then", clause}, {"else", clause},
      {"set", clause}, {"like", clause}, {"between", clause}, {"is", clause}, {"having", clause},
      {"exists", clause}, {"case", clause}, {"return", clause}, {"by", clause}, {"div", clause},
      {"mod", clause}, {"regexp", clause}, {"rlike", clause}, {"interval", clause},
      {"from", F_SPACE_PAREN | F_RESERVED}, {"join", F_SPACE_PAREN | F_RESERVED},
      {"as", F_SPACE_PAREN | F_RESERVED}, {"using", F_RESERVED},
    };
    KEYWORDS = new String[table.length];
    KEYWORD_FLAGS = new int[table.length];
    for (int k = 0; k < table.length; k++) {
      KEYWORDS[k] = (String) table[k][0];
      KEYWORD_FLAGS[k] = (Integer) table[k][1];
      int slot = mix(KEYWORDS[k].hashCode()); // String.hashCode is the same h * 31 + c
      while (KEYWORD_TABLE[slot] != 0) {
        slot = (slot + 1) & 255;
      }
      KEYWORD_TABLE[slot] = k + 1;
    }
  }

  static int flags(int keywordId) {
    return keywordId == 0 ? 0 : KEYWORD_FLAGS[keywordId - 1];
  }

  /** Keyword id of {@code s[from, to)}, case-insensitive, or 0. */
  static int id(char[] s, int from, int to) {
    if (to - from > MAX_KEYWORD_LENGTH) {
      return 0;
    }
    int h = 0;
    for (int i = from; i < to; i++) {
      h = h * 31 + lower(s[i]);
    }
    return id(s, from, to, h);
  }

  /** As {@link #id(char[], int, int)}, given {@code h}: the lower-cased word's h * 31 + c hash. */
  static int id(char[] s, int from, int to, int h) {
    int length = to - from;
    if (length < 2 || length > MAX_KEYWORD_LENGTH) {
      return 0;
    }
    for (int slot = mix(h), id; (id = KEYWORD_TABLE[slot]) != 0; slot = (slot + 1) & 255) {
      String k = KEYWORDS[id - 1];
      if (k.length() == length && sameLowerCase(s, from, k)) {
        return id;
      }
    }
    return 0;
  }

  private static int mix(int h) {
    return (h ^ (h >>> 8) ^ (h >>> 16)) & 255;
  }

  private static boolean sameLowerCase(char[] s, int from, String lowerKeyword) {
    for (int i = 0; i < lowerKeyword.length(); i++) {
      if (lower(s[from + i]) != lowerKeyword.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  // The output's lower-casing too, so a word is a keyword exactly when it prints as one.
  static char lower(char c) {
    if (c < 128) {
      return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }
    return Character.isSurrogate(c) ? c : Character.toLowerCase(c);
  }

  private SqlKeywords() {}
}
