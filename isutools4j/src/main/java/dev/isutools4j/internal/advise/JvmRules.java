package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import java.util.List;

/** The JVM against its container: heap against memory, processors against the CPU quota, the GC. */
final class JvmRules {

  private JvmRules() {}

  static List<Rule> all() {
    return List.of(new Heap(), new Processors(), new Gc());
  }

  static final class Heap implements Rule {
    static final String ID = "jvm-heap";
    /** The share of the run stopped for GC, in percent, from which a small heap warns. */
    static final long GC_PERCENT = 5;
    private static final String TITLE = "max heap fits the memory";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      Limits limits = in.limits();
      Long heap = in.env().maxHeapBytes();
      if (limits == null || heap == null) {
        return List.of(Finding.skip(ID, TITLE, limits == null ? "machine section" : "max heap"));
      }
      Long limit = limits.memoryLimitBytes();
      Long memory = limit != null ? limit : limits.memTotalBytes();
      if (memory == null || memory <= 0) {
        return List.of(Finding.skip(ID, TITLE, "memory size"));
      }
      Evidence ev = Evidence.of("maxHeap", Values.bytes(heap)).and("memory", Values.bytes(memory))
          .and("memorySource", limit != null ? "cgroup limit" : "MemTotal");
      if (heap > memory * 3 / 4) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            "lower -Xmx to about half of " + Values.bytes(memory)
                + " (threads, metaspace, the database and the page cache need the rest)"));
      }
      if (heap < memory / 8 && heap < (1L << 30)) {
        return small(heap, memory, in, ev);
      }
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }

    // A small heap costs only what the collector spends on it: the evidence is the run's share
    // of time stopped for GC, not the heap's size alone.
    private static List<Finding> small(long heap, long memory, AdvisorInput in, Evidence ev) {
      Double gcMsPerSec = MachineReadings.mean(in, MachineMetric.GC_TIME);
      Double gcPercent = gcMsPerSec == null ? null : gcMsPerSec / 10;
      String gcTime = gcPercent == null ? null : Math.round(gcPercent * 10) / 10.0 + " %";
      ev.and("gcTime", gcTime);
      String fix = "set -Xmx (e.g. -Xmx" + Math.max(1, memory / 4 / (1L << 30)) + "g)";
      if (gcPercent != null && gcPercent >= GC_PERCENT) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            fix + ": the heap is small and GC stopped the app for " + gcTime + " of the run"));
      }
      return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(), "the heap is small ("
          + Values.bytes(heap) + "), but " + (gcPercent == null ? "GC time was not measured"
          : "GC stopped the app for only " + gcTime + " of the run")
          + "; if GC grows with the load: " + fix));
    }
  }

  static final class Processors implements Rule {
    static final String ID = "jvm-processors";
    private static final String TITLE = "available processors match the CPU quota";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      Limits limits = in.limits();
      Integer processors = in.env().availableProcessors();
      if (limits == null || processors == null) {
        return List.of(Finding.skip(ID, TITLE, limits == null ? "machine section" : "processors"));
      }
      Double quota = limits.cpuQuotaCores();
      long cpus = limits.cpus();
      long expected = quota != null ? (long) Math.ceil(quota) : cpus;
      if (quota != null && cpus > 0) {
        expected = Math.min(expected, cpus);
      }
      Evidence ev = Evidence.of("availableProcessors", processors).and("cpuQuotaCores", quota)
          .and("cpus", cpus);
      if (expected <= 0 || processors == expected) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
          "start with -XX:ActiveProcessorCount=" + expected
              + " (thread pools, GC threads and the common pool are sized from it)"));
    }
  }

  static final class Gc implements Rule {
    static final String ID = "jvm-gc";
    private static final String TITLE = "garbage collector";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      List<String> gcs = in.env().gcNames();
      if (gcs.isEmpty()) {
        return List.of(Finding.skip(ID, TITLE, "GC MXBeans"));
      }
      boolean serial = gcs.stream().anyMatch(n -> n.equals("Copy") || n.equals("MarkSweepCompact"));
      return List.of(new Finding(ID, TITLE, Status.INFO, Evidence.of("gc", gcs).map(),
          serial ? "Serial GC was chosen (under 2 CPUs or 1792 MB): try -XX:+UseParallelGC" : ""));
    }
  }
}
