package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.snapshot.ProfileSection.Flame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flame graph of a profile: its stacks merged into a tree of frames under one root, written as
 * the profile section's {@code flame} (docs/SNAPSHOT.md): parallel arrays of frame, parent and
 * value per node, in preorder with the widest child first. At most {@code maxNodes} nodes: the
 * narrowest are left out, and their samples stay in their parent's width.
 */
final class FlameTree {

  static final String ROOT = "all";

  private FlameTree() {}

  static Flame of(Stacks stacks, int maxNodes) {
    // Build the full tree: node 0 is the root; children keyed by (parent, frame).
    int capacity = 1024;
    int[] frame = new int[capacity];
    int[] parent = new int[capacity];
    long[] value = new long[capacity];
    frame[0] = -1;
    parent[0] = -1;
    value[0] = stacks.total();
    int size = 1;
    Map<Long, Integer> children = new HashMap<>();
    for (Stacks.Stack stack : stacks.byCount()) {
      int node = 0;
      for (int f : stack.frames()) {
        long key = ((long) node << 32) | (f & 0xffffffffL);
        Integer child = children.get(key);
        if (child == null) {
          if (size == capacity) {
            capacity *= 2;
            frame = Arrays.copyOf(frame, capacity);
            parent = Arrays.copyOf(parent, capacity);
            value = Arrays.copyOf(value, capacity);
          }
          child = size++;
          frame[child] = f;
          parent[child] = node;
          children.put(key, child);
        }
        value[child] += stack.count();
        node = child;
      }
    }
    long threshold = threshold(value, size, maxNodes);

    // Keep nodes wider than the threshold (a parent is never narrower than its child).
    List<List<Integer>> kids = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      kids.add(null);
    }
    int dropped = 0;
    for (int i = 1; i < size; i++) {
      if (value[i] > threshold) {
        List<Integer> list = kids.get(parent[i]);
        if (list == null) {
          list = new ArrayList<>(2);
          kids.set(parent[i], list);
        }
        list.add(i);
      } else {
        dropped++;
      }
    }

    // Write in preorder, widest child first, with frames renumbered in order of use.
    List<String> names = new ArrayList<>();
    StringBuilder kinds = new StringBuilder();
    Map<Integer, Integer> frameIndex = new HashMap<>();
    names.add(ROOT);
    kinds.append(FrameKind.ROOT.letter);
    int kept = size - dropped;
    int[] outFrame = new int[kept];
    int[] outParent = new int[kept];
    long[] outValue = new long[kept];
    int written = 0;
    final long[] values = value;
    int[] stack = new int[Math.max(16, kept)];
    int[] stackParent = new int[stack.length];
    int top = 0;
    stack[top] = 0;
    stackParent[top++] = -1;
    while (top > 0) {
      top--;
      int node = stack[top];
      outParent[written] = stackParent[top];
      outValue[written] = values[node];
      if (node != 0) {
        int f = frame[node];
        Integer index = frameIndex.get(f);
        if (index == null) {
          index = names.size();
          frameIndex.put(f, index);
          Frames.Frame known = stacks.frameOf(f);
          names.add(known.name());
          kinds.append(known.kind().letter);
        }
        outFrame[written] = index;
      }
      List<Integer> list = kids.get(node);
      if (list != null) {
        list.sort((a, b) -> Long.compare(values[a], values[b])); // narrowest pushed first, popped last
        for (int child : list) {
          stack[top] = child;
          stackParent[top++] = written;
        }
      }
      written++;
    }
    return new Flame(names, kinds.toString(), outFrame, outParent, outValue, dropped);
  }

  /** The width a node must exceed to be kept: all are kept when they fit in {@code maxNodes}. */
  private static long threshold(long[] value, int size, int maxNodes) {
    if (size <= maxNodes) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(value, size);
    Arrays.sort(sorted);
    // The (maxNodes+1)-th widest node's width: only wider ones stay, so ties never exceed the cap.
    return Math.max(0, sorted[size - maxNodes - 1]);
  }
}
