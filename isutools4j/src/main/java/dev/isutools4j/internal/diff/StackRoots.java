package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.diff.MethodDiff.Share;
import java.util.List;
import java.util.Set;

/**
 * Frames that sit under (nearly) all of a profile's stacks: threads' roots (Java's and the native
 * ones below them) and the servlet containers' loops. Their total share is that of the threads
 * they root, so it moves whenever anything else does; it is never a move of its own.
 */
final class StackRoots {

  /** A frame on at least this share of both runs' samples is on every stack. */
  static final double EVERY_STACK = 0.95;

  /**
   * Known roots: the JDK's threads and pools, Tomcat's (its connector's processing included),
   * Jetty's and Netty's loops.
   */
  private static final List<String> PREFIXES = List.of("java.lang.Thread.run",
      "java.lang.Thread.runWith", "java.lang.VirtualThread.run",
      "java.util.concurrent.ThreadPoolExecutor", "java.util.concurrent.ForkJoinWorkerThread.run",
      "java.util.concurrent.ForkJoinPool", "org.apache.tomcat.util.threads.",
      "org.apache.tomcat.util.net.", "org.apache.coyote.", "org.eclipse.jetty.util.thread.",
      "io.netty.util.concurrent.", "io.netty.channel.nio.NioEventLoop.run");

  /** Native frames under every thread of a JVM, as async-profiler names them (Linux, macOS). */
  private static final Set<String> NATIVE = Set.of("clone", "clone3", "start_thread",
      "thread_native_entry", "Thread::call_run", "JavaThread::run", "JavaThread::thread_main_inner",
      "_pthread_start", "thread_start");

  private StackRoots() {}

  /**
   * Whether {@code method}, with these total shares (null where a run's profile lacks it), is a
   * known root, or on every stack in both runs.
   */
  static boolean isRoot(String method, Share before, Share after) {
    if (NATIVE.contains(method)) {
      return true;
    }
    for (String prefix : PREFIXES) {
      if (method.startsWith(prefix)) {
        return true;
      }
    }
    return before != null && after != null && before.share() >= EVERY_STACK
        && after.share() >= EVERY_STACK;
  }
}
