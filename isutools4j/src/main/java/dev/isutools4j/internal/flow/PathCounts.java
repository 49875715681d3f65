package dev.isutools4j.internal.flow;

/**
 * Counts per path: a sequence of {@link #MIN} to {@link #MAX} routes that one session requested
 * one after the other. At most {@code capacity} distinct paths are counted; a path first seen once
 * the table is full is counted in {@link #untracked} only. Open addressing over arrays allocated
 * once.
 *
 * <p>Single-threaded: the flow thread's.
 */
final class PathCounts {

  static final int MIN = 3;
  static final int MAX = SessionTable.WINDOW;

  /** What {@link #forEach} hands each path to; {@code routes} is reused between calls. */
  interface Visitor {
    void visit(int[] routes, int length, long count);
  }

  private final int capacity;
  private final int mask;
  private final int[] routes;
  private final byte[] lengths;
  private final long[] counts;
  private int size;
  private long untracked;

  PathCounts(int capacity) {
    this.capacity = capacity;
    int length = Integer.highestOneBit(Math.max(2, capacity) - 1) << 2;
    this.mask = length - 1;
    this.routes = new int[length * MAX];
    this.lengths = new byte[length];
    this.counts = new long[length];
  }

  /** Counts the path of {@code path[0..length)}, in request order. */
  void add(int[] path, int length) {
    int i = (int) (hash(path, length) & mask);
    while (counts[i] != 0) {
      if (same(i, path, length)) {
        counts[i]++;
        return;
      }
      i = (i + 1) & mask;
    }
    if (size == capacity) {
      untracked++;
      return;
    }
    System.arraycopy(path, 0, routes, i * MAX, length);
    lengths[i] = (byte) length;
    counts[i] = 1;
    size++;
  }

  /** Paths not counted by themselves: first seen once {@code capacity} were. */
  long untracked() {
    return untracked;
  }

  int size() {
    return size;
  }

  void forEach(Visitor visitor) {
    int[] path = new int[MAX];
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] != 0) {
        System.arraycopy(routes, i * MAX, path, 0, lengths[i]);
        visitor.visit(path, lengths[i], counts[i]);
      }
    }
  }

  private boolean same(int slot, int[] path, int length) {
    if (lengths[slot] != length) {
      return false;
    }
    for (int j = 0; j < length; j++) {
      if (routes[slot * MAX + j] != path[j]) {
        return false;
      }
    }
    return true;
  }

  private static long hash(int[] path, int length) {
    long h = length;
    for (int j = 0; j < length; j++) {
      h = TransitionCounts.mix(h * 31 + path[j]);
    }
    return h;
  }
}
