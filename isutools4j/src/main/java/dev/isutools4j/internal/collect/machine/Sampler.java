package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.Pool;
import dev.isutools4j.internal.stats.Recorder;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One tick of the machine sampler: every probe in turn, into one {@link Sample}. Each rate is over
 * the time since the previous tick, as its caller measures it ({@code System.nanoTime}'s scale).
 * Not thread-safe: it belongs to the thread that ticks it.
 */
final class Sampler {

  private final ProcFiles files;
  private final Clock clock;
  private final HostProbe host;
  private final Processes processes;
  private final JvmProbe jvm;
  private final PoolProbe pool;
  private final AppProbe app;
  private long lastNanos;
  private CgroupLimits cgroup;
  private Long openFilesMax;

  Sampler(ProcFiles files, long selfPid, Supplier<Recorder> recorder, Clock clock) {
    this(files, selfPid, recorder, clock, Processes.WATCHED);
  }

  /** {@code watched}: the process names always shown when they run ({@link ProcessNames}). */
  Sampler(ProcFiles files, long selfPid, Supplier<Recorder> recorder, Clock clock,
      Set<String> watched) {
    this.files = files;
    this.clock = clock;
    this.host = new HostProbe(files);
    this.processes = new Processes(files, selfPid, pageSize(files), watched);
    this.jvm = new JvmProbe(files);
    this.pool = new PoolProbe();
    this.app = new AppProbe(recorder);
  }

  /** Reads the limits and every counter once, at {@code nanos}: the first interval's baseline. */
  void start(long nanos) {
    cgroup = CgroupLimits.read(files);
    openFilesMax = OpenFiles.limit(files);
    host.sample(null, 0);
    processes.sample(Double.NaN);
    jvm.start();
    app.sample(null, 0);
    lastNanos = nanos;
  }

  /** Samples every probe, at {@code nanos}: rates over the time since the previous call. */
  Sample sample(long nanos) {
    double seconds = (nanos - lastNanos) / 1e9;
    lastNanos = nanos;
    Sample out = new Sample(clock.millis());
    host.sample(out, seconds);
    out.processes = processes.sample(host.ticksPerCpu());
    jvm.sample(out, seconds);
    pool.sample(out);
    app.sample(out, seconds);
    return out;
  }

  void stop() {
    jvm.stop();
  }

  /** What bounds the machine and this JVM; {@code linkMbps} as configured (or null). */
  Limits limits(Integer linkMbps) {
    CgroupLimits c = cgroup == null ? new CgroupLimits("none", null, null) : cgroup;
    List<String> pools = pool.seen();
    return new Limits(host.cpus(), host.memTotal() < 0 ? null : host.memTotal(), c.version(),
        c.cpuQuotaCores(), c.memoryLimitBytes(), openFilesMax, linkMbps, host.tcpSource(),
        pools.isEmpty() ? Pool.notVisible(PoolProbe.NOT_VISIBLE) : Pool.named(pools),
        jvm.pauseNote(), processes.truncated()
            ? "more than " + Processes.MAX_PIDS + " processes: the rest were not read" : null);
  }

  Processes processes() {
    return processes;
  }

  /** The kernel's page size, from the first mapping in {@code /proc/self/smaps}; 4 KiB if unknown. */
  static long pageSize(ProcFiles files) {
    TextCursor text = files.read("/proc/self/smaps", 4096);
    while (text != null && !text.atEnd()) {
      if (text.startsWith("KernelPageSize:")) {
        long kib = text.skipToken().nextLong();
        return kib > 0 ? kib * 1024 : 4096;
      }
      text.nextLine();
    }
    return 4096;
  }
}
