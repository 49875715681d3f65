package dev.isutools4j.internal.digest.access;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The {@code capacity} slowest requests of a log, in a heap whose head is the fastest kept: a line
 * no slower than it costs one comparison and builds nothing. Of equal times the earlier line is
 * kept, so that the answer does not depend on how the file was split between threads.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
final class SlowestRequests {

  // The head is the one to drop first: the fastest, and of equal times the latest line.
  private static final Comparator<SlowRequest> DROP_FIRST =
      Comparator.comparingDouble(SlowRequest::ms).thenComparing(Comparator.comparingLong(SlowRequest::line).reversed());

  private final int capacity;
  private final PriorityQueue<SlowRequest> kept;

  SlowestRequests(int capacity) {
    this.capacity = Math.max(0, capacity);
    this.kept = new PriorityQueue<>(Math.max(1, Math.min(this.capacity, 1024)) + 1, DROP_FIRST);
  }

  /** Offers a read line, {@code line} its number. */
  void offer(AccessEntry e, long line) {
    if (capacity == 0 || e.requestMicros < 0 || !wanted(e.requestMicros / 1e3, line)) {
      return;
    }
    add(new SlowRequest(line, e.requestMicros / 1e3, e.status, e.method(), e.uri(),
        e.upstreamMicros < 0 ? Double.NaN : e.upstreamMicros / 1e3));
  }

  private boolean wanted(double ms, long line) {
    if (kept.size() < capacity) {
      return true;
    }
    SlowRequest head = kept.peek();
    return ms > head.ms() || ms == head.ms() && line < head.line();
  }

  private void add(SlowRequest r) {
    kept.add(r);
    if (kept.size() > capacity) {
      kept.poll();
    }
  }

  /** Takes in a later part's, its line numbers counted on by {@code linesBefore}. */
  void merge(SlowestRequests later, long linesBefore) {
    for (SlowRequest r : later.kept) {
      long line = r.line() + linesBefore;
      if (wanted(r.ms(), line)) {
        add(new SlowRequest(line, r.ms(), r.status(), r.method(), r.uri(), r.upstreamMs()));
      }
    }
  }

  /** The kept requests, slowest first. */
  List<SlowRequest> slowestFirst() {
    List<SlowRequest> out = new ArrayList<>(kept);
    out.sort(DROP_FIRST.reversed());
    return out;
  }
}
