package dev.isutools4j.internal.run;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Requests per second over the last interval of an open run, from the request counts its readers
 * see: the rate is over the time since the newest reading at least {@link #INTERVAL_MS} old (the
 * run's start at first), so that it stays a second or two wide however often, and by however many
 * pages, it is read. Lock-free: readings are swapped in with a compare-and-set.
 */
final class RequestRate {

  static final long INTERVAL_MS = 1_000;

  private record Reading(long millis, long requests) {}

  private record Window(Reading previous, Reading latest) {}

  private final AtomicReference<Window> window;

  RequestRate(long startMillis) {
    Reading start = new Reading(startMillis, 0);
    window = new AtomicReference<>(new Window(start, start));
  }

  /** The rate at {@code millis}, when {@code requests} were counted so far. */
  double perSecond(long millis, long requests) {
    Window w = window.get();
    if (millis - w.latest().millis() >= INTERVAL_MS) {
      Window next = new Window(w.latest(), new Reading(millis, requests));
      // A reader that lost the race uses the winner's window: either is a second or two wide.
      w = window.compareAndSet(w, next) ? next : window.get();
    }
    Reading from = w.previous();
    long elapsed = millis - from.millis();
    return elapsed <= 0 ? 0 : Math.max(0, requests - from.requests()) * 1000.0 / elapsed;
  }
}
