package dev.isutools4j.internal.flow;

import java.util.Arrays;

/**
 * The sessions followed at once, by their key, at most {@code capacity}; the caller removes the
 * least recently seen one ({@link #oldest}) to make room. Each entry remembers its requests and
 * its last {@link #WINDOW} routes, newest first. An entry is an index into
 * arrays allocated once, so the table allocates nothing after its construction.
 *
 * <p>Single-threaded: the flow thread's.
 */
final class SessionTable {

  /** The routes an entry remembers, its last one included: as many as the longest path counted. */
  static final int WINDOW = 5;

  private static final int NIL = -1;

  private final int capacity;
  private final int mask;
  private final int[] buckets;
  private final long[] keys;
  private final int[] chain;
  private final int[] older;
  private final int[] newer;
  private final int[] requests;
  private final int[] recent;
  private int size;
  private int used;
  private int free = NIL;
  private int oldest = NIL;
  private int newest = NIL;

  SessionTable(int capacity) {
    this.capacity = capacity;
    int bucketCount = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
    this.mask = bucketCount - 1;
    this.buckets = new int[bucketCount];
    Arrays.fill(buckets, NIL);
    this.keys = new long[capacity];
    this.chain = new int[capacity];
    this.older = new int[capacity];
    this.newer = new int[capacity];
    this.requests = new int[capacity];
    this.recent = new int[capacity * WINDOW];
  }

  int size() {
    return size;
  }

  boolean full() {
    return size == capacity;
  }

  /** The least recently seen entry, or -1 when empty. */
  int oldest() {
    return oldest;
  }

  /** The entry of {@code key}, or -1. */
  int find(long key) {
    for (int e = buckets[bucket(key)]; e != NIL; e = chain[e]) {
      if (keys[e] == key) {
        return e;
      }
    }
    return NIL;
  }

  /** A new entry for {@code key}, seen now, whose first request went to {@code route}. Not full. */
  int add(long key, int route) {
    if (full()) {
      throw new IllegalStateException("full: remove the oldest entry first");
    }
    int e;
    if (free != NIL) {
      e = free;
      free = chain[e];
    } else {
      e = used++;
    }
    size++;
    keys[e] = key;
    link(e);
    requests[e] = 1;
    recent[e * WINDOW] = route;
    append(e);
    return e;
  }

  /** Notes that entry {@code e} was seen now, for a request to {@code route}. */
  void seen(int e, int route) {
    if (requests[e] < Integer.MAX_VALUE) {
      requests[e]++;
    }
    System.arraycopy(recent, e * WINDOW, recent, e * WINDOW + 1, WINDOW - 1);
    recent[e * WINDOW] = route;
    unlist(e);
    append(e);
  }

  /** Files entry {@code e} under another key from now on (a session whose cookie changed). */
  void rekey(int e, long key) {
    unlink(e);
    keys[e] = key;
    link(e);
  }

  void remove(int e) {
    unlink(e);
    unlist(e);
    chain[e] = free;
    free = e;
    size--;
  }

  long key(int e) {
    return keys[e];
  }

  int requests(int e) {
    return requests[e];
  }

  /** The route of the entry's request {@code back} requests ago (0: its last); {@code back <
   * min(requests, WINDOW)}. */
  int recent(int e, int back) {
    return recent[e * WINDOW + back];
  }

  /** The entries from the least recently seen on. */
  int[] entries() {
    int[] out = new int[size];
    int i = 0;
    for (int e = oldest; e != NIL; e = newer[e]) {
      out[i++] = e;
    }
    return out;
  }

  private int bucket(long key) {
    long h = key * 0x9e3779b97f4a7c15L; // keys are hashes already, but tests use small ones
    return (int) (h >>> 32) & mask;
  }

  private void link(int e) {
    int b = bucket(keys[e]);
    chain[e] = buckets[b];
    buckets[b] = e;
  }

  private void unlink(int e) {
    int b = bucket(keys[e]);
    if (buckets[b] == e) {
      buckets[b] = chain[e];
      return;
    }
    for (int p = buckets[b]; p != NIL; p = chain[p]) {
      if (chain[p] == e) {
        chain[p] = chain[e];
        return;
      }
    }
  }

  private void append(int e) {
    older[e] = newest;
    newer[e] = NIL;
    if (newest != NIL) {
      newer[newest] = e;
    } else {
      oldest = e;
    }
    newest = e;
  }

  private void unlist(int e) {
    if (older[e] != NIL) {
      newer[older[e]] = newer[e];
    } else {
      oldest = newer[e];
    }
    if (newer[e] != NIL) {
      older[newer[e]] = older[e];
    } else {
      newest = older[e];
    }
  }
}
