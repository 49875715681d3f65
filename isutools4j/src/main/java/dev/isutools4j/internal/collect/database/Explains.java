package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.Explain;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Skip;
import dev.isutools4j.internal.sql.InspectorMark;
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
 * EXPLAIN of the SELECT fingerprints that took most time, each from its captured sample (in the
 * schema it ran in, when the source knows it), within a time budget: a statement timeout on each
 * and no new EXPLAIN once the budget is spent. Each EXPLAIN carries the {@link InspectorMark}.
 */
final class Explains {

  /** The plan columns kept, by the section's name and EXPLAIN's column label. */
  private static final String[][] COLUMNS = {
    {"id", "id"}, {"selectType", "select_type"}, {"table", "table"}, {"type", "type"},
    {"possibleKeys", "possible_keys"}, {"key", "key"}, {"keyLen", "key_len"}, {"ref", "ref"},
    {"rows", "rows"}, {"filtered", "filtered"}, {"extra", "Extra"}
  };

  /** How a slow log row's sample ends when the statement was longer than the row keeps. */
  private static final String CUT = "\u2026";

  /** What was explained, and what was left out and why. */
  record Result(List<Plan> plans, Explain summary) {}

  private Explains() {}

  /** {@code from}: the table the candidates came from ({@link ExplainSource#from}). */
  static Result run(Connection c, String from, List<ExplainCandidate> taken, int top,
      long budgetMs, LongSupplier nanoClock) {
    long begin = nanoClock.getAsLong();
    List<ExplainCandidate> candidates = new ArrayList<>();
    List<Skip> skipped = new ArrayList<>();
    List<ExplainCandidate> sorted = new ArrayList<>(taken);
    sorted.sort(Comparator.comparingDouble(ExplainCandidate::totalMs).reversed());
    for (ExplainCandidate candidate : sorted) {
      if (candidates.size() >= top) {
        break;
      }
      if (!isSelect(candidate.fingerprint())) {
        continue;
      }
      String why = explainable(candidate.sample());
      if (why == null) {
        candidates.add(candidate);
      } else {
        skipped.add(new Skip(candidate.fingerprint(), why));
      }
    }
    List<Plan> plans = new ArrayList<>();
    for (ExplainCandidate candidate : candidates) {
      long leftMs = budgetMs - (nanoClock.getAsLong() - begin) / 1_000_000;
      if (leftMs <= 0) {
        skipped.add(new Skip(candidate.fingerprint(),
            "the EXPLAIN budget of " + budgetMs + " ms was spent"));
        continue;
      }
      plans.add(explain(c, candidate, leftMs));
    }
    long spentMs = (nanoClock.getAsLong() - begin) / 1_000_000;
    return new Result(plans, new Explain(from, budgetMs, spentMs, top, skipped));
  }

  private static Plan explain(Connection c, ExplainCandidate candidate, long leftMs) {
    long count = candidate.count();
    double totalMs = candidate.totalMs();
    try (Statement s = c.createStatement()) {
      inSchema(c, candidate.schema());
      s.setQueryTimeout((int) Math.max(1, (leftMs + 999) / 1000));
      List<PlanRow> rows = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(InspectorMark.marked("EXPLAIN " + candidate.sample()))) {
        ResultSetMetaData meta = rs.getMetaData();
        Map<String, Integer> labels = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          labels.putIfAbsent(meta.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
        }
        while (rs.next()) {
          rows.add(planRow(rs, labels));
        }
      }
      return new Plan(candidate.fingerprint(), candidate.sample(), count, totalMs, rows,
          PlanWarnings.rowsExamined(rows), PlanWarnings.of(rows), null);
    } catch (SQLException | RuntimeException e) {
      String error = String.valueOf(e.getMessage());
      return Plan.failed(candidate.fingerprint(), candidate.sample(), count, totalMs, error);
    }
  }

  /** Makes {@code schema} the connection's when it is known and another (a slow log's sample). */
  private static void inSchema(Connection c, String schema) throws SQLException {
    if (schema != null && !schema.equals(c.getCatalog())) {
      c.setCatalog(schema);
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
    if (sample.endsWith(CUT)) {
      return "the sample was cut (the slow log's rows keep a few KiB of a statement)";
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
