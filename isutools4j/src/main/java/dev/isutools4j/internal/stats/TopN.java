package dev.isutools4j.internal.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.ToLongFunction;

/**
 * The {@code n} items with the largest keys offered so far, kept without a lock.
 *
 * <p>{@link #wants} is one volatile read of the threshold: the smallest key kept once all slots are
 * full, below which an offer cannot win. An offer replaces the smallest kept item by compare-and-set
 * and retries only when another offer won in between (lock-free: each retry means another offer
 * succeeded). A key equal to the smallest kept does not win: of equals, the earlier offer stays.
 * Keys kept only grow, so the threshold only rises.
 */
final class TopN<T> {

  private final AtomicReferenceArray<T> slots;
  private final ToLongFunction<T> key;
  // Nothing is kept at or below it; Long.MIN_VALUE while a slot is free, MAX_VALUE when n is 0.
  private final AtomicLong threshold;

  TopN(int n, ToLongFunction<T> key) {
    this.slots = new AtomicReferenceArray<>(Math.max(n, 0));
    this.key = key;
    this.threshold = new AtomicLong(n > 0 ? Long.MIN_VALUE : Long.MAX_VALUE);
  }

  /** Whether an item of this key could be kept now: one volatile read. */
  boolean wants(long itemKey) {
    return itemKey > threshold.get();
  }

  /** Keeps {@code item} if its key is larger than the smallest kept; returns whether it was kept. */
  boolean offer(T item) {
    long itemKey = key.applyAsLong(item);
    while (true) {
      int weakest = -1;
      T weakestItem = null;
      long weakestKey = Long.MAX_VALUE;
      for (int i = 0; i < slots.length(); i++) {
        T kept = slots.get(i);
        if (kept == null) {
          weakest = i;
          weakestItem = null;
          weakestKey = Long.MIN_VALUE;
          break;
        }
        long k = key.applyAsLong(kept);
        if (k < weakestKey) {
          weakest = i;
          weakestItem = kept;
          weakestKey = k;
        }
      }
      if (weakest < 0 || itemKey <= weakestKey) {
        raise(weakestKey);
        return false;
      }
      if (slots.compareAndSet(weakest, weakestItem, item)) {
        raise(smallestKept());
        return true;
      }
    }
  }

  /** The smallest key kept when every slot is full, else Long.MIN_VALUE. */
  private long smallestKept() {
    long smallest = Long.MAX_VALUE;
    for (int i = 0; i < slots.length(); i++) {
      T kept = slots.get(i);
      if (kept == null) {
        return Long.MIN_VALUE;
      }
      smallest = Math.min(smallest, key.applyAsLong(kept));
    }
    return smallest;
  }

  private void raise(long to) {
    long now = threshold.get();
    while (to > now && !threshold.compareAndSet(now, to)) {
      now = threshold.get();
    }
  }

  /** The threshold {@link #wants} compares with (for tests). */
  long threshold() {
    return threshold.get();
  }

  /** What is kept now, largest key first. */
  List<T> kept() {
    List<T> out = new ArrayList<>(slots.length());
    for (int i = 0; i < slots.length(); i++) {
      T kept = slots.get(i);
      if (kept != null) {
        out.add(kept);
      }
    }
    out.sort(Comparator.comparingLong(key).reversed());
    return out;
  }
}
