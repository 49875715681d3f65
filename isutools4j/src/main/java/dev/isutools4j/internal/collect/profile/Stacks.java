package dev.isutools4j.internal.collect.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile as counts per distinct stack, root frame first, over a dictionary of frames each named
 * once. Bounded: beyond {@code maxStacks} distinct stacks, a new stack's count is kept only in the
 * total and in {@link #droppedStacks()}; stacks deeper than {@code maxDepth} keep their root-most
 * frames. Built on the admin server's thread, after the profiler stopped; not thread-safe.
 */
final class Stacks {

  private final int maxStacks;
  private final int maxDepth;
  private final List<Frames.Frame> frames = new ArrayList<>();
  private final Map<Frames.Frame, Integer> frameIds = new HashMap<>();
  private final Map<Key, long[]> counts = new HashMap<>();
  private long total;
  private long droppedStacks;
  private long droppedSamples;

  Stacks(int maxStacks, int maxDepth) {
    this.maxStacks = maxStacks;
    this.maxDepth = maxDepth;
  }

  /** The id of a frame, added to the dictionary on first sight. */
  int frame(Frames.Frame frame) {
    Integer id = frameIds.get(frame);
    if (id == null) {
      id = frames.size();
      frames.add(frame);
      frameIds.put(frame, id);
    }
    return id;
  }

  /** Adds {@code count} samples (or bytes) of the stack {@code ids[0..length)}, root first. */
  void add(int[] ids, int length, long count) {
    if (count <= 0) {
      return;
    }
    total += count;
    Key key = new Key(Arrays.copyOf(ids, Math.min(length, maxDepth)));
    long[] known = counts.get(key);
    if (known != null) {
      known[0] += count;
    } else if (counts.size() < maxStacks) {
      counts.put(key, new long[] {count});
    } else {
      droppedStacks++;
      droppedSamples += count;
    }
  }

  Frames.Frame frameOf(int id) {
    return frames.get(id);
  }

  int frameCount() {
    return frames.size();
  }

  /** Every sample, those of dropped stacks included. */
  long total() {
    return total;
  }

  long droppedStacks() {
    return droppedStacks;
  }

  long droppedSamples() {
    return droppedSamples;
  }

  int distinct() {
    return counts.size();
  }

  /** The kept stacks and their counts, most samples first. */
  List<Stack> byCount() {
    List<Stack> list = new ArrayList<>(counts.size());
    for (Map.Entry<Key, long[]> e : counts.entrySet()) {
      list.add(new Stack(e.getKey().ids, e.getValue()[0]));
    }
    list.sort((a, b) -> Long.compare(b.count(), a.count()));
    return list;
  }

  /** One distinct stack (frame ids, root first) and its samples. */
  record Stack(int[] frames, long count) {}

  private static final class Key {
    final int[] ids;
    final int hash;

    Key(int[] ids) {
      this.ids = ids;
      this.hash = Arrays.hashCode(ids);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.hash == hash && Arrays.equals(k.ids, ids);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
