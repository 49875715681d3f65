package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.Fields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The plans of the queries with most total time: one finding per plan that scans a whole table,
 * sorts in a filesort or builds a temporary table, with the index its WHERE and ORDER BY suggest.
 */
final class PlanRule implements Rule {

  static final String ID = "db-plan";
  static final int TOP = 10;
  private static final List<String> BAD = List.of("full scan", "filesort", "temporary", "no usable key", "no usable index");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(AdvisorInput in) {
    String title = "top queries use an index";
    Fields db = in.database();
    if (db == null) {
      return List.of(Finding.skip(ID, title, "no database section"));
    }
    List<Fields> plans = new ArrayList<>(db.fieldsList("plans"));
    if (plans.isEmpty()) {
      return List.of(Finding.skip(ID, title, "plans"));
    }
    plans.sort(Comparator.comparingDouble((Fields p) -> p.doubleValue("totalMs")).reversed());
    List<Finding> out = new ArrayList<>();
    List<Fields> top = plans.subList(0, Math.min(TOP, plans.size()));
    for (Fields plan : top) {
      List<String> warnings = badWarnings(plan);
      if (!warnings.isEmpty()) {
        out.add(finding(plan, warnings, db.fieldsList("tables")));
      }
    }
    if (out.isEmpty()) {
      out.add(new Finding(ID, title, Status.OK, Evidence.of("plansRead", top.size()).map(), ""));
    }
    return out;
  }

  private static List<String> badWarnings(Fields plan) {
    List<String> bad = new ArrayList<>();
    if (plan.raw("warnings") instanceof List<?> list) {
      for (Object w : list) {
        // The database section writes each warning as {"id", "table", "message"}.
        String text = w instanceof java.util.Map<?, ?> m && m.get("message") != null
            ? String.valueOf(m.get("message")) : String.valueOf(w);
        String lower = text.toLowerCase(Locale.ROOT);
        if (BAD.stream().anyMatch(lower::contains)) {
          bad.add(text);
        }
      }
    }
    return bad;
  }

  private static Finding finding(Fields plan, List<String> warnings, List<Fields> tables) {
    String fingerprint = plan.string("fingerprint");
    String shown = fingerprint == null ? "?" : fingerprint;
    String title = "plan: " + (shown.length() > 90 ? shown.substring(0, 89) + "…" : shown);
    Evidence ev = Evidence.of("totalMs", plan.raw("totalMs")).and("warnings", warnings);
    List<Fields> rows = plan.fieldsList("rows");
    if (!rows.isEmpty()) {
      Fields first = rows.get(0);
      ev.and("table", first.string("table")).and("type", first.string("type"))
          .and("key", first.string("key")).and("rows", first.raw("rows"));
    }
    IndexSuggestion index = IndexSuggestion.of(plan.string("sample"));
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
  private static String existing(IndexSuggestion index, List<Fields> tables) {
    for (Fields table : tables) {
      if (!index.table().equalsIgnoreCase(table.string("name"))) {
        continue;
      }
      for (Fields ix : table.fieldsList("indexes")) {
        if (ix.raw("columns") instanceof List<?> cols && cols.size() >= index.columns().size()) {
          boolean prefix = true;
          for (int i = 0; i < index.columns().size(); i++) {
            prefix &= index.columns().get(i).equalsIgnoreCase(String.valueOf(cols.get(i)));
          }
          if (prefix) {
            return ix.string("name");
          }
        }
      }
    }
    return null;
  }
}
