package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.ProfileSection.Flame;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * Merging two flame trees (the profile sections' flames: frames, kinds, and per node frame,
 * parent, value) into one FlameDiff.
 *
 * Nodes are matched by their path of frame names from the root, so the same call path in both
 * runs becomes one node with both runs' samples. Over the node limit, the nodes with the smallest
 * weight go, where weight is the larger of the node's two shares (capped at its parent's, so a
 * child never outweighs its parent). Ties go to the node earlier in preorder, that is a parent
 * before its children: the kept nodes are then always a tree hanging from the root, and a dropped
 * node's samples simply stay counted in its parent's value.
 */
final class FlameMerge {

  /** Nodes of the merged tree at most; the smallest subtrees beyond it are left out. */
  static final int MAX_NODES = 20_000;

  private static final char DEFAULT_KIND = 'f';

  private static final class Node {
    final String name;
    final Node parent;
    char kind;
    int index = -1;
    long before;
    long after;
    double weight;
    Map<String, Node> children;

    Node(String name, Node parent, char kind) {
      this.name = name;
      this.parent = parent;
      this.kind = kind;
    }

    Node child(String childName, char childKind) {
      if (children == null) {
        children = new HashMap<>(4);
      }
      return children.computeIfAbsent(childName, n -> new Node(n, this, childKind));
    }
  }

  private static final Comparator<Node> SIBLINGS = Comparator.comparingLong((Node n) -> -n.after)
      .thenComparingLong(n -> -n.before).thenComparing(n -> n.name);

  private FlameMerge() {}

  /** The two trees merged, or null when either has no root with samples. */
  static FlameDiff merge(Flame before, Flame after, int maxNodes) {
    if (!hasTree(before) || !hasTree(after)) {
      return null;
    }
    Node root = new Node(rootName(after, rootName(before, "all")), null, 'r');
    add(root, before, true);
    add(root, after, false);
    List<Node> preorder = preorder(root);
    boolean[] kept = keep(preorder, Math.max(1, maxNodes));
    return write(preorder, kept);
  }

  /** Whether there is a flame tree with a root with samples. */
  static boolean hasTree(Flame flame) {
    return flame != null && flame.rootValue() > 0;
  }

  private static String rootName(Flame flame, String otherwise) {
    List<String> frames = flame.frames();
    int index = flame.nodes() == 0 ? -1 : flame.frameOf(0);
    return index >= 0 && index < frames.size() && frames.get(index) != null
        ? frames.get(index) : otherwise;
  }

  /** Adds one run's nodes to the merged tree; nodes with a broken parent or frame are skipped. */
  private static void add(Node root, Flame flame, boolean before) {
    List<String> frames = flame.frames();
    String kinds = flame.kinds();
    int[] frame = flame.frame();
    int[] parent = flame.parent();
    long[] value = flame.value();
    count(root, flame.rootValue(), before);
    int n = Math.min(frame.length, Math.min(parent.length, value.length));
    if (n == 0) {
      return;
    }
    Node[] merged = new Node[n];
    merged[0] = root;
    for (int i = 1; i < n; i++) {
      int p = parent[i];
      int f = frame[i];
      if (p < 0 || p >= i || merged[p] == null || f < 0 || f >= frames.size() || frames.get(f) == null) {
        continue;
      }
      char kind = f < kinds.length() ? kinds.charAt(f) : DEFAULT_KIND;
      Node node = merged[p].child(frames.get(f), kind);
      if (!before) {
        node.kind = kind;
      }
      count(node, Math.max(0, value[i]), before);
      merged[i] = node;
    }
  }

  private static void count(Node node, long samples, boolean before) {
    if (before) {
      node.before += samples;
    } else {
      node.after += samples;
    }
  }

  /** Every node, parents first, siblings by after's samples; each with its weight. */
  private static List<Node> preorder(Node root) {
    double beforeTotal = Math.max(1, root.before);
    double afterTotal = Math.max(1, root.after);
    List<Node> out = new ArrayList<>();
    Deque<Node> stack = new ArrayDeque<>();
    root.weight = 1;
    stack.push(root);
    while (!stack.isEmpty()) {
      Node node = stack.pop();
      out.add(node);
      if (node.children == null) {
        continue;
      }
      List<Node> children = new ArrayList<>(node.children.values());
      children.sort(SIBLINGS);
      for (int i = children.size() - 1; i >= 0; i--) {
        Node child = children.get(i);
        double own = Math.max(child.before / beforeTotal, child.after / afterTotal);
        child.weight = Math.min(own, node.weight);
        stack.push(child);
      }
    }
    return out;
  }

  private static boolean[] keep(List<Node> preorder, int maxNodes) {
    boolean[] kept = new boolean[preorder.size()];
    if (preorder.size() <= maxNodes) {
      Arrays.fill(kept, true);
      return kept;
    }
    Integer[] order = new Integer[preorder.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -preorder.get(i).weight)
        .thenComparingInt(i -> i));
    for (int i = 0; i < maxNodes; i++) {
      kept[order[i]] = true;
    }
    return kept;
  }

  private static FlameDiff write(List<Node> preorder, boolean[] kept) {
    int size = 0;
    for (boolean k : kept) {
      size += k ? 1 : 0;
    }
    Map<String, Integer> frameIndex = new LinkedHashMap<>();
    StringBuilder kinds = new StringBuilder();
    int[] frame = new int[size];
    int[] parent = new int[size];
    long[] before = new long[size];
    long[] after = new long[size];
    int next = 0;
    for (int i = 0; i < preorder.size(); i++) {
      if (!kept[i]) {
        continue;
      }
      Node node = preorder.get(i);
      Integer f = frameIndex.get(node.name);
      if (f == null) {
        f = frameIndex.size();
        frameIndex.put(node.name, f);
        kinds.append(node.kind);
      }
      node.index = next;
      frame[next] = f;
      // Kept nodes hang from the root (see above), so the parent was written already.
      parent[next] = node.parent == null ? -1 : node.parent.index;
      before[next] = node.before;
      after[next] = node.after;
      next++;
    }
    return new FlameDiff(new ArrayList<>(frameIndex.keySet()), kinds.toString(), frame, parent,
        before, after, preorder.size() - size);
  }
}
