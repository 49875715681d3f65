package dev.isutools4j.internal.advise;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Suggests an index from one statement: the columns compared with {@code =} or {@code IN} in its
 * WHERE first, then its ORDER BY columns (or, without one, its first range column). Reads only the
 * outer statement's first table; a column qualified by another table's alias is left out.
 */
record IndexSuggestion(String table, List<String> columns) {

  private static final Set<String> RANGE = Set.of("<", ">", "<=", ">=", "between", "like");
  private static final Set<String> CLAUSE_END =
      Set.of("group", "order", "limit", "having", "for", "union", "window", "procedure");

  /** The ALTER statement. */
  String alter() {
    return "ALTER TABLE " + table + " ADD INDEX (" + String.join(", ", columns) + ")";
  }

  /** The suggestion, or null when the statement has no table or no usable column. */
  static IndexSuggestion of(String sql) {
    if (sql == null) {
      return null;
    }
    List<String> t = SqlTokens.of(sql);
    int from = find(t, 0, "from");
    int update = find(t, 0, "update");
    int at = update == 0 ? 1 : from + 1;
    if ((update != 0 && from < 0) || at >= t.size()) {
      return null;
    }
    String table = t.get(at);
    if (!SqlTokens.isIdentifier(table)) {
      return null;
    }
    String qualifier = table.contains(".") ? table.substring(table.lastIndexOf('.') + 1) : table;
    table = qualifier;
    String alias = table;
    int next = at + 1;
    if (next < t.size() && lower(t.get(next)).equals("as")) {
      next++;
    }
    if (next < t.size() && SqlTokens.isIdentifier(t.get(next)) && !SqlTokens.keyword(t.get(next))) {
      alias = t.get(next);
    }
    Set<String> equality = new LinkedHashSet<>();
    String range = null;
    int where = find(t, at, "where");
    int i = where < 0 ? t.size() : where + 1;
    for (; i < t.size() && !CLAUSE_END.contains(lower(t.get(i))); i++) {
      if (depthAt(t, i) != 0 || i + 1 >= t.size()) {
        continue;
      }
      String column = column(t.get(i), table, alias);
      if (column == null) {
        continue;
      }
      String op = lower(t.get(i + 1));
      if (op.equals("=") || op.equals("in") || op.equals("<=>")) {
        equality.add(column);
      } else if (range == null && RANGE.contains(op)) {
        range = column;
      }
    }
    List<String> order = new ArrayList<>();
    int orderAt = find(t, at, "order");
    if (orderAt >= 0 && orderAt + 1 < t.size() && lower(t.get(orderAt + 1)).equals("by")) {
      for (int j = orderAt + 2; j < t.size() && !CLAUSE_END.contains(lower(t.get(j))); j++) {
        String column = column(t.get(j), table, alias);
        if (column != null && (j + 1 >= t.size() || !t.get(j + 1).equals("("))) {
          order.add(column);
        }
      }
    }
    Set<String> columns = new LinkedHashSet<>(equality);
    if (!order.isEmpty()) {
      columns.addAll(order);
    } else if (range != null) {
      columns.add(range);
    }
    return columns.isEmpty() ? null : new IndexSuggestion(table, List.copyOf(columns));
  }

  /** The column name if the token names one of this table's columns, else null. */
  private static String column(String token, String table, String alias) {
    if (!SqlTokens.isIdentifier(token) || SqlTokens.keyword(token)) {
      return null;
    }
    int dot = token.lastIndexOf('.');
    if (dot < 0) {
      return token;
    }
    String owner = token.substring(0, dot);
    owner = owner.contains(".") ? owner.substring(owner.lastIndexOf('.') + 1) : owner;
    return owner.equalsIgnoreCase(alias) || owner.equalsIgnoreCase(table)
        ? token.substring(dot + 1) : null;
  }

  /** The first top-level occurrence of the keyword at or after {@code start}, or -1. */
  private static int find(List<String> t, int start, String keyword) {
    for (int i = start; i < t.size(); i++) {
      if (lower(t.get(i)).equals(keyword) && depthAt(t, i) == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int depthAt(List<String> t, int index) {
    int depth = 0;
    for (int i = 0; i < index; i++) {
      if (t.get(i).equals("(")) {
        depth++;
      } else if (t.get(i).equals(")")) {
        depth = Math.max(0, depth - 1);
      }
    }
    return depth;
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
