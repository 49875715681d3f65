package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.snapshot.ProfileSection.MethodRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hot methods of a profile: by self samples (the frame on top of the stack), by total samples
 * (the frame anywhere on it, once per sample however deep the recursion) and by app frame (each
 * sample given to its deepest frame of the app's own code, the framework and JDK time it called
 * included). Shares are of every sample of the run.
 */
final class TopMethods {

  private TopMethods() {}

  static List<MethodRow> self(Stacks stacks, int limit) {
    long[] samples = new long[stacks.frameCount()];
    for (Stacks.Stack stack : stacks.byCount()) {
      int[] frames = stack.frames();
      samples[frames[frames.length - 1]] += stack.count();
    }
    return rows(stacks, samples, limit);
  }

  static List<MethodRow> total(Stacks stacks, int limit) {
    long[] samples = new long[stacks.frameCount()];
    int[] seenIn = new int[stacks.frameCount()];
    int stamp = 0;
    for (Stacks.Stack stack : stacks.byCount()) {
      stamp++;
      for (int f : stack.frames()) {
        if (seenIn[f] != stamp) {
          seenIn[f] = stamp;
          samples[f] += stack.count();
        }
      }
    }
    return rows(stacks, samples, limit);
  }

  static List<MethodRow> app(Stacks stacks, int limit) {
    long[] samples = new long[stacks.frameCount()];
    for (Stacks.Stack stack : stacks.byCount()) {
      int[] frames = stack.frames();
      for (int i = frames.length - 1; i >= 0; i--) {
        if (stacks.frameOf(frames[i]).kind() == FrameKind.APP) {
          samples[frames[i]] += stack.count();
          break;
        }
      }
    }
    return rows(stacks, samples, limit);
  }

  private static List<MethodRow> rows(Stacks stacks, long[] samples, int limit) {
    // Merge frames that differ only in kind bookkeeping but share a name (e.g. two annotations).
    Map<String, long[]> byName = new LinkedHashMap<>();
    Map<String, Boolean> app = new LinkedHashMap<>();
    for (int f = 0; f < samples.length; f++) {
      if (samples[f] == 0) {
        continue;
      }
      Frames.Frame frame = stacks.frameOf(f);
      byName.computeIfAbsent(frame.name(), k -> new long[1])[0] += samples[f];
      app.merge(frame.name(), frame.kind() == FrameKind.APP, Boolean::logicalOr);
    }
    List<Map.Entry<String, long[]>> sorted = new ArrayList<>(byName.entrySet());
    sorted.sort((a, b) -> {
      int byCount = Long.compare(b.getValue()[0], a.getValue()[0]);
      return byCount != 0 ? byCount : a.getKey().compareTo(b.getKey());
    });
    double total = Math.max(1, stacks.total());
    List<MethodRow> rows = new ArrayList<>(Math.min(limit, sorted.size()));
    for (Map.Entry<String, long[]> e : sorted.subList(0, Math.min(limit, sorted.size()))) {
      rows.add(new MethodRow(e.getKey(), e.getValue()[0],
          Math.round(e.getValue()[0] / total * 10_000) / 10_000.0, app.get(e.getKey())));
    }
    return rows;
  }
}
