package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The plans of the queries with most total time: one finding per plan that scans a whole table,
 * sorts in a filesort or builds a temporary table, with the index its WHERE and ORDER BY suggest;
 * only where that costs this run time: the query took at least {@link #MIN_SHARE} of the run's SQL
 * time and examines at least {@link #MIN_ROWS} rows per execution (a scan of a dozen rows costs no
 * more than an index lookup, and the optimizer rightly prefers it).
 */
final class PlanRule implements Rule {

  static final String ID = "db-plan";
  static final int TOP = 10;
  /** The share of the run's SQL time from which a bad plan is worth an index. */
  static final double MIN_SHARE = 0.05;
  /** The rows examined per execution from which a bad plan is worth an index. */
  static final long MIN_ROWS = 1000;
  private static final List<String> BAD = List.of("full scan", "filesort", "temporary", "no usable key", "no usable index");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(AdvisorInput in) {
    String title = "top queries use an index";
    DatabaseSection db = in.database();
    if (db == null) {
      return List.of(Finding.skip(ID, title, in.databaseMissing()));
    }
    List<Plan> plans = new ArrayList<>(db.plans());
    if (plans.isEmpty()) {
      return List.of(Finding.skip(ID, title, "plans"));
    }
    plans.sort(Comparator.comparingDouble(Plan::totalMs).reversed());
    List<Finding> out = new ArrayList<>();
    List<Plan> top = plans.subList(0, Math.min(TOP, plans.size()));
    double sqlMs = in.sqlTotalMs();
    int cheap = 0;
    for (Plan plan : top) {
      List<String> warnings = badWarnings(plan);
      if (warnings.isEmpty()) {
        continue;
      }
      if (share(plan, sqlMs) < MIN_SHARE || rowsPerExecution(plan) < MIN_ROWS) {
        cheap++;
      } else {
        out.add(finding(plan, warnings, db.tables(), sqlMs));
      }
    }
    if (out.isEmpty()) {
      Evidence ev = Evidence.of("plansRead", top.size()).and("cheapScans", cheap == 0 ? null
          : cheap + " plans scan or sort under " + Math.round(MIN_SHARE * 100) + " % of the SQL time"
              + " or " + MIN_ROWS + " rows per execution: an index would not matter");
      out.add(new Finding(ID, title, Status.OK, ev.map(), ""));
    }
    return out;
  }

  private static double share(Plan plan, double sqlMs) {
    return sqlMs <= 0 ? 0 : plan.totalMs() / sqlMs;
  }

  /** The plan's nested-loop estimate, else (a plan without one) its largest row estimate. */
  static long rowsPerExecution(Plan plan) {
    if (plan.rowsExamined() > 0) {
      return plan.rowsExamined();
    }
    return plan.rows().stream().map(PlanRow::rows).filter(r -> r != null).mapToLong(Long::longValue)
        .max().orElse(0);
  }

  private static List<String> badWarnings(Plan plan) {
    List<String> bad = new ArrayList<>();
    for (Warning w : plan.warnings()) {
      String text = String.valueOf(w.message());
      String lower = text.toLowerCase(Locale.ROOT);
      if (BAD.stream().anyMatch(lower::contains)) {
        bad.add(text);
      }
    }
    return bad;
  }

  private static Finding finding(Plan plan, List<String> warnings, List<Table> tables,
      double sqlMs) {
    String fingerprint = plan.fingerprint();
    String shown = fingerprint == null ? "?" : fingerprint;
    String title = "plan: " + (shown.length() > 90 ? shown.substring(0, 89) + "…" : shown);
    Evidence ev = Evidence.of("totalMs", plan.totalMs())
        .and("shareOfSqlTime", Math.round(share(plan, sqlMs) * 1000) / 10.0 + " %")
        .and("rowsPerExecution", rowsPerExecution(plan)).and("warnings", warnings);
    List<PlanRow> rows = plan.rows();
    if (!rows.isEmpty()) {
      PlanRow first = rows.get(0);
      ev.and("table", first.table()).and("type", first.type()).and("key", first.key())
          .and("rows", first.rows());
    }
    IndexSuggestion index = IndexSuggestion.of(plan.sample());
    if (index == null) {
      index = IndexSuggestion.of(fingerprint);
    }
    String fix;
    if (index == null) {
      fix = "add an index on the columns its WHERE compares and its ORDER BY sorts by";
    } else {
      String existing = existing(index, tables);
      fix = existing == null ? index.alter()
          : "index " + existing + " already covers " + index.columns()
              + ": check the column types and run ANALYZE TABLE " + index.table();
    }
    return new Finding(ID, title, Status.WARN, ev.map(), fix);
  }

  /** The name of an index of the table that starts with the suggested columns, or null. */
  private static String existing(IndexSuggestion index, List<Table> tables) {
    for (Table table : tables) {
      if (!index.table().equalsIgnoreCase(table.name())) {
        continue;
      }
      for (Index ix : table.indexes()) {
        List<String> cols = ix.columns();
        if (cols.size() >= index.columns().size()) {
          boolean prefix = true;
          for (int i = 0; i < index.columns().size(); i++) {
            prefix &= index.columns().get(i).equalsIgnoreCase(cols.get(i));
          }
          if (prefix) {
            return ix.name();
          }
        }
      }
    }
    return null;
  }
}
