package dev.isutools4j.internal.stats;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which SQL fingerprints one route ran: per fingerprint its executions, time, the requests that ran
 * it and the most executions within one request (the N+1 signal).
 *
 * <p>A fixed open-addressing table: lock-free (CAS claims a slot) and allocation-free. Fingerprints
 * beyond {@link #SLOTS} fold into one "(other)" slot.
 */
public final class RouteSqlTable {

  static final int SLOTS = 64;
  private static final int OTHER_SLOT = SLOTS;
  private static final int EMPTY = 0;

  // Key = sql id + 1, so that 0 marks an empty slot.
  private final AtomicIntegerArray keys = new AtomicIntegerArray(SLOTS + 1);
  private final AtomicLongArray executions = new AtomicLongArray(SLOTS + 1);
  private final AtomicLongArray nanos = new AtomicLongArray(SLOTS + 1);
  private final AtomicLongArray requests = new AtomicLongArray(SLOTS + 1);
  private final AtomicLongArray maxPerRequest = new AtomicLongArray(SLOTS + 1);

  /** Adds one request's use of fingerprint {@code sqlId}: {@code times} executions, {@code time} ns. */
  public void add(int sqlId, int times, long time) {
    int slot = slotOf(sqlId);
    executions.addAndGet(slot, times);
    nanos.addAndGet(slot, time);
    requests.incrementAndGet(slot);
    long max = maxPerRequest.get(slot);
    while (times > max && !maxPerRequest.compareAndSet(slot, max, times)) {
      max = maxPerRequest.get(slot);
    }
  }

  private int slotOf(int sqlId) {
    int key = sqlId + 1;
    int start = (key * 0x9E3779B9) >>> 26; // top 6 bits of a Fibonacci hash: 0..63
    for (int i = 0; i < SLOTS; i++) {
      int slot = (start + i) & (SLOTS - 1);
      int seen = keys.get(slot);
      if (seen == key) {
        return slot;
      }
      if (seen == EMPTY && (keys.compareAndSet(slot, EMPTY, key) || keys.get(slot) == key)) {
        return slot;
      }
    }
    return OTHER_SLOT;
  }

  /** Calls {@code visitor} once per fingerprint seen; {@code sqlId} is -1 for the "(other)" slot. */
  public void forEach(Visitor visitor) {
    for (int slot = 0; slot <= SLOTS; slot++) {
      long n = executions.get(slot);
      if (n == 0) {
        continue;
      }
      int sqlId = slot == OTHER_SLOT ? -1 : keys.get(slot) - 1;
      visitor.visit(sqlId, n, nanos.get(slot), requests.get(slot), maxPerRequest.get(slot));
    }
  }

  /** Receives one row of the table. */
  @FunctionalInterface
  public interface Visitor {
    void visit(int sqlId, long executions, long nanos, long requests, long maxPerRequest);
  }
}
