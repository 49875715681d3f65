package dev.isutools4j.internal.stats;

import java.util.concurrent.atomic.LongAdder;

/** One named counter within one run, with hits and misses for a hit rate. Lock-free. */
public final class CounterStats {

  private final LongAdder count = new LongAdder();
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  public void add(long delta) {
    count.add(delta);
  }

  public void hit(boolean hit) {
    count.increment();
    (hit ? hits : misses).increment();
  }

  public long count() {
    return count.sum();
  }

  public long hits() {
    return hits.sum();
  }

  public long misses() {
    return misses.sum();
  }
}
