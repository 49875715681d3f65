package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.health.Health;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The flow thread, {@code isutools-flow}: a daemon of its own per run that takes the recorder's
 * queue into its tally every {@link #INTERVAL_MS} ms, so that the app's threads only ever queue.
 */
final class FlowDrainer implements Runnable {

  static final String THREAD_NAME = "isutools-flow";
  static final long INTERVAL_MS = 20;

  private final FlowRecorder recorder;
  private final Thread thread;
  private volatile boolean stopping;

  private FlowDrainer(FlowRecorder recorder) {
    this.recorder = recorder;
    this.thread = new Thread(this, THREAD_NAME);
    thread.setDaemon(true);
  }

  static FlowDrainer start(FlowRecorder recorder) {
    FlowDrainer drainer = new FlowDrainer(recorder);
    drainer.thread.start();
    return drainer;
  }

  @Override
  public void run() {
    long interval = TimeUnit.MILLISECONDS.toNanos(INTERVAL_MS);
    while (!stopping) {
      try {
        recorder.drain();
      } catch (Throwable t) {
        Health.failed("flow: drain", t);
        return;
      }
      LockSupport.parkNanos(this, interval);
    }
  }

  /** Ends the thread and waits a while for it; the saver's own drain takes what is left. */
  void stop() {
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
