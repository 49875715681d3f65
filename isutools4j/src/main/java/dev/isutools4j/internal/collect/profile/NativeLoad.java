package dev.isutools4j.internal.collect.profile;

/**
 * What runs once, right before the profiler's native library first loads: the agent, which can
 * change what the JVM allows, sets it ({@code NativeAccessGrant}); the library alone has nothing
 * to run.
 */
public final class NativeLoad {

  private static volatile Runnable before = () -> {};
  private static boolean ran;

  private NativeLoad() {}

  /** Sets what runs before the first load. */
  public static void before(Runnable task) {
    before = task;
  }

  /** Runs it, the first time only; never throws. */
  static synchronized void prepare() {
    if (ran) {
      return;
    }
    ran = true;
    try {
      before.run();
    } catch (Throwable ignored) {
      // The task counts its own failures; the profiler loads all the same.
    }
  }
}
