package dev.isutools4j.internal.analyze;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Access;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.SchemaChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed in the database since an earlier saved run: tables and indexes added or dropped,
 * and plans of the same fingerprint that now use another key or access type, or expect rows off by
 * ten times or more. Pure: two sections in, the changes out.
 */
final class SchemaAndPlanChanges {

  static final double ROWS_FACTOR = 10;

  private SchemaAndPlanChanges() {}

  /**
   * @param previousRun the earlier run's id
   * @param before the earlier run's section
   * @param now this run's section
   */
  static Changes of(String previousRun, DatabaseSection before, DatabaseSection now) {
    return new Changes(previousRun, schema(byName(before.tables()), byName(now.tables())),
        plans(before.plans(), now.plans()));
  }

  private static Map<String, Table> byName(List<Table> tables) {
    Map<String, Table> out = new LinkedHashMap<>();
    for (Table t : tables) {
      out.put(t.name(), t);
    }
    return out;
  }

  private static List<SchemaChange> schema(Map<String, Table> before, Map<String, Table> after) {
    List<SchemaChange> out = new ArrayList<>();
    for (String table : after.keySet()) {
      if (!before.containsKey(table)) {
        out.add(new SchemaChange("table added", table, null, null));
        continue;
      }
      Map<String, Index> oldIndexes = indexes(before.get(table));
      Map<String, Index> newIndexes = indexes(after.get(table));
      for (Index index : newIndexes.values()) {
        Index old = oldIndexes.get(index.name());
        if (old == null) {
          out.add(new SchemaChange("index added", table, index.name(), index.columns()));
        } else if (!old.columns().equals(index.columns()) || old.unique() != index.unique()) {
          out.add(new SchemaChange("index changed", table, index.name(), index.columns()));
        }
      }
      for (Index index : oldIndexes.values()) {
        if (!newIndexes.containsKey(index.name())) {
          out.add(new SchemaChange("index dropped", table, index.name(), index.columns()));
        }
      }
    }
    for (String table : before.keySet()) {
      if (!after.containsKey(table)) {
        out.add(new SchemaChange("table dropped", table, null, null));
      }
    }
    return out;
  }

  private static Map<String, Index> indexes(Table table) {
    Map<String, Index> out = new LinkedHashMap<>();
    for (Index index : table.indexes()) {
      out.put(index.name(), index);
    }
    return out;
  }

  private static List<PlanChange> plans(List<Plan> before, List<Plan> after) {
    Map<String, Plan> old = new LinkedHashMap<>();
    for (Plan plan : before) {
      old.putIfAbsent(plan.fingerprint(), plan);
    }
    List<PlanChange> out = new ArrayList<>();
    for (Plan now : after) {
      Plan was = old.get(now.fingerprint());
      if (was == null) {
        continue;
      }
      for (PlanRow row : now.rows()) {
        PlanRow match = sameTable(was.rows(), row.table());
        if (match == null) {
          continue;
        }
        String why = difference(match, row);
        if (why != null) {
          out.add(new PlanChange(now.fingerprint(), row.table(), why, access(match), access(row)));
        }
      }
    }
    return out;
  }

  private static PlanRow sameTable(List<PlanRow> rows, String table) {
    if (table == null) {
      return null;
    }
    for (PlanRow row : rows) {
      if (table.equals(row.table())) {
        return row;
      }
    }
    return null;
  }

  /** Why two plan rows of one table differ enough to show, or null. */
  static String difference(PlanRow was, PlanRow now) {
    List<String> why = new ArrayList<>();
    if (!Objects.equals(was.key(), now.key())) {
      why.add("key");
    }
    if (!Objects.equals(was.type(), now.type())) {
      why.add("type");
    }
    double a = Math.max(1, rows(was));
    double b = Math.max(1, rows(now));
    if (Math.max(a, b) / Math.min(a, b) >= ROWS_FACTOR) {
      why.add("rows");
    }
    return why.isEmpty() ? null : String.join(", ", why);
  }

  private static Access access(PlanRow row) {
    return new Access(row.type(), row.key(), rows(row));
  }

  private static long rows(PlanRow row) {
    return row.rows() == null ? 0 : row.rows();
  }
}
