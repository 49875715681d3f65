package dev.isutools4j.internal.flow;

import org.HdrHistogram.Histogram;

/**
 * What the flow thread makes of a run's requests, in the order they finished: sessions, the
 * transitions between consecutive requests of one session (with the second one's status), the
 * routes sessions began and ended on, their lengths, and their paths of {@link PathCounts#MIN} to
 * {@link PathCounts#MAX} routes.
 *
 * <p>A request belongs to the session of its session cookie; a request without one that is given
 * one ({@code Set-Cookie}: a login, or a first visit) begins that session, and a session whose
 * cookie is replaced (a login that changes the session id) goes on under the new one. A session
 * ends when the run does, or when it is the least recently seen of {@code maxSessions} and a new
 * one needs its place (counted in {@link #evicted}; its later requests begin a new session).
 *
 * <p>Single-threaded: the flow thread's, then the saving thread's. Allocation-free per request.
 */
final class FlowTally implements FlowEvents.Sink {

  /** Longer sessions are counted as this long in the lengths' median (mean and max stay exact). */
  static final int MAX_LENGTH = 1 << 24;

  final int routeSlots;
  final SessionTable sessions;
  final TransitionCounts transitions;
  final PathCounts paths;
  final long[] entries;
  final long[] exits;
  final Histogram lengths = new Histogram(1, MAX_LENGTH, 2);
  long lengthSum;
  long lengthMax;
  long requests;
  long started;
  long evicted;
  private final int otherRoute;
  private final int[] path = new int[PathCounts.MAX];

  /**
   * @param routeSlots the route ids' range ({@code RouteKeys}' slots), its last one the "(other)"
   *     route, which also takes any id out of range
   */
  FlowTally(int routeSlots, int maxSessions, int maxTransitions, int maxPaths) {
    this.routeSlots = Math.min(routeSlots, TransitionCounts.MAX_ROUTE + 1);
    this.otherRoute = this.routeSlots - 1;
    this.sessions = new SessionTable(maxSessions);
    this.transitions = new TransitionCounts(maxTransitions);
    this.paths = new PathCounts(maxPaths);
    this.entries = new long[this.routeSlots];
    this.exits = new long[this.routeSlots];
  }

  @Override
  public void accept(long requestSession, long responseSession, int route, int status) {
    if (requestSession == 0 && responseSession == 0) {
      return; // counted where it was queued: no session
    }
    if (route < 0 || route >= routeSlots) {
      route = otherRoute;
    }
    if (status < 0 || status > 999) {
      status = 0;
    }
    requests++;
    int s = requestSession != 0 ? sessions.find(requestSession) : -1;
    if (s < 0 && responseSession != 0) {
      s = sessions.find(responseSession);
    }
    if (s < 0) {
      if (sessions.full()) {
        int oldest = sessions.oldest();
        end(oldest);
        sessions.remove(oldest);
        evicted++;
      }
      s = sessions.add(requestSession != 0 ? requestSession : responseSession, route);
      entries[route]++;
      started++;
    } else {
      transitions.add(sessions.recent(s, 0), route, status);
      sessions.seen(s, route);
      countPaths(s);
    }
    if (responseSession != 0 && responseSession != sessions.key(s)) {
      int other = sessions.find(responseSession);
      if (other >= 0) {
        end(other); // the cookie now names this session
        sessions.remove(other);
      }
      sessions.rekey(s, responseSession);
    }
  }

  /** Counts the paths that end with the session's last request. */
  private void countPaths(int s) {
    int known = Math.min(sessions.requests(s), PathCounts.MAX);
    for (int length = PathCounts.MIN; length <= known; length++) {
      for (int j = 0; j < length; j++) {
        path[j] = sessions.recent(s, length - 1 - j);
      }
      paths.add(path, length);
    }
  }

  private void end(int s) {
    exits[sessions.recent(s, 0)]++;
    long length = sessions.requests(s);
    lengths.recordValue(Math.min(length, MAX_LENGTH));
    lengthSum += length;
    lengthMax = Math.max(lengthMax, length);
  }
}
