package dev.isutools4j.internal.diff;

import java.util.List;

/**
 * Frames that sit under (nearly) all of a profile's stacks: threads' roots and the servlet
 * containers' loops. Their share is that of the threads they root, so it moves whenever anything
 * else does; it is never a move of its own.
 */
final class StackRoots {

  /** A frame on at least this share of both runs' samples is on every stack. */
  static final double EVERY_STACK = 0.95;

  /** Known roots: the JDK's threads and pools, Tomcat's, Jetty's and Netty's loops. */
  private static final List<String> PREFIXES = List.of("java.lang.Thread.run",
      "java.lang.Thread.runWith", "java.lang.VirtualThread.run",
      "java.util.concurrent.ThreadPoolExecutor", "java.util.concurrent.ForkJoinWorkerThread.run",
      "java.util.concurrent.ForkJoinPool", "org.apache.tomcat.util.threads.",
      "org.apache.tomcat.util.net.", "org.eclipse.jetty.util.thread.",
      "io.netty.util.concurrent.", "io.netty.channel.nio.NioEventLoop.run");

  private StackRoots() {}

  /** Whether {@code m} is a known root, or on every stack in both runs. */
  static boolean isRoot(MethodDiff m) {
    for (String prefix : PREFIXES) {
      if (m.method().startsWith(prefix)) {
        return true;
      }
    }
    return m.before() != null && m.after() != null && m.before().share() >= EVERY_STACK
        && m.after().share() >= EVERY_STACK;
  }
}
