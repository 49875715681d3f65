package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.snapshot.Section;

/**
 * The profile collector with {@code isutools.profile=off}: it starts no profiler, measures
 * nothing and contributes no section, so that the lifecycle needs no case for a profile that is
 * off.
 */
final class ProfileOffCollector implements Collector {

  @Override
  public String name() {
    return ProfileCollector.NAME;
  }

  @Override
  public void start(RunContext run) {
    // Nothing to start: the profile is off.
  }

  /** Always null: no section. */
  @Override
  public Section stop(boolean saving) {
    return null;
  }
}
