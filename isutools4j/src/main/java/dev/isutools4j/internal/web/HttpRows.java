package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Ordering and null-safety for HTTP rows, shared by the route tables. */
final class HttpRows {

  private HttpRows() {}

  static LatencySummary time(HttpRow r) {
    return r.time() == null ? LatencySummary.EMPTY : r.time();
  }

  /** A copy, most total time first; ties keep their order. */
  static List<HttpRow> byTotalTime(List<HttpRow> rows) {
    List<HttpRow> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingDouble((HttpRow r) -> time(r).totalMs()).reversed());
    return sorted;
  }
}
