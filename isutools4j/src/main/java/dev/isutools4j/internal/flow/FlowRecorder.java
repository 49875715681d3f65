package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.snapshot.FlowSection;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One run's user flow. The app's threads find each request's session keys ({@link
 * #sessionInCookie}, {@link #sessionInSetCookie}) and queue the finished request ({@link
 * #request}); the flow thread takes the queue into the run's tally ({@link #drain}); the save
 * turns the tally into the run's section ({@link #section}).
 *
 * <p>Hot path: the first three are lock-free and allocation-free; they never wait for the flow
 * thread. {@link #drain} and the sections are for the flow thread and the admin server's threads
 * only, which a lock of their own serialises; {@link #sectionIfFree} never waits for it.
 */
public final class FlowRecorder {

  /** Requests the queue holds for the flow thread: a fifth of a second's at 100,000 a second. */
  static final int QUEUE = 1 << 14;
  /** Distinct transitions and paths followed in memory. */
  static final int MAX_TRANSITIONS = 4096;
  static final int MAX_PATHS = 4096;

  private final List<String> cookieNames;
  private final SessionCookies cookies;
  private final SessionHash hash;
  private final FlowEvents events;
  private final FlowTally tally;
  private final LongAdder withoutSession = new LongAdder();
  // Taken by the flow thread and the admin server's, never by the app's.
  private final ReentrantLock tallying = new ReentrantLock();

  /**
   * @param cookieNames the session cookies' names; none: the flow is off and records nothing
   * @param routeSlots the route key index's slots
   */
  FlowRecorder(List<String> cookieNames, SessionHash hash, int routeSlots, int maxSessions,
      int queue) {
    this.cookieNames = List.copyOf(cookieNames);
    this.cookies = new SessionCookies(this.cookieNames);
    this.hash = hash;
    boolean off = this.cookieNames.isEmpty();
    this.events = new FlowEvents(off ? 1 : queue);
    this.tally = off ? new FlowTally(1, 1, 1, 1)
        : new FlowTally(routeSlots, maxSessions, MAX_TRANSITIONS, MAX_PATHS);
  }

  /** A recorder that records nothing, for when no run is open or the flow is off. */
  static FlowRecorder off() {
    return new FlowRecorder(List.of(), null, 1, 1, 1);
  }

  /** The session key of a request's {@code Cookie} header: 0 for none. */
  long sessionInCookie(String header) {
    long bounds = cookies.inCookie(header);
    return bounds == SessionCookies.NONE ? 0
        : hash.of(header, SessionCookies.start(bounds), SessionCookies.end(bounds));
  }

  /** The session key a {@code Set-Cookie} header gives: 0 for none. */
  long sessionInSetCookie(String header) {
    long bounds = cookies.inSetCookie(header);
    return bounds == SessionCookies.NONE ? 0
        : hash.of(header, SessionCookies.start(bounds), SessionCookies.end(bounds));
  }

  /**
   * A request of this run that ended: its route's id, its status, and the session key it came
   * with and the one its response gave (each 0 for none).
   */
  void request(int route, int status, long requestSession, long responseSession) {
    if (cookies.none()) {
      return;
    }
    if (requestSession == 0 && responseSession == 0) {
      withoutSession.increment();
      return;
    }
    events.offer(requestSession, responseSession, route, status);
  }

  /** Takes the queued requests into the tally; returns how many. */
  int drain() {
    tallying.lock();
    try {
      return events.drain(tally);
    } finally {
      tallying.unlock();
    }
  }

  /** The run's section so far, routes named by {@code routes}: what the queue holds included. */
  FlowSection section(KeyIndex routes) {
    tallying.lock();
    try {
      return sectionNow(routes);
    } finally {
      tallying.unlock();
    }
  }

  /** The section so far, or null when the flow thread is taking the queue in right now. */
  FlowSection sectionIfFree(KeyIndex routes) {
    if (!tallying.tryLock()) {
      return null;
    }
    try {
      return sectionNow(routes);
    } finally {
      tallying.unlock();
    }
  }

  private FlowSection sectionNow(KeyIndex routes) {
    events.drain(tally);
    return TallyToFlowSection.of(tally, routes, cookieNames, withoutSession.sum(), events.dropped());
  }
}
