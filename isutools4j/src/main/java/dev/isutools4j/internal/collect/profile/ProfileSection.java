package dev.isutools4j.internal.collect.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code profile} section of a run (docs/SNAPSHOT.md), as plain JSON data. */
final class ProfileSection {

  static final int TOP = 50;
  static final int THREADS = 30;

  private ProfileSection() {}

  /** No profile: why, and what was tried. */
  static Map<String, Object> failed(String mode, String error, List<String> fallbacks) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", null);
    out.put("mode", mode);
    out.put("fallbacks", fallbacks);
    out.put("error", error);
    return out;
  }

  static Map<String, Object> of(ProfilerEngine engine, List<String> fallbacks, ProfileMode mode,
      int intervalMs,
      double durationMs, Stacks stacks, List<Map<String, Object>> threads, int maxNodes,
      Map<String, Object> files, String error) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", engine.name());
    out.put("engineVersion", engine.version());
    out.put("mode", mode.label());
    out.put("event", engine.event());
    out.put("fallbacks", fallbacks);
    out.put("intervalMs", mode == ProfileMode.ALLOC ? null : intervalMs);
    out.put("durationMs", Math.round(durationMs * 1000) / 1000.0);
    out.put("unit", mode.unit());
    out.put("samples", stacks.total());
    out.put("stacks", stacks.distinct());
    out.put("droppedStacks", stacks.droppedStacks());
    out.put("topSelf", TopMethods.self(stacks, TOP));
    out.put("topTotal", TopMethods.total(stacks, TOP));
    out.put("topApp", TopMethods.app(stacks, TOP));
    out.put("threads", threads);
    out.put("flame", FlameTree.of(stacks, maxNodes));
    out.put("files", files);
    out.put("error", error);
    return out;
  }
}
