package dev.isutools4j.internal.collect.machine;

/**
 * What calls a run's sampling on time: in production a daemon thread of its own every interval
 * ({@link ThreadTicker}); in a test, the test itself.
 */
interface Ticker {

  /** Starts driving {@code target} (the previous target, if any, was stopped). */
  void start(Ticked target);

  /**
   * Stops driving the target and waits a while for its {@link Ticked#end}. Returns whether it
   * ended: if not, it is still busy and what it measured must not be read.
   */
  boolean stop();
}
