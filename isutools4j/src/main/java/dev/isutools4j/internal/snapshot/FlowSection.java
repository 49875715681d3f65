package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The {@code flow} section (docs/SNAPSHOT.md): how the run's sessions went from route to route.
 * Routes are written {@code "METHOD route"}, as the HTTP table names them. No session cookie's
 * value is kept, not even hashed.
 *
 * @param cookies the names of session cookies looked for ({@code isutools.flow.cookies}); empty
 *     when the flow was off
 * @param requests requests that belonged to a session: they carried a session cookie or were
 *     given one
 * @param withoutSession requests that did neither
 * @param sessions sessions begun in the run
 * @param perSession requests per session
 * @param evicted sessions ended early to make room for new ones ({@code isutools.flow.sessions})
 * @param dropped requests not counted at all: the queue to the flow thread was full
 * @param transitions from one request of a session to its next, most frequent first; at most
 *     {@link #KEPT_TRANSITIONS}
 * @param otherTransitions transitions counted but not listed: beyond the listed ones, or beyond the
 *     distinct ones followed in memory
 * @param entries the route each session began with, most sessions first
 * @param exits the route each session ended with, most sessions first
 * @param paths the most frequent runs of 3 to 5 consecutive requests of one session; at most
 *     {@link #KEPT_PATHS}
 * @param untrackedPaths runs of 3 to 5 requests not counted: their path was first seen once the
 *     distinct paths followed in memory were at their cap
 */
public record FlowSection(
    List<String> cookies,
    long requests,
    long withoutSession,
    long sessions,
    PerSession perSession,
    long evicted,
    long dropped,
    List<Transition> transitions,
    long otherTransitions,
    List<RouteCount> entries,
    List<RouteCount> exits,
    List<Path> paths,
    long untrackedPaths) implements Section {

  /** Transitions listed at most. */
  public static final int KEPT_TRANSITIONS = 500;
  /** Paths listed at most. */
  public static final int KEPT_PATHS = 20;

  public FlowSection {
    cookies = List.copyOf(cookies);
    transitions = List.copyOf(transitions);
    entries = List.copyOf(entries);
    exits = List.copyOf(exits);
    paths = List.copyOf(paths);
  }

  /** Every transition of the run: those listed and the others. */
  public long transitionCount() {
    long sum = otherTransitions;
    for (Transition t : transitions) {
      sum += t.count();
    }
    return sum;
  }

  /** Whether the flow was off: no cookie named a session. */
  public boolean off() {
    return cookies.isEmpty();
  }

  /**
   * A session's request to {@code to}, with status {@code status}, right after its request to
   * {@code from}.
   */
  public record Transition(String from, String to, int status, long count) {}

  /** Sessions that began (or ended) on a route. */
  public record RouteCount(String route, long count) {}

  /** Consecutive requests of one session, in order. */
  public record Path(List<String> routes, long count) {

    public Path {
      routes = List.copyOf(routes);
    }
  }

  /** Requests per session, over the sessions of the run. */
  public record PerSession(double mean, long p50, long max) {

    public static final PerSession NONE = new PerSession(0, 0, 0);
  }
}
