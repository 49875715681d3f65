package dev.isutools4j.internal.collect.machine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Ticks on a daemon thread of its own, {@code isutools-machine}, one per run, every interval. A
 * tick missed (a stalled machine) is skipped, never caught up in a burst.
 */
final class ThreadTicker implements Ticker {

  static final String THREAD_NAME = "isutools-machine";

  private final long intervalNanos;
  private final long stopWaitMs;
  private Loop loop;

  ThreadTicker(int intervalMs) {
    this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(intervalMs, 1));
    this.stopWaitMs = Math.max(2_000, 2L * intervalMs);
  }

  @Override
  public synchronized void start(Ticked target) {
    loop = new Loop(target);
    loop.thread.start();
  }

  @Override
  public synchronized boolean stop() {
    Loop stopping = loop;
    loop = null;
    if (stopping == null) {
      return true;
    }
    stopping.stopping = true;
    LockSupport.unpark(stopping.thread);
    try {
      stopping.thread.join(stopWaitMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !stopping.thread.isAlive();
  }

  /** One run's thread. */
  private final class Loop implements Runnable {

    final Ticked target;
    final Thread thread;
    volatile boolean stopping;

    Loop(Ticked target) {
      this.target = target;
      this.thread = new Thread(this, THREAD_NAME);
      thread.setDaemon(true);
    }

    @Override
    public void run() {
      try {
        if (!target.begin(System.nanoTime())) {
          return;
        }
        long next = System.nanoTime() + intervalNanos;
        while (!stopping) {
          long wait = next - System.nanoTime();
          if (wait > 0) {
            LockSupport.parkNanos(this, wait);
            continue; // woken early, by stop or spuriously: look again
          }
          if (!target.tick(System.nanoTime())) {
            return;
          }
          next = Math.max(next + intervalNanos, System.nanoTime());
        }
      } finally {
        target.end();
      }
    }
  }
}
