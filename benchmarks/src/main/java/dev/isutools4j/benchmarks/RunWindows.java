package dev.isutools4j.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an open run costs the app, measured inside one isugram process so that JIT, heap and data
 * are the same on both sides: a steady read-only load ({@link ReadLoad}) runs throughout, and its
 * throughput and the app's CPU time per request are counted in windows with no run open (A) and
 * with a run open (B: after {@code POST /reset}, so the profile and every collector are on),
 * ordered A B B A and repeated. A settling pause after each reset and each save keeps their own
 * work out of the windows. Run it with {@code ISUTOOLS_PROFILE=off} in {@code env} as the control:
 * the difference between the two is the profile's cost. Each ratio's median is printed with its
 * 95 % bootstrap interval over the groups ({@link MedianInterval}), and whether the cost's upper
 * bound is at or under {@link #GOAL}.
 *
 * <pre>
 * mvn -B -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.RunWindows \
 *     isugram/target/isugram.jar 20 5 2 4 0.1 ISUTOOLS_PROFILE=cpu
 * </pre>
 *
 * Arguments: isugram's jar, A-B-B-A groups (20), seconds per window (5), tuning level (2), load
 * concurrency (4), data scale (0.1), then any NAME=VALUE for isugram's environment (the profile's
 * settings) and any -X... option for its JVM.
 */
public final class RunWindows {

  private static final long SETTLE_MS = 1500;
  /** The cost an open run may have on the app, at the upper bound of the median's interval. */
  static final double GOAL = 0.01;

  private RunWindows() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args.length > 0 ? args[0] : "isugram/target/isugram.jar");
    int groups = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    int level = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    int concurrency = args.length > 4 ? Integer.parseInt(args[4]) : 4;
    String scale = args.length > 5 ? args[5] : "0.1";
    Map<String, String> env = new LinkedHashMap<>();
    List<String> jvm = new ArrayList<>();
    for (int i = 6; i < args.length; i++) {
      if (args[i].startsWith("-")) {
        jvm.add(args[i]);
      } else {
        String[] kv = args[i].split("=", 2);
        env.put(kv[0], kv[1]);
      }
    }
    Path work = Files.createTempDirectory("run-windows");
    Path data = work.resolve("db");
    IsugramProcess.load(jar, data, scale, work.resolve("load.log"));
    env.putIfAbsent("ISUTOOLS_DIR", work.resolve("history").toString());
    System.out.printf(Locale.ROOT, "isugram level %d, %d s windows, load concurrency %d, env %s, jvm %s%n",
        level, seconds, concurrency, env, jvm);
    try (IsugramProcess app = IsugramProcess.start(jar, data, level, jvm, env, work.resolve("serve.log"));
        ReadLoad load = new ReadLoad(app.port, concurrency)) {
      Thread.sleep(90_000); // JIT warm-up under the same load: throughput is flat after about a minute
      List<Double> throughput = new ArrayList<>();
      List<Double> cpu = new ArrayList<>();
      System.out.printf(Locale.ROOT, "%-6s %10s %10s %10s %10s %12s%n", "group", "A req/s", "B req/s",
          "A cpu/req", "B cpu/req", "save ms");
      for (int g = 1; g <= groups; g++) {
        Window a1 = Window.measure(app, load, seconds);
        app.admin("/reset");
        Thread.sleep(SETTLE_MS);
        Window b1 = Window.measure(app, load, seconds);
        Window b2 = Window.measure(app, load, seconds);
        long saveStart = System.nanoTime();
        app.admin("/save");
        long saveMs = (System.nanoTime() - saveStart) / 1_000_000;
        Thread.sleep(SETTLE_MS);
        Window a2 = Window.measure(app, load, seconds);
        Window a = a1.plus(a2);
        Window b = b1.plus(b2);
        throughput.add(b.perSecond() / a.perSecond());
        cpu.add(b.cpuPerRequest() / a.cpuPerRequest());
        System.out.printf(Locale.ROOT, "%-6d %10.1f %10.1f %10.4f %10.4f %12d%n", g, a.perSecond(),
            b.perSecond(), a.cpuPerRequest(), b.cpuPerRequest(), saveMs);
      }
      if (load.failed() > 0) {
        System.out.println("failed requests: " + load.failed());
      }
      Ratios.print("throughput (run open / no run)", throughput);
      Ratios.print("app CPU per request (run open / no run)", cpu);
      boolean throughputMet = printCost("throughput", MedianInterval.of(throughput), false);
      boolean cpuMet = printCost("app CPU per request", MedianInterval.of(cpu), true);
      System.out.printf(Locale.ROOT, "goal (the cost's upper bound at or under %.0f %%): %s%n",
          GOAL * 100, throughputMet && cpuMet ? "met"
              : "NOT met for " + (throughputMet ? "CPU per request"
                  : cpuMet ? "throughput" : "throughput and for CPU per request"));
    }
  }

  /**
   * Prints the median's 95 % interval and returns whether the cost's upper bound is within {@link
   * #GOAL}: the throughput's cost is how much lower B is than A, the CPU's how much higher.
   */
  static boolean printCost(String what, MedianInterval m, boolean higherIsCost) {
    double worst = higherIsCost ? m.high() - 1 : 1 - m.low();
    double best = higherIsCost ? m.low() - 1 : 1 - m.high();
    System.out.printf(Locale.ROOT,
        "%s: median B/A %.4f, 95 %% bootstrap interval %.4f .. %.4f: the cost is %+.2f %% .. %+.2f %%;"
            + " its upper bound is %s %.0f %%%n",
        what, m.median(), m.low(), m.high(), best * 100, worst * 100,
        worst <= GOAL ? "at or under" : "OVER", GOAL * 100);
    return worst <= GOAL;
  }

  /** Requests done and app CPU spent in one measured window. */
  private record Window(long requests, long cpuMs, long nanos) {

    static Window measure(IsugramProcess app, ReadLoad load, int seconds) throws Exception {
      long r0 = load.done();
      long c0 = app.cpuMillis();
      long t0 = System.nanoTime();
      Thread.sleep(seconds * 1000L);
      return new Window(load.done() - r0, app.cpuMillis() - c0, System.nanoTime() - t0);
    }

    Window plus(Window o) {
      return new Window(requests + o.requests, cpuMs + o.cpuMs, nanos + o.nanos);
    }

    double perSecond() {
      return requests * 1e9 / nanos;
    }

    double cpuPerRequest() {
      return (double) cpuMs / Math.max(1, requests);
    }
  }
}
