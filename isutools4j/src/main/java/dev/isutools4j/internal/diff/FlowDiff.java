package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user flows of two runs, transition by transition ({@code from}, {@code to} and the second
 * request's status): those that appeared, those that vanished, and those that moved, that is
 * whose share of the run's transitions changed by more than {@link #SHARE_POINTS}, or whose count
 * per HTTP request of the run changed by more than {@link #RATE_CHANGE} while it made at least
 * {@link #MIN_SHARE} of either run's transitions. A redirect that now goes elsewhere is one
 * transition gone and another new; a POST that now fails, the same route pair under another
 * status.
 *
 * @param note why the flows were not compared (a run without a flow section, or with the flow
 *     off); null when they were
 * @param before the earlier run's flow; null when it has none
 * @param after the later run's flow; null when it has none
 * @param rows the transitions that changed, the biggest move of share first
 * @param unchanged the transitions of both runs that did not move
 */
public record FlowDiff(String note, FlowSection before, FlowSection after, List<Row> rows,
    int unchanged) {

  /** A move of share of the run's transitions that is a change: 5 points. */
  public static final double SHARE_POINTS = 0.05;
  /** A change of count per request that is a change: half as much again, or half as little. */
  public static final double RATE_CHANGE = 0.5;
  /** A transition rarer than this in both runs moves by its share only. */
  public static final double MIN_SHARE = 0.01;

  public static final String NEW = "new";
  public static final String GONE = "gone";
  public static final String MOVED = "moved";

  public FlowDiff {
    rows = List.copyOf(rows);
  }

  /**
   * One transition in either run.
   *
   * @param state {@link #NEW}, {@link #GONE} or {@link #MOVED}
   * @param before its count in the earlier run, 0 when new
   * @param shareBefore its share of the earlier run's transitions, 0 when new
   * @param perRequestBefore its count per HTTP request of the earlier run, 0 when new
   */
  public record Row(String from, String to, int status, String state, long before, long after,
      double shareBefore, double shareAfter, double perRequestBefore, double perRequestAfter) {

    /** After's share minus before's. */
    public double shareDelta() {
      return shareAfter - shareBefore;
    }

    Map<String, Object> toMap() {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("from", from);
      out.put("to", to);
      out.put("status", status);
      out.put("state", state);
      out.put("before", before);
      out.put("after", after);
      out.put("shareBefore", DiffUnits.round(shareBefore));
      out.put("shareAfter", DiffUnits.round(shareAfter));
      out.put("perRequestBefore", DiffUnits.round(perRequestBefore));
      out.put("perRequestAfter", DiffUnits.round(perRequestAfter));
      return out;
    }
  }

  public boolean compared() {
    return note == null;
  }

  /** The flows of two runs compared, or the line saying why they are not. */
  static FlowDiff of(Snapshot before, Snapshot after) {
    Optional<FlowSection> b = before.section(FlowSection.class);
    Optional<FlowSection> a = after.section(FlowSection.class);
    if (b.isEmpty() || a.isEmpty()) {
      String which = b.isEmpty() && a.isEmpty() ? "neither run has a flow section" : b.isEmpty()
          ? "the earlier run has no flow section" : "the later run has no flow section";
      return new FlowDiff("not compared: " + which, b.orElse(null),
          a.orElse(null), List.of(), 0);
    }
    if (b.get().off() || a.get().off()) {
      return new FlowDiff("not compared: the user flow was off in the "
          + (b.get().off() ? "earlier" : "later") + " run", b.get(), a.get(), List.of(), 0);
    }
    return compare(b.get(), requests(before, b.get()), a.get(), requests(after, a.get()));
  }

  /** For runs compared by their tables only. */
  static FlowDiff notCompared(String why) {
    return new FlowDiff(why, null, null, List.of(), 0);
  }

  private static long requests(Snapshot run, FlowSection flow) {
    return run.meta().requests() > 0 ? run.meta().requests() : flow.requests() + flow.withoutSession();
  }

  private static FlowDiff compare(FlowSection before, long requestsBefore, FlowSection after,
      long requestsAfter) {
    Map<String, Transition> earlier = new LinkedHashMap<>();
    for (Transition t : before.transitions()) {
      earlier.putIfAbsent(key(t), t);
    }
    long allBefore = before.transitionCount();
    long allAfter = after.transitionCount();
    List<Row> rows = new ArrayList<>();
    int unchanged = 0;
    Map<String, Boolean> seen = new LinkedHashMap<>();
    for (Transition t : after.transitions()) {
      String key = key(t);
      if (seen.putIfAbsent(key, Boolean.TRUE) != null) {
        continue;
      }
      Transition was = earlier.get(key);
      Row row = row(t, was == null ? 0 : was.count(), t.count(), allBefore, allAfter, requestsBefore,
          requestsAfter);
      if (row.state() == null) {
        unchanged++;
      } else {
        rows.add(row);
      }
    }
    for (Transition t : earlier.values()) {
      if (!seen.containsKey(key(t))) {
        rows.add(row(t, t.count(), 0, allBefore, allAfter, requestsBefore, requestsAfter));
      }
    }
    rows.sort(Comparator.comparingDouble((Row r) -> -Math.abs(r.shareDelta()))
        .thenComparing(Row::from).thenComparing(Row::to).thenComparingInt(Row::status));
    return new FlowDiff(null, before, after, rows, unchanged);
  }

  private static Row row(Transition t, long before, long after, long allBefore, long allAfter,
      long requestsBefore, long requestsAfter) {
    double shareBefore = fraction(before, allBefore);
    double shareAfter = fraction(after, allAfter);
    double rateBefore = fraction(before, requestsBefore);
    double rateAfter = fraction(after, requestsAfter);
    String state;
    if (before == 0) {
      state = NEW;
    } else if (after == 0) {
      state = GONE;
    } else if (Math.abs(shareAfter - shareBefore) > SHARE_POINTS
        || (Math.max(shareBefore, shareAfter) >= MIN_SHARE && rateBefore > 0
            && Math.abs(rateAfter / rateBefore - 1) > RATE_CHANGE)) {
      state = MOVED;
    } else {
      state = null;
    }
    return new Row(t.from(), t.to(), t.status(), state, before, after, shareBefore, shareAfter,
        rateBefore, rateAfter);
  }

  private static double fraction(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }

  private static String key(Transition t) {
    return t.from() + "\n" + t.to() + "\n" + t.status();
  }

  /** The diff as plain JSON data (docs/SNAPSHOT.md, "The diff"). */
  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("compared", compared());
    out.put("note", note);
    out.put("sessionsBefore", before == null ? null : before.sessions());
    out.put("sessionsAfter", after == null ? null : after.sessions());
    out.put("requestsPerSessionBefore", before == null ? null : DiffUnits.round(before.perSession().mean()));
    out.put("requestsPerSessionAfter", after == null ? null : DiffUnits.round(after.perSession().mean()));
    out.put("unchanged", unchanged);
    out.put("rows", rows.stream().map(Row::toMap).toList());
    return out;
  }
}
