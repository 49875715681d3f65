package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Plain-language findings read off a run's samples, one small rule each. A rule answers a message,
 * or null when the run does not show it.
 */
final class Flags {

  /** What the rules read. {@code linkMbps} is null when no link speed is configured. */
  record Run(List<Sample> samples, List<Processes.Total> processes, Integer linkMbps) {}

  static final double SATURATED_BUSY = 90;
  static final double IDLE_BUSY = 30;
  static final double ERROR_SHARE = 0.05;
  static final double IOWAIT = 20;
  static final double LINK_SHARE = 0.8;

  private static final Map<String, Function<Run, String>> RULES = new LinkedHashMap<>();

  static {
    RULES.put("cpu-saturated", Flags::cpuSaturated);
    RULES.put("idle-under-load", Flags::idleUnderLoad);
    RULES.put("pool-waiting", Flags::poolWaiting);
    RULES.put("5xx-burst", Flags::errorBurst);
    RULES.put("swap-in-use", Flags::swapInUse);
    RULES.put("iowait-high", Flags::iowaitHigh);
    RULES.put("network-near-link", Flags::networkNearLink);
  }

  private Flags() {}

  static List<Flag> of(Run run) {
    List<Flag> flags = new ArrayList<>();
    RULES.forEach((id, rule) -> {
      String message = rule.apply(run);
      if (message != null) {
        flags.add(new Flag(id, message));
      }
    });
    return flags;
  }

  static String cpuSaturated(Run run) {
    int measured = 0;
    int saturated = 0;
    double sum = 0;
    for (Sample s : run.samples()) {
      if (s.has(MachineMetric.CPU_BUSY)) {
        measured++;
        sum += s.get(MachineMetric.CPU_BUSY);
        if (s.get(MachineMetric.CPU_BUSY) > SATURATED_BUSY) {
          saturated++;
        }
      }
    }
    if (measured == 0 || saturated * 2 <= measured) {
      return null;
    }
    String message = "CPU saturated: busy above " + n(SATURATED_BUSY) + " % in " + saturated + " of "
        + measured + " samples (mean " + n(sum / measured) + " %)";
    Processes.Total top = run.processes().isEmpty() ? null : run.processes().get(0);
    if (top != null && !Double.isNaN(top.meanCpuPct())) {
      message += "; most CPU: " + top.name() + " (pid " + top.pid() + "), " + n(top.meanCpuPct())
          + " % of one core on average";
    }
    return message;
  }

  static String idleUnderLoad(Run run) {
    int measured = 0;
    int idle = 0;
    int loaded = 0;
    double busy = 0;
    double idlePct = 0;
    double requests = 0;
    for (Sample s : run.samples()) {
      if (!s.has(MachineMetric.CPU_BUSY)) {
        continue;
      }
      measured++;
      if (s.get(MachineMetric.REQUESTS) > 0) {
        loaded++;
        busy += s.get(MachineMetric.CPU_BUSY);
        idlePct += s.get(MachineMetric.CPU_IDLE);
        requests += s.get(MachineMetric.REQUESTS);
        if (s.get(MachineMetric.CPU_BUSY) < IDLE_BUSY) {
          idle++;
        }
      }
    }
    if (measured == 0 || idle * 2 <= measured) {
      return null;
    }
    return "machine mostly idle under load: " + n(busy / loaded) + " % busy / " + n(idlePct / loaded)
        + " % idle on average while serving " + n(requests / loaded) + " requests/s (under "
        + n(IDLE_BUSY) + " % busy in " + idle + " of " + measured + " samples): the requests wait"
        + " (locks, the connection pool, sleeps, other hosts) rather than use this machine's CPU";
  }

  static String poolWaiting(Run run) {
    int samples = 0;
    double most = 0;
    double total = 0;
    for (Sample s : run.samples()) {
      if (s.get(MachineMetric.POOL_WAITING) > 0) {
        samples++;
        if (s.get(MachineMetric.POOL_WAITING) > most) {
          most = s.get(MachineMetric.POOL_WAITING);
          total = s.get(MachineMetric.POOL_TOTAL);
        }
      }
    }
    return samples == 0 ? null : "threads waited for a pool connection in " + samples
        + " samples (up to " + n(most) + " waiting, with " + n(total) + " connections in the pool)";
  }

  static String errorBurst(Run run) {
    int bursts = 0;
    Sample worst = null;
    long start = run.samples().isEmpty() ? 0 : run.samples().get(0).t;
    for (Sample s : run.samples()) {
      double errors = s.get(MachineMetric.ERRORS_5XX);
      if (errors > 0 && errors > ERROR_SHARE * s.get(MachineMetric.REQUESTS)) {
        bursts++;
        if (worst == null || errors > worst.get(MachineMetric.ERRORS_5XX)) {
          worst = s;
        }
      }
    }
    return worst == null ? null : "5xx burst: " + bursts + " samples with more than "
        + n(100 * ERROR_SHARE) + " % of requests answered 5xx (worst at +" + (worst.t - start) / 1000
        + " s: " + n(worst.get(MachineMetric.ERRORS_5XX)) + " 5xx/s of "
        + n(worst.get(MachineMetric.REQUESTS)) + " requests/s)";
  }

  static String swapInUse(Run run) {
    double peak = peak(run, MachineMetric.SWAP_USED);
    return peak > 0 ? "swap in use: up to " + mib(peak) + " swapped out" : null;
  }

  static String iowaitHigh(Run run) {
    int samples = 0;
    for (Sample s : run.samples()) {
      if (s.get(MachineMetric.CPU_IOWAIT) > IOWAIT) {
        samples++;
      }
    }
    return samples == 0 ? null : "iowait high: above " + n(IOWAIT) + " % in " + samples
        + " samples (peak " + n(peak(run, MachineMetric.CPU_IOWAIT))
        + " %): the CPUs wait for the disk";
  }

  static String networkNearLink(Run run) {
    if (run.linkMbps() == null) {
      return null;
    }
    String busiest = null;
    double peakMbps = 0;
    for (Sample s : run.samples()) {
      for (Map.Entry<String, double[]> e : s.net.entrySet()) {
        if (e.getKey().equals(NetDev.LOOPBACK)) {
          continue;
        }
        double mbps = Math.max(e.getValue()[0], e.getValue()[1]) * 8 / 1e6;
        if (mbps > peakMbps) {
          peakMbps = mbps;
          busiest = e.getKey();
        }
      }
    }
    return peakMbps < LINK_SHARE * run.linkMbps() ? null : "network near the link speed: " + busiest
        + " reached " + n(peakMbps) + " Mbit/s of " + run.linkMbps() + " Mbit/s";
  }

  private static double peak(Run run, MachineMetric metric) {
    double peak = 0;
    for (Sample s : run.samples()) {
      if (s.get(metric) > peak) {
        peak = s.get(metric);
      }
    }
    return peak;
  }

  /** One decimal, no trailing ".0". */
  static String n(double value) {
    long tenths = Math.round(value * 10);
    return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String mib(double bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024 * 1024));
  }
}
