package dev.isutools4j.internal.collect.profile;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;

/**
 * A workload with one known hot method: {@link #spin} takes nearly all of its CPU. Its thread
 * stays alive until closed, as a server's threads do, so that its CPU time can still be read.
 */
final class HotWorkload implements AutoCloseable {

  private static volatile long sink;
  private final CountDownLatch done = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final Thread worker;

  /**
   * Runs {@link #spin} on a thread of its own until that thread has used {@code millis} of CPU
   * (however busy the machine is; at most a minute of wall-clock time), and returns after.
   */
  HotWorkload(long millis) throws InterruptedException {
    worker = new Thread(() -> {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long cpuEnd = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
      long wallEnd = System.nanoTime() + 60_000_000_000L;
      while (threads.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
        sink += spin(200_000);
      }
      done.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "hot-worker-1");
    worker.setDaemon(true);
    worker.start();
    done.await();
  }

  // Plain arithmetic: no native frame under it to take the self time.
  static long spin(int rounds) {
    long x = sink | 1;
    for (int i = 0; i < rounds; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    return x;
  }

  @Override
  public void close() throws InterruptedException {
    release.countDown();
    worker.join();
  }
}
