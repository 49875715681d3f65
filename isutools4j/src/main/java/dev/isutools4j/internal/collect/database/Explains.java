package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.SqlRow;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * EXPLAIN of the SELECT fingerprints that took most time, each from its captured sample, within a
 * time budget: a statement timeout on each and no new EXPLAIN once the budget is spent.
 */
final class Explains {

  /** The plan columns kept, by the section's name and EXPLAIN's column label. */
  private static final String[][] COLUMNS = {
    {"id", "id"}, {"selectType", "select_type"}, {"table", "table"}, {"type", "type"},
    {"possibleKeys", "possible_keys"}, {"key", "key"}, {"keyLen", "key_len"}, {"ref", "ref"},
    {"rows", "rows"}, {"filtered", "filtered"}, {"extra", "Extra"}
  };

  /** What was explained, and what was left out and why. */
  record Result(List<Map<String, Object>> plans, Map<String, Object> summary) {}

  private Explains() {}

  static Result run(Connection c, List<SqlRow> sql, int top, long budgetMs, LongSupplier nanoClock) {
    long begin = nanoClock.getAsLong();
    List<SqlRow> candidates = new ArrayList<>();
    List<Map<String, Object>> skipped = new ArrayList<>();
    List<SqlRow> sorted = new ArrayList<>(sql);
    sorted.sort(Comparator.comparingDouble((SqlRow r) -> r.time().totalMs()).reversed());
    for (SqlRow row : sorted) {
      if (candidates.size() >= top) {
        break;
      }
      if (!isSelect(row.fingerprint())) {
        continue;
      }
      String why = explainable(row.sample());
      if (why == null) {
        candidates.add(row);
      } else {
        skipped.add(skip(row.fingerprint(), why));
      }
    }
    List<Map<String, Object>> plans = new ArrayList<>();
    for (SqlRow row : candidates) {
      long leftMs = budgetMs - (nanoClock.getAsLong() - begin) / 1_000_000;
      if (leftMs <= 0) {
        skipped.add(skip(row.fingerprint(), "the EXPLAIN budget of " + budgetMs + " ms was spent"));
        continue;
      }
      plans.add(explain(c, row, leftMs));
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("budgetMs", budgetMs);
    summary.put("spentMs", (nanoClock.getAsLong() - begin) / 1_000_000);
    summary.put("top", top);
    summary.put("skipped", skipped);
    return new Result(plans, summary);
  }

  private static Map<String, Object> explain(Connection c, SqlRow row, long leftMs) {
    Map<String, Object> plan = new LinkedHashMap<>();
    plan.put("fingerprint", row.fingerprint());
    plan.put("sample", row.sample());
    plan.put("count", row.time().count());
    plan.put("totalMs", row.time().totalMs());
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout((int) Math.max(1, (leftMs + 999) / 1000));
      List<Map<String, Object>> rows = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("EXPLAIN " + row.sample())) {
        ResultSetMetaData meta = rs.getMetaData();
        Map<String, Integer> labels = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          labels.putIfAbsent(meta.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
        }
        while (rs.next()) {
          rows.add(planRow(rs, labels));
        }
      }
      plan.put("rows", rows);
      plan.put("rowsExamined", PlanWarnings.rowsExamined(rows));
      plan.put("warnings", PlanWarnings.of(rows));
    } catch (SQLException | RuntimeException e) {
      plan.put("error", String.valueOf(e.getMessage()));
    }
    return plan;
  }

  private static Map<String, Object> planRow(ResultSet rs, Map<String, Integer> labels)
      throws SQLException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String[] column : COLUMNS) {
      Integer i = labels.get(column[1].toLowerCase(Locale.ROOT));
      if (i == null) {
        continue;
      }
      String value = rs.getString(i);
      if (column[0].equals("rows") || column[0].equals("id")) {
        out.put(column[0], value == null ? null : PlanWarnings.number(value));
      } else if (column[0].equals("filtered")) {
        out.put(column[0], value == null ? null : Double.parseDouble(value));
      } else {
        out.put(column[0], value);
      }
    }
    return out;
  }

  private static Map<String, Object> skip(String fingerprint, String reason) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("fingerprint", fingerprint);
    m.put("reason", reason);
    return m;
  }

  static boolean isSelect(String sql) {
    String s = sql == null ? "" : sql.stripLeading();
    return s.regionMatches(true, 0, "SELECT", 0, 6) || s.regionMatches(true, 0, "WITH", 0, 4)
        || s.startsWith("(");
  }

  /** Null when the sample can be explained as it is, else why not. */
  static String explainable(String sample) {
    if (sample == null || sample.isBlank()) {
      return "no sample statement";
    }
    char quote = 0;
    for (int i = 0; i < sample.length(); i++) {
      char ch = sample.charAt(i);
      if (quote != 0) {
        if (ch == '\\') {
          i++;
        } else if (ch == quote) {
          quote = 0;
        }
      } else if (ch == '\'' || ch == '"' || ch == '`') {
        quote = ch;
      } else if (ch == '?') {
        return "the sample has parameters that were not rendered (?)";
      }
    }
    return null;
  }
}
