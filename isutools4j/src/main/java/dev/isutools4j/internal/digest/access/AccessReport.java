package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.Malformed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an access log held: one row per method + route, most total time first, a totals row over
 * every line, and the lines that could not be read.
 *
 * @param format the format the lines were read as
 * @param lines every line read, blank and malformed ones included
 * @param blank empty lines, skipped
 * @param malformed lines that could not be read, with the first few
 * @param totals every read line as one row (method "", route {@code (all)})
 * @param problems settings entries that were skipped (route rules, key names)
 * @param slowest the slowest single requests, slowest first, as many as asked for
 */
public record AccessReport(
    AccessFormat format,
    long lines,
    long blank,
    Malformed malformed,
    List<AccessRow> rows,
    AccessRow totals,
    List<String> problems,
    List<SlowRequest> slowest) {

  /** The route of the totals row. */
  public static final String ALL = "(all)";

  public AccessReport {
    rows = List.copyOf(rows);
    problems = List.copyOf(problems);
    slowest = List.copyOf(slowest);
  }

  static AccessReport of(AccessFormat format, AccessAggregator a, List<String> problems) {
    List<AccessRow> rows = new ArrayList<>(a.groups().size());
    AccessGroup all = new AccessGroup("", ALL);
    for (AccessGroup g : a.groups().values()) {
      rows.add(AccessRow.of(g));
      all.merge(g);
    }
    rows.sort(Comparator.comparingDouble(AccessRow::totalMs).reversed()
        .thenComparing(Comparator.comparingLong(AccessRow::count).reversed())
        .thenComparing(AccessRow::route).thenComparing(AccessRow::method));
    return new AccessReport(format, a.lines(), a.blank(), a.malformed(), rows, AccessRow.of(all),
        problems, a.slowest());
  }

  /** The lines read as requests: every line but blank and malformed ones. */
  public long requests() {
    return totals.count();
  }

  /** {@code format, lines, requests, malformed, totals, rows, slowest} as the section writes them. */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("format", format == null ? null : format.key());
    out.put("lines", lines);
    out.put("requests", requests());
    out.put("malformed", malformed.toMap());
    if (!problems.isEmpty()) {
      out.put("problems", problems);
    }
    Map<String, Object> total = totals.toMap();
    total.remove("method");
    total.remove("route");
    out.put("totals", total);
    List<Map<String, Object>> list = new ArrayList<>(rows.size());
    for (AccessRow r : rows) {
      list.add(r.toMap());
    }
    out.put("rows", list);
    if (!slowest.isEmpty()) {
      List<Map<String, Object>> requests = new ArrayList<>(slowest.size());
      for (SlowRequest r : slowest) {
        requests.add(r.toMap());
      }
      out.put("slowest", requests);
    }
    return out;
  }
}
