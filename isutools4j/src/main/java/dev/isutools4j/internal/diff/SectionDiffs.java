package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/** Compares the collectors' sections value by value. */
final class SectionDiffs {

  private SectionDiffs() {}

  /** The machine summary's means and peaks, by paths such as {@code cpuBusyPct.mean}. */
  static List<ValueDiff> machine(Snapshot before, Snapshot after) {
    return compare(MachineSummaryValues.of(before), MachineSummaryValues.of(after));
  }

  /** Each table's indexes, as {@code table.index} → its columns. */
  static List<ValueDiff> indexes(Map<String, Object> before, Map<String, Object> after) {
    return compare(indexes(before), indexes(after));
  }

  /** Each advisor row's status, by rule and title. */
  static List<ValueDiff> advisor(Map<String, Object> before, Map<String, Object> after) {
    return compare(statuses(before), statuses(after));
  }

  private static Map<String, Object> indexes(Map<String, Object> sections) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Fields table : Fields.of(sections.get("database")).fieldsList("tables")) {
      for (Fields index : table.fieldsList("indexes")) {
        Object columns = index.raw("columns");
        String text = columns instanceof List<?> l ? String.join(", ", l.stream().map(String::valueOf).toList())
            : String.valueOf(columns);
        if (Boolean.TRUE.equals(index.boolOrNull("unique"))) {
          text += " (unique)";
        }
        out.put(table.string("name") + "." + index.string("name"), "(" + text + ")");
      }
    }
    return out;
  }

  private static Map<String, Object> statuses(Map<String, Object> sections) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Fields row : Fields.of(sections.get("advisor")).fieldsList("rows")) {
      String title = row.string("title");
      String key = title == null ? row.string("rule") : row.string("rule") + ": " + title;
      out.put(key, row.string("status"));
    }
    return out;
  }

  private static List<ValueDiff> compare(Map<String, Object> before, Map<String, Object> after) {
    Set<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    List<ValueDiff> out = new ArrayList<>();
    for (String key : keys) {
      Object b = before.get(key);
      Object a = after.get(key);
      if (Objects.equals(a, b)) {
        continue;
      }
      double delta = a instanceof Double x && b instanceof Double y ? x - y : Double.NaN;
      out.add(new ValueDiff(key, text(b), text(a), delta));
    }
    out.sort(Comparator.comparingDouble((ValueDiff d) -> Double.isNaN(d.delta()) ? 0 : -Math.abs(d.delta()))
        .thenComparing(ValueDiff::key));
    return out;
  }

  private static String text(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Double d) {
      return DiffUnits.trim(d, 3);
    }
    return value.toString();
  }
}
