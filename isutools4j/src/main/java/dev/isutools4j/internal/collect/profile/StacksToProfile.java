package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.snapshot.ProfileSection;
import java.util.List;
import java.util.Map;

/** A stopped profiler's stacks, with the run's thread times, as the {@code profile} section. */
final class StacksToProfile {

  static final int TOP = 50;
  static final int THREADS = 30;

  private StacksToProfile() {}

  static ProfileSection of(ProfilerEngine engine, List<String> fallbacks, ProfileMode mode,
      int intervalMs, double durationMs, Stacks stacks, List<ProfileSection.ThreadRow> threads,
      int maxNodes, Map<String, String> files, AppPackages app, String error) {
    return new ProfileSection(
        engine.name(),
        engine.version(),
        mode.label(),
        engine.event(),
        fallbacks,
        mode == ProfileMode.ALLOC ? null : intervalMs,
        Math.round(durationMs * 1000) / 1000.0,
        mode.unit(),
        stacks.total(),
        stacks.distinct(),
        stacks.droppedStacks(),
        new ProfileSection.App(app.prefixes(), app.mainClass() == null ? null : app.mainClass().name(),
            app.mainClass() == null ? null : app.mainClass().from()),
        TopMethods.self(stacks, TOP),
        TopMethods.total(stacks, TOP),
        TopMethods.app(stacks, TOP),
        threads,
        FlameTree.of(stacks, maxNodes),
        files,
        error);
  }
}
