package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every method's self and total samples as a profile's flame tree holds them: the whole profile,
 * where the profile's tables keep only its top methods. A method counts once per stack in its
 * total, however deep its recursion. Samples of the nodes the tree left out stay in their parents.
 */
final class FlameShares {

  private final Map<String, long[]> byMethod; // method -> {self, total}
  private final long total;

  private FlameShares(Map<String, long[]> byMethod, long total) {
    this.byMethod = byMethod;
    this.total = total;
  }

  /** The shares of a profile section's {@code flame}; empty when it has none or a broken one. */
  static FlameShares of(Object section) {
    Fields flame = Fields.of(Fields.of(section).raw("flame"));
    if (!(flame.raw("frames") instanceof List<?> frames) || !(flame.raw("frame") instanceof List<?> frame)
        || !(flame.raw("parent") instanceof List<?> parent) || !(flame.raw("value") instanceof List<?> value)
        || frame.size() != parent.size() || frame.size() != value.size() || frame.isEmpty()) {
      return new FlameShares(Map.of(), 0);
    }
    int n = frame.size();
    int[] frameOf = new int[n];
    int[] parentOf = new int[n];
    long[] values = new long[n];
    long[] childSum = new long[n];
    for (int i = 0; i < n; i++) {
      frameOf[i] = number(frame.get(i));
      parentOf[i] = number(parent.get(i));
      values[i] = value.get(i) instanceof Number v ? v.longValue() : 0;
      if (i > 0 && (parentOf[i] < 0 || parentOf[i] >= i || frameOf[i] < 0 || frameOf[i] >= frames.size())) {
        return new FlameShares(Map.of(), 0); // not a preorder tree: nothing to trust
      }
      if (i > 0) {
        childSum[parentOf[i]] += values[i];
      }
    }
    Map<String, long[]> out = new HashMap<>();
    for (int i = 1; i < n; i++) {
      long[] m = out.computeIfAbsent(String.valueOf(frames.get(frameOf[i])), k -> new long[2]);
      m[0] += Math.max(0, values[i] - childSum[i]);
      if (!underItself(i, frameOf, parentOf, frames)) {
        m[1] += values[i];
      }
    }
    return new FlameShares(out, values[0]);
  }

  private static boolean underItself(int node, int[] frameOf, int[] parentOf, List<?> frames) {
    Object name = frames.get(frameOf[node]);
    for (int p = parentOf[node]; p > 0; p = parentOf[p]) {
      if (frames.get(frameOf[p]).equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static int number(Object o) {
    return o instanceof Number v ? v.intValue() : -1;
  }

  /** The method's samples and share in {@code table} (topSelf: self, else total), or null. */
  MethodDiff.Share share(String method, String table) {
    long[] m = byMethod.get(method);
    if (m == null || total <= 0) {
      return null;
    }
    long samples = "topSelf".equals(table) ? m[0] : m[1];
    return samples <= 0 ? null : new MethodDiff.Share(samples, (double) samples / total);
  }
}
