package dev.isutools4j.internal.flow;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/*
 * A bounded queue of finished requests from the app's threads to the flow's one reader, in the
 * order they finished. A writer claims a sequence number with a CAS on `claimed`, fills the slot's
 * plain longs, then publishes it by writing the sequence + 1 into `published` with release
 * semantics; the reader takes slots in sequence order while each is published (acquire), and
 * advances `read` once per batch, which tells writers the slots are free again. Writers look at
 * `read` only when a claim reaches `limit`, the end of the free room they last saw (a stale limit
 * is only ever too low), so that writers and the reader do not pass one cache line back and forth
 * on every request. A writer that finds the queue full drops its request and counts it: it never
 * waits for the reader. A writer stalled between its claim and its publish holds the reader at
 * that slot until it publishes.
 */

/**
 * The requests a run's threads finished, queued for the flow thread.
 *
 * <p>Hot path ({@link #offer}): lock-free and allocation-free; it never waits.
 */
final class FlowEvents {

  /** What the reader hands each request to. */
  interface Sink {
    void accept(long requestSession, long responseSession, int route, int status);
  }

  private static final int LONGS = 3;
  private static final int BATCH = 256;

  private final int capacity;
  private final int mask;
  private final long[] slots;
  private final AtomicLongArray published;
  private final AtomicLong claimed = new AtomicLong();
  private final LongAdder dropped = new LongAdder();
  private volatile long read;
  private volatile long limit;

  /** With room for {@code capacity} requests, a power of two. */
  FlowEvents(int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("a power of two: " + capacity);
    }
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.slots = new long[capacity * LONGS];
    this.published = new AtomicLongArray(capacity);
    this.limit = capacity;
  }

  /** Queues one request; false when the queue is full and the request was dropped (counted). */
  boolean offer(long requestSession, long responseSession, int route, int status) {
    long sequence;
    do {
      sequence = claimed.get();
      if (sequence >= limit) {
        long free = read + capacity;
        if (sequence >= free) {
          dropped.increment();
          return false;
        }
        limit = free;
      }
    } while (!claimed.compareAndSet(sequence, sequence + 1));
    int slot = (int) sequence & mask;
    int at = slot * LONGS;
    slots[at] = requestSession;
    slots[at + 1] = responseSession;
    slots[at + 2] = ((long) route << 32) | (status & 0xffffffffL);
    published.setRelease(slot, sequence + 1);
    return true;
  }

  /**
   * Hands every published request, in order, to {@code sink}; returns how many. One reader at a
   * time: the caller serialises its calls.
   */
  int drain(Sink sink) {
    long sequence = read;
    int drained = 0;
    while (true) {
      int slot = (int) sequence & mask;
      if (published.getAcquire(slot) != sequence + 1) {
        break;
      }
      int at = slot * LONGS;
      long routeAndStatus = slots[at + 2];
      sink.accept(slots[at], slots[at + 1], (int) (routeAndStatus >>> 32), (int) routeAndStatus);
      sequence++;
      if (++drained % BATCH == 0) {
        read = sequence; // room again for the writers, a batch at a time
      }
    }
    read = sequence;
    return drained;
  }

  /** Requests dropped because the queue was full. */
  long dropped() {
    return dropped.sum();
  }
}
