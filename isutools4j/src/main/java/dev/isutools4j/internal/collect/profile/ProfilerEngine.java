package dev.isutools4j.internal.collect.profile;

import java.nio.file.Path;
import java.util.List;

/**
 * One profiler for one run: started at reset, stopped at save, when it hands in its stacks. An
 * engine that cannot start throws with the reason, which the profile section shows.
 */
interface ProfilerEngine {

  /** {@code async-profiler} or {@code jfr}. */
  String name();

  String version();

  /** What sampled, once started (an event name, or several joined by {@code +}). */
  String event();

  /** Events tried before the one that started, each with why it did not. */
  List<String> fallbacks();

  void start(ProfileMode mode, int intervalMs, Path folder) throws Exception;

  /**
   * Stops; returns every sample, the raw recording left in the run's folder (or null) and the
   * profiler's own log there (or null when it said nothing).
   */
  Stopped stop(Frames frames, int maxStacks, int maxDepth) throws Exception;

  /** What a stopped engine hands in. */
  record Stopped(Stacks stacks, Path recording, Path log) {}

  /** Stops and throws away what was sampled (a discarded run). Never throws. */
  void abort();
}
