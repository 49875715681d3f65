package dev.isutools4j.cli;

import java.util.concurrent.CountDownLatch;

/** A serving command's end: it serves until the JVM is told to stop (Ctrl-C, SIGTERM), then stops what it started. */
final class UntilStopped {

  private UntilStopped() {}

  /** Blocks until the JVM shuts down; {@code stop} runs in its shutdown hook, on thread {@code name}. */
  static void await(Runnable stop, String name) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stop.run();
      stopped.countDown();
    }, name));
    stopped.await();
  }
}
