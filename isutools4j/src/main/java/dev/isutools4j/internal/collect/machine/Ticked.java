package dev.isutools4j.internal.collect.machine;

/**
 * What a {@link Ticker} drives: {@link #begin} once, {@link #tick} every interval, {@link #end}
 * once, one call at a time. Each call gets the monotonic time it is made at, on
 * {@code System.nanoTime}'s scale.
 */
interface Ticked {

  /** Before the first tick; false when it failed and wants no tick. */
  boolean begin(long nanos);

  /** An interval after the previous tick (or the begin); false when it failed and wants no more. */
  boolean tick(long nanos);

  /** After the last tick, also when the begin or a tick failed. */
  void end();
}
