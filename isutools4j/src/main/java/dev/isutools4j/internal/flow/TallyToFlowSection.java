package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.PerSession;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A run's {@link FlowTally} as its {@link FlowSection}, routes named by the route key index. The
 * sessions still open end here, in the section only: the tally is left as it was.
 */
final class TallyToFlowSection {

  private static final Comparator<Transition> MOST_FIRST = Comparator
      .comparingLong((Transition t) -> -t.count()).thenComparing(Transition::from)
      .thenComparing(Transition::to).thenComparingInt(Transition::status);

  private TallyToFlowSection() {}

  static FlowSection of(FlowTally tally, KeyIndex routes, List<String> cookies,
      long withoutSession, long dropped) {
    long[] exits = tally.exits.clone();
    Histogram lengths = tally.lengths.copy();
    long lengthSum = tally.lengthSum;
    long lengthMax = tally.lengthMax;
    for (int s : tally.sessions.entries()) {
      exits[tally.sessions.recent(s, 0)]++;
      long length = tally.sessions.requests(s);
      lengths.recordValue(Math.min(length, FlowTally.MAX_LENGTH));
      lengthSum += length;
      lengthMax = Math.max(lengthMax, length);
    }
    long ended = lengths.getTotalCount();
    PerSession perSession = ended == 0 ? PerSession.NONE
        : new PerSession((double) lengthSum / ended, lengths.getValueAtPercentile(50), lengthMax);

    List<Transition> transitions = new ArrayList<>(tally.transitions.size());
    tally.transitions.forEach((from, to, status, count) ->
        transitions.add(new Transition(name(routes, from), name(routes, to), status, count)));
    transitions.sort(MOST_FIRST);
    long other = tally.transitions.untracked();
    for (int i = FlowSection.KEPT_TRANSITIONS; i < transitions.size(); i++) {
      other += transitions.get(i).count();
    }
    List<Transition> kept = transitions.subList(0, Math.min(transitions.size(),
        FlowSection.KEPT_TRANSITIONS));

    List<Path> paths = new ArrayList<>(tally.paths.size());
    tally.paths.forEach((path, length, count) -> {
      List<String> names = new ArrayList<>(length);
      for (int j = 0; j < length; j++) {
        names.add(name(routes, path[j]));
      }
      paths.add(new Path(names, count));
    });
    paths.sort(Comparator.comparingLong((Path p) -> -p.count())
        .thenComparing(p -> String.join("\n", p.routes())));

    return new FlowSection(cookies, tally.requests, withoutSession, tally.started, perSession,
        tally.evicted, dropped, kept, other, counts(routes, tally.entries), counts(routes, exits),
        paths.subList(0, Math.min(paths.size(), FlowSection.KEPT_PATHS)),
        tally.paths.untracked());
  }

  private static List<RouteCount> counts(KeyIndex routes, long[] byRoute) {
    List<RouteCount> out = new ArrayList<>();
    for (int id = 0; id < byRoute.length; id++) {
      if (byRoute[id] > 0) {
        out.add(new RouteCount(name(routes, id), byRoute[id]));
      }
    }
    out.sort(Comparator.comparingLong((RouteCount c) -> -c.count()).thenComparing(RouteCount::route));
    return out;
  }

  /** {@code "METHOD route"}, as the HTTP table names it; "(other)" beyond the key cap. */
  private static String name(KeyIndex routes, int id) {
    String name = id == routes.otherId() ? null : routes.name(id);
    return name == null ? KeyIndex.OTHER : name;
  }
}
