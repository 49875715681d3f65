package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.collect.profile.ProfileCollector;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.ProfileSection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What sampling costs code that runs while the profile is on: worker threads doing plain
 * arithmetic under a deep stack (100 frames, as under Spring and Tomcat), their work per second
 * with the profile collector running (B) and not (A), in windows ordered A B B A, many times over
 * within one JVM. The workers never stop, so JIT state is the same on both sides. Prints the
 * median ratio B/A of the groups and their range.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.ProfileSamplingCost 12 1500 2 auto
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.ProfileSamplingCost 12 1500 2 jfr
 * </pre>
 *
 * Arguments: A-B-B-A groups (12), milliseconds per window (1500), worker threads (2), engine
 * (auto: async-profiler where it loads; or jfr).
 */
public final class ProfileSamplingCost {

  private static final int DEPTH = 100;
  private static volatile long sink;

  private ProfileSamplingCost() {}

  public static void main(String[] args) throws Exception {
    int groups = args.length > 0 ? Integer.parseInt(args[0]) : 12;
    int windowMs = args.length > 1 ? Integer.parseInt(args[1]) : 1500;
    int workers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    String engine = args.length > 3 ? args[3] : "auto";
    Path dir = Files.createTempDirectory("sampling-cost");
    Collector collector = ProfileCollector.of(Settings.of(Map.of("isutools.profile", "cpu",
        "isutools.profile.engine", engine, "isutools.dir", dir.toString())));
    LongAdder work = new LongAdder();
    for (int i = 0; i < workers; i++) {
      Thread t = new Thread(() -> {
        while (true) {
          deep(DEPTH, work);
        }
      }, "worker-" + i);
      t.setDaemon(true);
      t.start();
    }
    Thread.sleep(5_000); // JIT warm-up
    List<Double> ratios = new ArrayList<>();
    String event = null;
    for (int g = 0; g < groups; g++) {
      long a = 0;
      long b = 0;
      for (boolean on : new boolean[] {false, true, true, false}) {
        if (on) {
          collector.start(new RunContext("w" + g, dir.resolve("w" + g)));
        }
        long before = work.sum();
        Thread.sleep(windowMs);
        long done = work.sum() - before;
        if (on) {
          Object section = collector.stop(event == null);
          if (section instanceof ProfileSection p) {
            event = p.engine() + " " + p.event() + ", " + p.samples() + " samples in " + windowMs
                + " ms";
          }
          b += done;
        } else {
          a += done;
        }
      }
      ratios.add((double) b / a);
      System.out.printf(Locale.ROOT, "group %2d: B/A = %.4f%n", g + 1, (double) b / a);
    }
    Ratios.print(event, ratios);
  }

  private static void deep(int depth, LongAdder work) {
    if (depth > 0) {
      deep(depth - 1, work);
      return;
    }
    long x = sink | 1;
    for (int i = 0; i < 100_000; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    sink += x;
    work.increment();
  }
}
