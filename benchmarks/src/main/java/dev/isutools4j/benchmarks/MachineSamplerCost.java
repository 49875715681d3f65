package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.collect.machine.MachineCollector;
import dev.isutools4j.internal.settings.Settings;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;

/**
 * What the machine sampler costs: runs the {@code machine} collector as a run would, for a while,
 * and reads its thread's CPU time and allocated bytes. Not JMH: the cost of interest is that of one
 * thread waking once a second, which a throughput harness would not show.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.MachineSamplerCost 60 1000
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.MachineSamplerCost 20 10
 * </pre>
 *
 * Arguments: seconds to run (60) and the sampling interval in milliseconds (1000).
 */
public final class MachineSamplerCost {

  private MachineSamplerCost() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    int intervalMs = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    IsutoolsRun.configure();
    Settings settings = Settings.of(Map.of("isutools.addr", "off",
        "isutools.dir", System.getProperty("isutools.dir"),
        "isutools.machine.interval.ms", String.valueOf(intervalMs)));
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    MachineCollector collector = new MachineCollector(settings);

    long wallStart = System.nanoTime();
    collector.start(new RunContext("cost", settings.dir().resolve("cost")));
    Thread sampler = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("isutools-machine")).findFirst().orElseThrow();
    // The first reading (limits, every counter once, the platform MBean server's start) and the
    // first sample are over after one and a half intervals: what follows is the steady state.
    long warmup = intervalMs * 3L / 2;
    Thread.sleep(warmup);
    long cpuAfterFirst = threads.getThreadCpuTime(sampler.getId());
    Thread.sleep(Math.max(seconds * 1000L - warmup, 0));
    long cpu = threads.getThreadCpuTime(sampler.getId());
    long allocated = threads.getThreadAllocatedBytes(sampler.getId());
    long wall = System.nanoTime() - wallStart;
    long samples = collector.stop(true).summary().samples();

    String[] entries = new File("/proc").list();
    long pids = entries == null ? 0 : java.util.Arrays.stream(entries)
        .filter(n -> n.chars().allMatch(Character::isDigit)).count();
    System.out.printf(Locale.ROOT, "interval %d ms, %.1f s, %d samples, %d processes on the machine%n",
        intervalMs, wall / 1e9, samples, pids);
    System.out.printf(Locale.ROOT, "sampler thread CPU %.1f ms = %.3f %% of one core, %.1f KiB allocated"
            + " per sample; first reading and sample %.1f ms, then %.0f us per sample%n",
        cpu / 1e6, 100.0 * cpu / wall, allocated / 1024.0 / Math.max(samples, 1),
        cpuAfterFirst / 1e6, (cpu - cpuAfterFirst) / 1e3 / Math.max(samples - 1, 1));
  }
}
