package dev.isutools4j.internal.flow;

/**
 * Counts per transition (the route a session left, the route it went to, and the second request's
 * status), at most {@code capacity} distinct ones: a transition first seen once the table is full
 * is counted in {@link #untracked} only. Open addressing over arrays allocated once.
 *
 * <p>Single-threaded: the flow thread's.
 */
final class TransitionCounts {

  /** Route ids of a transition fit in 27 bits each, its status in 10. */
  static final int MAX_ROUTE = (1 << 27) - 1;

  /** What {@link #forEach} hands each transition to. */
  interface Visitor {
    void visit(int from, int to, int status, long count);
  }

  private final int capacity;
  private final int mask;
  private final long[] keys;
  private final long[] counts;
  private int size;
  private long untracked;

  TransitionCounts(int capacity) {
    this.capacity = capacity;
    int length = Integer.highestOneBit(Math.max(2, capacity) - 1) << 2;
    this.mask = length - 1;
    this.keys = new long[length];
    this.counts = new long[length];
  }

  void add(int from, int to, int status) {
    long key = ((long) from << 37) | ((long) to << 10) | status;
    int i = (int) (mix(key) & mask);
    while (counts[i] != 0) {
      if (keys[i] == key) {
        counts[i]++;
        return;
      }
      i = (i + 1) & mask;
    }
    if (size == capacity) {
      untracked++;
      return;
    }
    keys[i] = key;
    counts[i] = 1;
    size++;
  }

  /** Transitions not counted by themselves: first seen once {@code capacity} were. */
  long untracked() {
    return untracked;
  }

  int size() {
    return size;
  }

  void forEach(Visitor visitor) {
    for (int i = 0; i < keys.length; i++) {
      if (counts[i] != 0) {
        long key = keys[i];
        visitor.visit((int) (key >>> 37), (int) (key >>> 10) & MAX_ROUTE, (int) key & 0x3ff, counts[i]);
      }
    }
  }

  static long mix(long key) {
    long h = key * 0x9e3779b97f4a7c15L;
    return h ^ (h >>> 29);
  }
}
