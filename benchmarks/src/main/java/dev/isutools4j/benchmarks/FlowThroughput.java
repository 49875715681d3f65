package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.flow.FlowCollector;
import dev.isutools4j.internal.flow.FlowRecording;
import dev.isutools4j.internal.keys.RouteKeys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.FlowSection;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * How fast the flow thread takes requests in: one app thread hands over requests in sessions at a
 * steady rate for a while, as the servlet filter would, and the run's flow says how many were
 * dropped because the queue was full, and the flow thread's CPU per request taken in. Not JMH:
 * the question is the rate the flow keeps up with, not the cost of one call.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.FlowThroughput 5 100000 300000 1000000
 * </pre>
 *
 * Arguments: seconds per rate (5), then the rates in requests per second.
 */
public final class FlowThroughput {

  private static final int SESSIONS = 1000;

  private FlowThroughput() {}

  public static void main(String[] args) {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    RouteKeys routes = new RouteKeys(64);
    int[] ids = {routes.id("GET", "/"), routes.id("POST", "/comment"), routes.id("GET", "/posts/{id}")};
    String[] cookies = new String[SESSIONS];
    for (int s = 0; s < SESSIONS; s++) {
      cookies[s] = "theme=dark; JSESSIONID=" + String.format("%032X", s * 2_654_435_761L);
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    for (int a = 1; a < Math.max(args.length, 2); a++) {
      int rate = args.length > a ? Integer.parseInt(args[a]) : 100_000;
      FlowCollector collector = new FlowCollector(Settings.of(Map.of()), routes.index());
      collector.start(new RunContext("throughput", Path.of("target", "flow-throughput")));
      Thread flowThread = Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.getName().equals("isutools-flow") && t.isAlive()).findFirst().orElseThrow();
      long gap = 1_000_000_000L / rate;
      long next = System.nanoTime();
      long end = next + seconds * 1_000_000_000L;
      long offered = 0;
      while (next < end) {
        while (System.nanoTime() < next) {
          Thread.onSpinWait();
        }
        next += gap;
        int s = (int) (offered % SESSIONS);
        FlowRecording.request(ids[s % 3], 200, FlowRecording.requestSession(cookies[s]), 0);
        offered++;
      }
      long cpu = threads.getThreadCpuTime(flowThread.getId());
      FlowSection flow = collector.stop(true);
      System.out.printf(Locale.ROOT, "%,d requests/s for %d s: %,d handed over, %,d taken in, %,d dropped"
              + " (%.2f %%); flow thread %.0f ns of CPU per request taken in (%.1f %% of one core)%n",
          rate, seconds, offered, flow.requests(), flow.dropped(), 100.0 * flow.dropped() / offered,
          (double) cpu / Math.max(flow.requests(), 1), 100.0 * cpu / (seconds * 1e9));
    }
  }
}
