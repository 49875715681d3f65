package dev.isutools4j.internal.collect.machine;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Ticker} the test drives: {@link #tick} is one interval, on the test's thread, with a
 * time of its own that only ticks move; {@link #clock} is the same time as a wall clock.
 */
final class ManualTicker implements Ticker {

  private static final long START_MILLIS = 1_800_000_000_000L;

  private final long intervalNanos;
  private long nanos;
  private Ticked target;
  private boolean ticking;
  private int ends;

  ManualTicker(int intervalMs) {
    this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMs);
  }

  @Override
  public void start(Ticked next) {
    target = next;
    ticking = next.begin(nanos);
  }

  /** One interval passes and the target ticks, unless it failed; whether it ticked. */
  boolean tick() {
    nanos += intervalNanos;
    if (target == null || !ticking) {
      return false;
    }
    ticking = target.tick(nanos);
    return ticking;
  }

  @Override
  public boolean stop() {
    if (target != null) {
      target.end();
      ends++;
      target = null;
    }
    return true;
  }

  /** How many targets were ended. */
  int ends() {
    return ends;
  }

  /** The wall clock of this ticker's time. */
  Clock clock() {
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return Instant.ofEpochMilli(START_MILLIS + TimeUnit.NANOSECONDS.toMillis(nanos));
      }
    };
  }
}
