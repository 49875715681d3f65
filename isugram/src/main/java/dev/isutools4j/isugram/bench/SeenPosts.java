package dev.isutools4j.isugram.bench;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/** The ids of posts recently seen on lists, to open later. Thread-safe. */
final class SeenPosts {

  private static final int SIZE = 256;
  private final AtomicIntegerArray ids = new AtomicIntegerArray(SIZE);
  private final AtomicInteger next = new AtomicInteger();

  void add(int id) {
    ids.set(Math.floorMod(next.getAndIncrement(), SIZE), id);
  }

  /** A seen id, or 0 when none was seen yet. */
  int random(SplittableRandom random) {
    int filled = Math.min(next.get(), SIZE);
    return filled == 0 ? 0 : ids.get(random.nextInt(filled));
  }
}
