package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The SQL fingerprints of a run, most total time first, with a totals row; the row of rank
 * {@code i} has the id {@link #anchor}.
 */
final class SqlTable {

  private SqlTable() {}

  static void write(StringBuilder out, List<SqlRow> rows) {
    List<SqlRow> sorted = sorted(rows);
    boolean batches = false;
    for (SqlRow r : sorted) {
      batches |= r.batches() > 0;
    }

    Table table = new Table(out, "sql").left("statement").right("count").right("errors");
    Latencies.columns(table);
    table.right("rows").column("rows/exec", Table.Align.RIGHT, "rows read or affected per execution");
    if (batches) {
      table.column("batches", Table.Align.RIGHT, "JDBC batches that carried this statement");
    }
    table.sortedBy(3, true).begin();

    long count = 0;
    long errors = 0;
    double total = 0;
    long rowSum = 0;
    for (int i = 0; i < sorted.size(); i++) {
      SqlRow r = sorted.get(i);
      LatencySummary t = time(r);
      table.row(null, null, anchor(i));
      Fragments.sql(table.open(r.fingerprint(), null), r.fingerprint(), r.sample());
      table.close();
      table.cell(t.count(), Units.count(t.count()));
      table.cell(r.errors(), r.errors() == 0 ? "" : Units.count(r.errors()));
      Latencies.cells(table, t);
      table.cell(r.rows(), Units.count(r.rows()));
      double perExec = t.count() == 0 ? Double.NaN : (double) r.rows() / t.count();
      table.cell(perExec, Units.ratio(perExec));
      if (batches) {
        table.cell(r.batches(), r.batches() == 0 ? "" : Units.count(r.batches()));
      }
      table.endRow();
      count += t.count();
      errors += r.errors();
      total += t.totalMs();
      rowSum += r.rows();
    }

    if (!sorted.isEmpty()) {
      table.totals();
      table.cell("", "total (" + Units.count(sorted.size()) + " statements)");
      table.cell(count, Units.count(count));
      table.cell(errors, Units.count(errors));
      table.cell(total, Units.ms(total));
      table.span(Latencies.COLUMNS - 1, "", null);
      table.cell(rowSum, Units.count(rowSum));
      double perExec = count == 0 ? Double.NaN : (double) rowSum / count;
      table.cell(perExec, Units.ratio(perExec));
      if (batches) {
        table.blank();
      }
      table.endRow();
    }
    table.end();
  }

  /** A copy, most total time first; ties keep their order. */
  static List<SqlRow> sorted(List<SqlRow> rows) {
    List<SqlRow> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingDouble((SqlRow r) -> time(r).totalMs()).reversed());
    return sorted;
  }

  /** The id of the row of this rank (0: most total time). */
  static String anchor(int rank) {
    return "sql-" + (rank + 1);
  }

  static LatencySummary time(SqlRow r) {
    return r.time() == null ? LatencySummary.EMPTY : r.time();
  }
}
