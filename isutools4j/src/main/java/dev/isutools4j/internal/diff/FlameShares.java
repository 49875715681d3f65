package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.ProfileSection;
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

  /** The shares of a profile's flame tree; empty when it has none or a broken one. */
  static FlameShares of(ProfileSection.Flame flame) {
    if (flame == null) {
      return new FlameShares(Map.of(), 0);
    }
    List<String> frames = flame.frames();
    int[] frameOf = flame.frame();
    int[] parentOf = flame.parent();
    long[] values = flame.value();
    int n = frameOf.length;
    if (n != parentOf.length || n != values.length || n == 0) {
      return new FlameShares(Map.of(), 0);
    }
    long[] childSum = new long[n];
    for (int i = 1; i < n; i++) {
      if (parentOf[i] < 0 || parentOf[i] >= i || frameOf[i] < 0 || frameOf[i] >= frames.size()) {
        return new FlameShares(Map.of(), 0); // not a preorder tree: nothing to trust
      }
      childSum[parentOf[i]] += values[i];
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

  private static boolean underItself(int node, int[] frameOf, int[] parentOf, List<String> frames) {
    Object name = frames.get(frameOf[node]);
    for (int p = parentOf[node]; p > 0; p = parentOf[p]) {
      if (frames.get(frameOf[p]).equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The method's samples and share: its self samples when {@code self}, else its total; or null. */
  MethodDiff.Share share(String method, boolean self) {
    long[] m = byMethod.get(method);
    if (m == null || total <= 0) {
      return null;
    }
    long samples = self ? m[0] : m[1];
    return samples <= 0 ? null : new MethodDiff.Share(samples, (double) samples / total);
  }
}
