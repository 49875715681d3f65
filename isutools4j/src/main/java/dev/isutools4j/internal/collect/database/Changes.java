package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed in the database since the previous saved run: tables and indexes added or dropped,
 * and plans of the same fingerprint that now use another key or access type, or expect rows off by
 * ten times or more. Pure: two sections' parts in, plain JSON data out.
 */
final class Changes {

  static final double ROWS_FACTOR = 10;

  private Changes() {}

  /**
   * @param previous the previous run's {@code database} section (parsed JSON)
   * @param tables this run's tables, in the section's shape
   * @param plans this run's plans, in the section's shape
   */
  static Map<String, Object> of(String previousRun, Object previous, List<Map<String, Object>> tables,
      List<Map<String, Object>> plans) {
    Fields before = Fields.of(previous);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("previousRun", previousRun);
    out.put("schema", schema(byName(before.raw("tables")), byName(tables)));
    out.put("plans", plans(before.fieldsList("plans"), plans));
    return out;
  }

  private static Map<String, Fields> byName(Object tables) {
    Map<String, Fields> out = new LinkedHashMap<>();
    for (Fields t : Fields.list(tables)) {
      out.put(t.string("name"), t);
    }
    return out;
  }

  private static List<Map<String, Object>> schema(Map<String, Fields> before, Map<String, Fields> after) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (String table : after.keySet()) {
      if (!before.containsKey(table)) {
        out.add(change("table added", table, null, null));
        continue;
      }
      Map<String, Fields> oldIndexes = indexes(before.get(table));
      Map<String, Fields> newIndexes = indexes(after.get(table));
      for (Map.Entry<String, Fields> index : newIndexes.entrySet()) {
        Fields old = oldIndexes.get(index.getKey());
        if (old == null) {
          out.add(change("index added", table, index.getKey(), index.getValue().raw("columns")));
        } else if (!Objects.equals(String.valueOf(old.raw("columns")),
            String.valueOf(index.getValue().raw("columns")))
            || !Objects.equals(old.boolOrNull("unique"), index.getValue().boolOrNull("unique"))) {
          out.add(change("index changed", table, index.getKey(), index.getValue().raw("columns")));
        }
      }
      for (Map.Entry<String, Fields> index : oldIndexes.entrySet()) {
        if (!newIndexes.containsKey(index.getKey())) {
          out.add(change("index dropped", table, index.getKey(), index.getValue().raw("columns")));
        }
      }
    }
    for (String table : before.keySet()) {
      if (!after.containsKey(table)) {
        out.add(change("table dropped", table, null, null));
      }
    }
    return out;
  }

  private static Map<String, Fields> indexes(Fields table) {
    Map<String, Fields> out = new LinkedHashMap<>();
    for (Fields index : table.fieldsList("indexes")) {
      out.put(index.string("name"), index);
    }
    return out;
  }

  private static Map<String, Object> change(String kind, String table, String index, Object columns) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("kind", kind);
    c.put("table", table);
    if (index != null) {
      c.put("index", index);
      c.put("columns", columns);
    }
    return c;
  }

  private static List<Map<String, Object>> plans(List<Fields> before, List<Map<String, Object>> after) {
    Map<String, Fields> old = new LinkedHashMap<>();
    for (Fields plan : before) {
      old.putIfAbsent(plan.string("fingerprint"), plan);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> plan : after) {
      Fields now = Fields.of(plan);
      Fields was = old.get(now.string("fingerprint"));
      if (was == null) {
        continue;
      }
      List<Fields> oldRows = was.fieldsList("rows");
      for (Fields row : now.fieldsList("rows")) {
        Fields match = sameTable(oldRows, row.string("table"));
        if (match == null) {
          continue;
        }
        String why = difference(match, row);
        if (why != null) {
          Map<String, Object> c = new LinkedHashMap<>();
          c.put("fingerprint", now.string("fingerprint"));
          c.put("table", row.string("table"));
          c.put("what", why);
          c.put("before", access(match));
          c.put("after", access(row));
          out.add(c);
        }
      }
    }
    return out;
  }

  private static Fields sameTable(List<Fields> rows, String table) {
    if (table == null) {
      return null;
    }
    for (Fields row : rows) {
      if (table.equals(row.string("table"))) {
        return row;
      }
    }
    return null;
  }

  /** Why two plan rows of one table differ enough to show, or null. */
  static String difference(Fields was, Fields now) {
    List<String> why = new ArrayList<>();
    if (!Objects.equals(was.string("key"), now.string("key"))) {
      why.add("key");
    }
    if (!Objects.equals(was.string("type"), now.string("type"))) {
      why.add("type");
    }
    double a = Math.max(1, PlanWarnings.number(was.raw("rows")));
    double b = Math.max(1, PlanWarnings.number(now.raw("rows")));
    if (Math.max(a, b) / Math.min(a, b) >= ROWS_FACTOR) {
      why.add("rows");
    }
    return why.isEmpty() ? null : String.join(", ", why);
  }

  private static Map<String, Object> access(Fields row) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("type", row.string("type"));
    a.put("key", row.string("key"));
    a.put("rows", PlanWarnings.number(row.raw("rows")));
    return a;
  }
}
