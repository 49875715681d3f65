package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection;
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

  /** Each database table's indexes, as {@code table.index} → its columns. */
  static List<ValueDiff> indexes(Snapshot before, Snapshot after) {
    return compare(indexes(before), indexes(after));
  }

  /** Each advisor row's status, by rule and title. */
  static List<ValueDiff> advisor(Snapshot before, Snapshot after) {
    return compare(statuses(before), statuses(after));
  }

  private static Map<String, Object> indexes(Snapshot run) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<Table> tables =
        run.section(DatabaseSection.class).map(DatabaseSection::tables).orElse(List.of());
    for (Table table : tables) {
      for (Index index : table.indexes()) {
        String text = String.join(", ", index.columns()) + (index.unique() ? " (unique)" : "");
        out.put(table.name() + "." + index.name(), "(" + text + ")");
      }
    }
    return out;
  }

  private static Map<String, Object> statuses(Snapshot run) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<Row> rows = run.section(AdvisorSection.class).map(AdvisorSection::rows).orElse(List.of());
    for (Row row : rows) {
      String key = row.title() == null ? row.rule() : row.rule() + ": " + row.title();
      out.put(key, row.status() == null ? null : row.status().key());
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
