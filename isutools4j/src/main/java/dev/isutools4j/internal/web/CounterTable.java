package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.CounterRow;
import java.util.List;

/** The named counters of a run (cache hits and misses and the like), by name. */
final class CounterTable {

  private CounterTable() {}

  static void write(StringBuilder out, List<CounterRow> rows) {
    Table table = new Table(out, "counters").left("name").right("count").right("hits")
        .right("misses").column("hit rate", Table.Align.RIGHT, "hits / (hits + misses)")
        .sortedBy(0, false)
        .begin();
    for (CounterRow r : rows) {
      table.row();
      table.open(r.name(), null).append("<code>");
      Html.escape(out, r.name()).append("</code>");
      table.close();
      table.cell(r.count(), Units.count(r.count()));
      table.cell(r.hits(), Units.count(r.hits()));
      table.cell(r.misses(), Units.count(r.misses()));
      if (r.hitRate() == null) {
        table.open("", "no hit or miss counted").append(Units.NONE);
        table.close();
      } else {
        table.cell(r.hitRate(), Units.percent(r.hitRate()));
      }
      table.endRow();
    }
    table.end();
  }
}
