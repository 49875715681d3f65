package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.CounterRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Counter rows of one name from several hosts into one. */
final class CounterMerge {

  private CounterMerge() {}

  /** One row per group, by name (as {@code Recorder.counterRows}). */
  static List<CounterRow> rows(List<List<CounterRow>> groups) {
    List<CounterRow> out = new ArrayList<>();
    for (List<CounterRow> group : groups) {
      out.add(group.size() == 1 ? group.get(0) : merge(group));
    }
    out.sort(Comparator.comparing(CounterRow::name));
    return out;
  }

  private static CounterRow merge(List<CounterRow> group) {
    long count = 0;
    long hits = 0;
    long misses = 0;
    for (CounterRow r : group) {
      count += r.count();
      hits += r.hits();
      misses += r.misses();
    }
    long judged = hits + misses;
    return new CounterRow(group.get(0).name(), count, hits, misses,
        judged == 0 ? null : (double) hits / judged);
  }
}
