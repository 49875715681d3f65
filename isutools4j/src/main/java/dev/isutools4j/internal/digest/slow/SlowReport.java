package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Malformed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a slow log held: one row per fingerprint, most total query time first, totals, server
 * banners seen (a server writes one when it starts, or opens the log), and what could not be read.
 *
 * @param lines every line read
 * @param entries statements read (administrator commands included)
 * @param banners server banners seen: the server started, or (re)opened the log (slow logging
 *     switched on, FLUSH LOGS)
 * @param cutStatements statements longer than the cap, fingerprinted from their start
 * @param malformed headers with no statement and text outside any entry, with the first few
 */
public record SlowReport(
    long lines,
    long entries,
    long banners,
    long cutStatements,
    Malformed malformed,
    List<SlowRow> rows) {

  public SlowReport {
    rows = List.copyOf(rows);
  }

  static SlowReport of(SlowAggregator a) {
    List<SlowRow> rows = new ArrayList<>(a.groups().size());
    for (SlowGroup g : a.groups().values()) {
      rows.add(SlowRow.of(g, a::masked));
    }
    rows.sort(Comparator.comparingDouble(SlowRow::totalMs).reversed()
        .thenComparing(Comparator.comparingLong(SlowRow::count).reversed())
        .thenComparing(SlowRow::fingerprint));
    // A line outside any entry may be the end of a statement read from its middle: whose values
    // are whose cannot be told.
    return new SlowReport(a.lines(), a.entries(), a.banners(), a.cutStatements(),
        a.malformed().withTexts(a::maskedLine), rows);
  }

  /** The sum of every row's query time. */
  public double totalMs() {
    double sum = 0;
    for (SlowRow r : rows) {
      sum += r.totalMs();
    }
    return sum;
  }

  /** {@code lines, entries, banners, malformed, totals, rows} as the section writes them. */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("lines", lines);
    out.put("entries", entries);
    out.put("banners", banners);
    out.put("cutStatements", cutStatements);
    out.put("malformed", malformed.toMap());
    double lock = 0;
    long sent = 0;
    long examined = 0;
    long affected = 0;
    for (SlowRow r : rows) {
      lock += r.lockTotalMs();
      sent += r.rowsSent();
      examined += r.rowsExamined();
      affected += r.rowsAffected();
    }
    Map<String, Object> totals = new LinkedHashMap<>();
    totals.put("fingerprints", rows.size());
    totals.put("totalMs", SlowRow.ms(totalMs()));
    totals.put("lockTotalMs", SlowRow.ms(lock));
    totals.put("rowsSent", sent);
    totals.put("rowsExamined", examined);
    totals.put("rowsAffected", affected);
    out.put("totals", totals);
    List<Map<String, Object>> list = new ArrayList<>(rows.size());
    for (SlowRow r : rows) {
      list.add(r.toMap());
    }
    out.put("rows", list);
    return out;
  }
}
