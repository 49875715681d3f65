package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.health.Health;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The flow thread, {@code isutools-flow}: a daemon of its own per run that takes the recorder's
 * queue into its tally every {@link #INTERVAL_MS} ms; every {@link #BUSY_INTERVAL_MS} ms while
 * each look finds more than a few requests, and again at once after a quarter of the queue, so
 * that the queue keeps room for the app's threads, which only ever queue. While looks find
 * nothing (no request carries a session) it looks half as often each time, down to once every
 * {@link #IDLE_INTERVAL_MS} ms: waking fifty times a second for nothing costs the app's cores
 * context switches, and the queue holds more than that wait's requests at 100,000 a second.
 */
final class FlowDrainer implements Runnable {

  static final String THREAD_NAME = "isutools-flow";
  static final long INTERVAL_MS = 20;
  static final long BUSY_INTERVAL_MS = 1;
  static final long IDLE_INTERVAL_MS = 100;

  private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(INTERVAL_MS);
  private static final long BUSY_NANOS = TimeUnit.MILLISECONDS.toNanos(BUSY_INTERVAL_MS);
  private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(IDLE_INTERVAL_MS);

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
    long wait = 0;
    while (!stopping) {
      int drained;
      try {
        drained = recorder.drain();
      } catch (Throwable t) {
        Health.failed("flow: drain", t);
        return;
      }
      wait = nextWaitNanos(drained, wait);
      if (wait > 0) {
        LockSupport.parkNanos(this, wait);
      }
    }
  }

  /**
   * How long to wait before the next look, given what this one took in and the wait before it: 0
   * after a burst (a quarter of the queue), {@link #BUSY_INTERVAL_MS} while looks find more than
   * a few, {@link #INTERVAL_MS} when they find some, and twice the last wait when they find none,
   * up to {@link #IDLE_INTERVAL_MS}.
   */
  static long nextWaitNanos(int drained, long lastWaitNanos) {
    if (drained >= FlowRecorder.QUEUE / 4) {
      return 0;
    }
    if (drained >= FlowRecorder.QUEUE / 64) {
      return BUSY_NANOS;
    }
    if (drained > 0) {
      return INTERVAL_NANOS;
    }
    return Math.min(IDLE_NANOS, Math.max(INTERVAL_NANOS, 2 * lastWaitNanos));
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
