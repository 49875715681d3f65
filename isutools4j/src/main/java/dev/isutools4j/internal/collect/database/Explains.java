package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.Explain;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Skip;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
  record Result(List<Plan> plans, Explain summary) {}

  private Explains() {}

  static Result run(Connection c, List<SqlRow> sql, int top, long budgetMs, LongSupplier nanoClock) {
    long begin = nanoClock.getAsLong();
    List<SqlRow> candidates = new ArrayList<>();
    List<Skip> skipped = new ArrayList<>();
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
        skipped.add(new Skip(row.fingerprint(), why));
      }
    }
    List<Plan> plans = new ArrayList<>();
    for (SqlRow row : candidates) {
      long leftMs = budgetMs - (nanoClock.getAsLong() - begin) / 1_000_000;
      if (leftMs <= 0) {
        skipped.add(new Skip(row.fingerprint(), "the EXPLAIN budget of " + budgetMs + " ms was spent"));
        continue;
      }
      plans.add(explain(c, row, leftMs));
    }
    long spentMs = (nanoClock.getAsLong() - begin) / 1_000_000;
    return new Result(plans, new Explain(budgetMs, spentMs, top, skipped));
  }

  private static Plan explain(Connection c, SqlRow row, long leftMs) {
    long count = row.time().count();
    double totalMs = row.time().totalMs();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout((int) Math.max(1, (leftMs + 999) / 1000));
      List<PlanRow> rows = new ArrayList<>();
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
      return new Plan(row.fingerprint(), row.sample(), count, totalMs, rows,
          PlanWarnings.rowsExamined(rows), PlanWarnings.of(rows), null);
    } catch (SQLException | RuntimeException e) {
      String error = String.valueOf(e.getMessage());
      return Plan.failed(row.fingerprint(), row.sample(), count, totalMs, error);
    }
  }

  private static PlanRow planRow(ResultSet rs, Map<String, Integer> labels) throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    Set<String> absent = new LinkedHashSet<>();
    for (String[] column : COLUMNS) {
      Integer i = labels.get(column[1].toLowerCase(Locale.ROOT));
      if (i == null) {
        absent.add(column[0]);
      } else {
        values.put(column[0], rs.getString(i));
      }
    }
    String filtered = values.get("filtered");
    return new PlanRow(number(values.get("id")), values.get("selectType"), values.get("table"),
        values.get("type"), values.get("possibleKeys"), values.get("key"), values.get("keyLen"),
        values.get("ref"), number(values.get("rows")),
        filtered == null ? null : Double.parseDouble(filtered), values.get("extra"), absent);
  }

  /** A number EXPLAIN gives as text; null stays null, and text that is no number reads as 0. */
  private static Long number(String value) {
    if (value == null) {
      return null;
    }
    try {
      return (long) Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return 0L;
    }
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
