package dev.isutools4j.internal.collect.profile;

import java.util.Locale;

/** What the profile samples: CPU time, wall-clock time of every thread, or allocated bytes. */
enum ProfileMode {
  /**
   * On-CPU time. 20 ms: at 10 ms the profile cost isugram about 2 % of its throughput, at 20 ms
   * nothing measurable (docs/PERFORMANCE.md), and 50 samples a second per busy core still give
   * thousands for a one-minute benchmark.
   */
  CPU(20),
  /** Threads sampled whether running or waiting: blocked on I/O, locks, a pool. */
  WALL(20),
  /** Allocations, weighted by bytes. */
  ALLOC(0);

  final int defaultIntervalMs;

  ProfileMode(int defaultIntervalMs) {
    this.defaultIntervalMs = defaultIntervalMs;
  }

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode named by {@code isutools.profile}; null for off; cpu for anything unknown. */
  static ProfileMode of(String setting) {
    if (setting == null) {
      return CPU;
    }
    return switch (setting.trim().toLowerCase(Locale.ROOT)) {
      case "off", "false", "no", "0" -> null;
      case "wall" -> WALL;
      case "alloc" -> ALLOC;
      default -> CPU;
    };
  }

  String unit() {
    return this == ALLOC ? "bytes" : "samples";
  }
}
