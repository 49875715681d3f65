package dev.isutools4j.internal.sql;

/**
 * The comment that opens every statement isutools4j's database inspector sends, so that a slow log
 * (which with {@code long_query_time = 0} holds every statement the server ran) tells the
 * inspector's from its clients', whichever host's inspector sent them. The fingerprint drops it
 * with the other comments.
 *
 * <p>MariaDB's driver sends a statement with a query timeout as {@code SET STATEMENT
 * max_statement_time=N FOR <statement>}, and the server logs it so: the mark is recognised after
 * that prefix too.
 */
public final class InspectorMark {

  public static final String COMMENT = "/* isutools4j inspector */";

  /** How much of a statement's start {@link #opens} needs to see. */
  public static final int HEAD = 256;

  private static final String SET_STATEMENT = "SET STATEMENT ";
  private static final String FOR = " FOR ";

  private InspectorMark() {}

  /** The statement as the inspector sends it: marked. */
  public static String marked(String sql) {
    return COMMENT + " " + sql;
  }

  /**
   * Whether the statement starting with {@code head} (its first {@link #HEAD} characters are
   * enough) is marked: the mark first, after white space and MariaDB's {@code SET STATEMENT ...
   * FOR} if there is one.
   */
  public static boolean opens(String head) {
    if (head == null) {
      return false;
    }
    int i = skipSpace(head, 0);
    if (head.regionMatches(true, i, SET_STATEMENT, 0, SET_STATEMENT.length())) {
      int end = Math.min(head.length(), HEAD);
      for (int f = i + SET_STATEMENT.length(); f + FOR.length() <= end; f++) {
        if (head.regionMatches(true, f, FOR, 0, FOR.length())) {
          return head.startsWith(COMMENT, skipSpace(head, f + FOR.length()));
        }
      }
      return false;
    }
    return head.startsWith(COMMENT, i);
  }

  private static int skipSpace(String s, int from) {
    int i = from;
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }
}
