package dev.isutools4j.internal.diff;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs' flame graphs merged into one tree: a node is one path of frame names from the root,
 * with the samples of its subtree in each run. Node 0 is the root, every parent comes before its
 * children (preorder) and siblings come by their samples in the later run, most first.
 * Immutable; the arrays are never handed out.
 */
public final class FlameDiff {

  private final List<String> frames;
  private final String kinds;
  private final int[] frame;
  private final int[] parent;
  private final long[] before;
  private final long[] after;
  private final int droppedNodes;

  FlameDiff(List<String> frames, String kinds, int[] frame, int[] parent, long[] before, long[] after,
      int droppedNodes) {
    this.frames = List.copyOf(frames);
    this.kinds = kinds;
    this.frame = frame;
    this.parent = parent;
    this.before = before;
    this.after = after;
    this.droppedNodes = droppedNodes;
  }

  public int nodes() {
    return frame.length;
  }

  /** The name of node {@code i}'s frame. */
  public String name(int node) {
    return frames.get(frame[node]);
  }

  /** The letter of node {@code i}'s frame kind (r root, a app, f framework or JDK, n native, k kernel). */
  public char kind(int node) {
    return kinds.charAt(frame[node]);
  }

  public int parent(int node) {
    return parent[node];
  }

  public long before(int node) {
    return before[node];
  }

  public long after(int node) {
    return after[node];
  }

  public long beforeTotal() {
    return before.length == 0 ? 0 : before[0];
  }

  public long afterTotal() {
    return after.length == 0 ? 0 : after[0];
  }

  /** Nodes left out to stay within the node limit; their samples stay in their parents. */
  public int droppedNodes() {
    return droppedNodes;
  }

  /** The tree as the flame graph's differential JSON (docs/SNAPSHOT.md, "The diff"). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("frames", frames);
    out.put("kinds", kinds);
    out.put("frame", frame.clone());
    out.put("parent", parent.clone());
    out.put("before", before.clone());
    out.put("after", after.clone());
    out.put("beforeTotal", beforeTotal());
    out.put("afterTotal", afterTotal());
    out.put("droppedNodes", droppedNodes);
    return out;
  }
}
