package dev.isutools4j.testing;

import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.ProfileSectionJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-made {@code profile} sections, plain maps as docs/SNAPSHOT.md describes them, and typed as a
 * run read from its JSON has them.
 */
public final class Profiles {

  private Profiles() {}

  /** The section as its codec reads it from a run's JSON; null for anything but a JSON object. */
  public static ProfileSection typed(Object section) {
    return section instanceof Map<?, ?> ? new ProfileSectionJson().read(Fields.of(section)) : null;
  }

  /** A profile section; {@code flame} may be null (left out). */
  public static Map<String, Object> section(String engine, String mode, long samples,
      List<Map<String, Object>> topSelf, List<Map<String, Object>> topTotal, Map<String, Object> flame) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", engine);
    out.put("engineVersion", "4.6");
    out.put("mode", mode);
    out.put("event", mode);
    out.put("fallbacks", List.of());
    out.put("intervalMs", 10);
    out.put("durationMs", 60_000.0);
    out.put("unit", "alloc".equals(mode) ? "bytes" : "samples");
    out.put("samples", samples);
    out.put("stacks", 10);
    out.put("droppedStacks", 0);
    out.put("topSelf", topSelf);
    out.put("topTotal", topTotal);
    out.put("topApp", List.of());
    out.put("threads", List.of());
    if (flame != null) {
      out.put("flame", flame);
    }
    out.put("files", Map.of());
    out.put("error", null);
    return out;
  }

  /** What a run writes when no profiler could start. */
  public static Map<String, Object> failed(String error) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", null);
    out.put("mode", "cpu");
    out.put("samples", 0);
    out.put("error", error);
    return out;
  }

  /** One row of topSelf, topTotal or topApp. */
  public static Map<String, Object> method(String method, long samples, double share) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", method);
    out.put("samples", samples);
    out.put("share", share);
    out.put("app", method.startsWith("dev."));
    return out;
  }

  /** A flame tree; node i has frame {@code frame[i]}, parent {@code parent[i]}, value {@code value[i]}. */
  public static Map<String, Object> flame(List<String> frames, String kinds, int[] frame, int[] parent,
      long[] value) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("frames", frames);
    out.put("kinds", kinds);
    out.put("frame", Arrays.stream(frame).boxed().toList());
    out.put("parent", Arrays.stream(parent).boxed().toList());
    out.put("value", Arrays.stream(value).boxed().toList());
    out.put("droppedNodes", 0);
    return out;
  }

  /** A root with one leaf per value, leaf i named {@code m<i>}. */
  public static Map<String, Object> wideFlame(long... leaves) {
    List<String> frames = new ArrayList<>(leaves.length + 1);
    frames.add("all");
    int[] frame = new int[leaves.length + 1];
    int[] parent = new int[leaves.length + 1];
    long[] value = new long[leaves.length + 1];
    parent[0] = -1;
    for (int i = 0; i < leaves.length; i++) {
      frames.add("m" + i);
      frame[i + 1] = i + 1;
      value[i + 1] = leaves[i];
      value[0] += leaves[i];
    }
    return flame(frames, "r" + "f".repeat(leaves.length), frame, parent, value);
  }
}
