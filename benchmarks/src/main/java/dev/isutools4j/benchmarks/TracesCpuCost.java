package dev.isutools4j.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * What one request costs the thread that makes it, in CPU time rather than wall time: on a shared
 * machine a thread waiting for a core makes a wall-time benchmark slow whatever it runs, while its
 * CPU time is its own. Runs {@link TracesWorkload}'s request, traces as the JVM's settings say,
 * in rounds after a warm-up, and prints each round's CPU time and allocated bytes per request and
 * their medians. Compare a JVM started with {@code -Disutools.traces=0
 * -Disutools.traces.per.route=0} with one started without, in turns (A-B-B-A):
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.TracesCpuCost 10 1000000 7
 * java -Disutools.traces=0 -Disutools.traces.per.route=0 \
 *     -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.TracesCpuCost 10 1000000 7
 * </pre>
 *
 * Arguments: statements per request (10), requests per round (1 000 000), rounds (7).
 */
public final class TracesCpuCost {

  private TracesCpuCost() {}

  public static void main(String[] args) throws Exception {
    int statements = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int requests = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    TracesWorkload workload = new TracesWorkload(statements);
    long sink = 0;
    for (int i = 0; i < requests; i++) {
      sink += workload.request(0); // warm-up: the JIT compiles, the thread's timeline has grown
    }
    long tid = Thread.currentThread().getId();
    double[] cpu = new double[rounds];
    double[] bytes = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long cpuBefore = threads.getCurrentThreadCpuTime();
      long allocatedBefore = threads.getThreadAllocatedBytes(tid);
      for (int i = 0; i < requests; i++) {
        sink += workload.request(0);
      }
      cpu[r] = (double) (threads.getCurrentThreadCpuTime() - cpuBefore) / requests;
      bytes[r] = (double) (threads.getThreadAllocatedBytes(tid) - allocatedBefore) / requests;
      System.out.printf(Locale.ROOT, "round %d: %.1f ns CPU, %.4f B allocated per request%n", r + 1, cpu[r],
          bytes[r]);
    }
    System.out.println(workload.check());
    workload.close();
    System.out.printf(Locale.ROOT, "traces %s, %d statements per request: median %.1f ns CPU, %.4f B per"
            + " request (sink %d)%n", System.getProperty("isutools.traces", "default"), statements,
        median(cpu), median(bytes), sink);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
