package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.health.Health;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The flow thread, {@code isutools-flow}: a daemon of its own per run that takes the recorder's
 * queue into its tally every {@link #INTERVAL_MS} ms; every {@link #BUSY_INTERVAL_MS} ms while
 * each look finds more than a few requests, and again at once after a quarter of the queue, so
 * that the queue keeps room for the app's threads, which only ever queue.
 */
final class FlowDrainer implements Runnable {

  static final String THREAD_NAME = "isutools-flow";
  static final long INTERVAL_MS = 20;
  static final long BUSY_INTERVAL_MS = 1;

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
    long busy = TimeUnit.MILLISECONDS.toNanos(BUSY_INTERVAL_MS);
    while (!stopping) {
      int drained;
      try {
        drained = recorder.drain();
      } catch (Throwable t) {
        Health.failed("flow: drain", t);
        return;
      }
      if (drained < FlowRecorder.QUEUE / 4) { // else a burst: take the rest in at once
        LockSupport.parkNanos(this, drained < FlowRecorder.QUEUE / 64 ? interval : busy);
      }
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
