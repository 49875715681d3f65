package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * This JVM: heap used and committed, collections and their time per second and the longest pause
 * of the interval, live threads and open files. Not thread-safe: the sampler's thread only.
 */
final class JvmProbe {

  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
  private final long[] lastCount;
  private final long[] lastMillis;
  private final ProcFiles files;
  private GcPauses pauses;
  private String pauseNote;

  JvmProbe(ProcFiles files) {
    this.files = files;
    this.lastCount = new long[collectors.size()];
    this.lastMillis = new long[collectors.size()];
  }

  /** Starts listening for GC pauses and remembers the GC counters. */
  void start() {
    try {
      GcPauses listener = new GcPauses();
      listener.start();
      pauses = listener;
    } catch (LinkageError | RuntimeException e) {
      pauses = null;
      pauseNote = "estimated: the mean collection time of the busiest collector in each interval"
          + " (no GC notifications: " + e + ")";
    }
    sample(null, 0);
  }

  void stop() {
    if (pauses != null) {
      pauses.stop();
    }
  }

  /** How the longest pause is measured when it is not exact, else null. */
  String pauseNote() {
    return pauseNote;
  }

  void sample(Sample out, double seconds) {
    long count = 0;
    long millis = 0;
    double estimate = 0;
    for (int i = 0; i < collectors.size(); i++) {
      GarbageCollectorMXBean gc = collectors.get(i);
      long c = Math.max(gc.getCollectionCount(), 0);
      long ms = Math.max(gc.getCollectionTime(), 0);
      long dc = c - lastCount[i];
      long dms = ms - lastMillis[i];
      lastCount[i] = c;
      lastMillis[i] = ms;
      if (GcPauses.concurrent(gc.getName(), "")) {
        continue; // concurrent cycles: their time is not stopped time
      }
      count += dc;
      millis += dms;
      if (dc > 0) {
        estimate = Math.max(estimate, (double) dms / dc);
      }
    }
    long longest = pauses == null ? 0 : pauses.takeLongestMillis();
    if (out == null) {
      return;
    }
    MemoryUsage heap = memory.getHeapMemoryUsage();
    out.set(MachineMetric.HEAP_USED, heap.getUsed())
        .set(MachineMetric.HEAP_COMMITTED, heap.getCommitted());
    if (seconds > 0) {
      out.set(MachineMetric.GC_COUNT, count / seconds).set(MachineMetric.GC_TIME, millis / seconds);
    }
    out.set(MachineMetric.GC_MAX_PAUSE, pauses == null ? estimate : longest);
    out.set(MachineMetric.THREADS, threads.getThreadCount());
    int fds = OpenFiles.count(files);
    if (fds >= 0) {
      out.set(MachineMetric.OPEN_FILES, fds);
    }
  }
}
