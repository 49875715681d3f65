package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSectionJson;

/**
 * The {@code flow} collector: from reset to save, the run's requests go to a fresh {@link
 * FlowRecorder}, taken in by the flow thread ({@link FlowDrainer}); at save, what is still queued
 * is taken in on the saving thread and the tally becomes the section; while the run is open, the
 * flow so far is offered to its page ({@link #live}). With {@code
 * isutools.flow.cookies=off} nothing is recorded and no thread runs; the section says it was off.
 */
public final class FlowCollector implements Collector {

  private final Settings.Flow settings;
  private final KeyIndex routes;
  // Volatile: live() reads it without the monitor, which start() and stop() hold.
  private volatile FlowRecorder recorder;
  private FlowDrainer drainer;

  /** Over the JVM's route key index (the recorder's {@code keys().routes().index()}). */
  public FlowCollector(Settings settings, KeyIndex routes) {
    this.settings = settings.flow();
    this.routes = routes;
  }

  @Override
  public String name() {
    return FlowSectionJson.NAME;
  }

  @Override
  public synchronized void start(RunContext run) {
    stop(false);
    recorder = new FlowRecorder(settings.cookies(), FlowRecording.HASH, routes.slots(),
        settings.maxSessions(), FlowRecorder.QUEUE);
    FlowRecording.open(recorder);
    if (!settings.off()) {
      drainer = FlowDrainer.start(recorder);
    }
  }

  @Override
  public synchronized FlowSection stop(boolean saving) {
    FlowRecorder stopping = recorder;
    if (stopping == null) {
      return null;
    }
    FlowRecording.close(stopping);
    if (drainer != null) {
      drainer.stop();
    }
    recorder = null;
    drainer = null;
    return saving ? stopping.section(routes) : null;
  }

  /**
   * The flow so far, for the open run's page; null while the flow thread is taking the queue in
   * (the next reading has it) or no run is open.
   */
  @Override
  public FlowSection live() {
    FlowRecorder open = recorder;
    return open == null ? null : open.sectionIfFree(routes);
  }
}
