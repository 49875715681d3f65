package dev.isutools4j.internal.collect.traces;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;

/**
 * The {@code traces} section: the run's slowest requests with their timelines, as the run's
 * recorder kept them while the app ran (docs/SNAPSHOT.md). Nothing runs on the app's threads here;
 * the section is copied at save, never before (a hundred timelines are no reading for every second).
 */
public final class TracesCollector implements Collector {

  // The recorder of the open run: reset swaps in a fresh one before the collectors start.
  private volatile Recorder recorder;

  @Override
  public String name() {
    return "traces";
  }

  @Override
  public void start(RunContext run) {
    recorder = Recording.recorder();
  }

  @Override
  public Section stop(boolean saving) {
    Recorder run = recorder;
    recorder = null;
    return saving && run != null ? run.slowRequests().section(run.keys()) : null;
  }
}
