package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.HashMap;
import java.util.Map;

/**
 * The whole machine from {@code /proc}: CPU shares, load, context switches and interrupts, memory,
 * network per interface, whole disks, TCP states. Counters are differenced against the previous
 * call. Not thread-safe: the sampler's thread only.
 */
final class HostProbe {

  private final ProcFiles files;
  private final DiskStats diskStats;
  private final TcpStates tcp;
  private CpuTimes lastCpu;
  private final Map<String, long[]> lastNet = new HashMap<>();
  private final Map<String, long[]> lastDisks = new HashMap<>();
  private double ticksPerCpu = Double.NaN;
  private int cpus = 1;
  private long memTotal = -1;
  private String tcpSource;

  HostProbe(ProcFiles files) {
    this.files = files;
    this.diskStats = new DiskStats(files);
    this.tcp = new TcpStates(files, TcpStates.MAX_BYTES);
  }

  /** Whether the root has a {@code /proc/stat}: Linux, or a fixture of it. */
  static boolean supported(ProcFiles files) {
    return files.exists("/proc/stat");
  }

  /**
   * Reads the machine; fills {@code out} with the rates over the last {@code seconds}, or only
   * remembers the counters when {@code out} is null (the first call of a run).
   */
  void sample(Sample out, double seconds) {
    cpu(out, seconds);
    TextCursor load = files.read("/proc/loadavg", 256);
    if (out != null && load != null) {
      out.set(MachineMetric.LOAD1, load.nextDecimal());
    }
    memory(out);
    net(out, seconds);
    disks(out, seconds);
    TcpStates.Counts counts = out == null ? null : tcp.read();
    if (counts != null) {
      tcpSource = counts.source();
      positive(out, MachineMetric.TCP_ESTABLISHED, counts.established());
      positive(out, MachineMetric.TCP_TIME_WAIT, counts.timeWait());
    }
  }

  /** Clock ticks one CPU had over the last interval (NaN before two reads). */
  double ticksPerCpu() {
    return ticksPerCpu;
  }

  int cpus() {
    return cpus;
  }

  long memTotal() {
    return memTotal;
  }

  /** Where the last TCP counts came from (see {@link TcpStates.Counts}), or null. */
  String tcpSource() {
    return tcpSource;
  }

  private void cpu(Sample out, double seconds) {
    TextCursor text = files.read("/proc/stat", 256 * 1024);
    CpuTimes now = text == null ? null : CpuTimes.parse(text);
    if (now == null) {
      throw new IllegalStateException("/proc/stat has no cpu line");
    }
    cpus = now.cpus();
    CpuTimes before = lastCpu;
    lastCpu = now;
    ticksPerCpu = before == null ? Double.NaN : (double) (now.total() - before.total()) / now.cpus();
    if (out == null || before == null) {
      return;
    }
    double[] shares = now.sharesSince(before);
    if (shares != null) {
      out.set(MachineMetric.CPU_USER, shares[0]).set(MachineMetric.CPU_SYSTEM, shares[1])
          .set(MachineMetric.CPU_IOWAIT, shares[2]).set(MachineMetric.CPU_STEAL, shares[3])
          .set(MachineMetric.CPU_IDLE, shares[4]).set(MachineMetric.CPU_BUSY, 100 - shares[4]);
    }
    rate(out, MachineMetric.CONTEXT_SWITCHES, now.contextSwitches(), before.contextSwitches(),
        seconds);
    rate(out, MachineMetric.INTERRUPTS, now.interrupts(), before.interrupts(), seconds);
  }

  private void memory(Sample out) {
    TextCursor text = files.read("/proc/meminfo", 64 * 1024);
    if (text == null) {
      return;
    }
    MemInfo mem = MemInfo.parse(text);
    memTotal = mem.total();
    if (out != null) {
      positive(out, MachineMetric.MEM_USED, mem.used());
      positive(out, MachineMetric.MEM_AVAILABLE, mem.available());
      positive(out, MachineMetric.MEM_CACHED, mem.cached());
      positive(out, MachineMetric.MEM_DIRTY, mem.dirty());
      positive(out, MachineMetric.SWAP_USED, mem.swapUsed());
    }
  }

  private void net(Sample out, double seconds) {
    TextCursor text = files.read("/proc/net/dev", 256 * 1024);
    if (text == null) {
      return;
    }
    double in = 0;
    double sent = 0;
    double loopback = Double.NaN;
    for (NetDev.Interface i : NetDev.parse(text)) {
      long[] before = lastNet.put(i.name(), new long[] {i.receivedBytes(), i.sentBytes()});
      if (out == null || before == null || seconds <= 0) {
        continue;
      }
      double[] rates = {
        Math.max(i.receivedBytes() - before[0], 0) / seconds,
        Math.max(i.sentBytes() - before[1], 0) / seconds,
      };
      out.net.put(i.name(), rates);
      if (i.loopback()) {
        loopback = rates[0];
      } else {
        in += rates[0];
        sent += rates[1];
      }
    }
    if (out != null && seconds > 0 && !out.net.isEmpty()) {
      out.set(MachineMetric.NET_IN, in).set(MachineMetric.NET_OUT, sent)
          .set(MachineMetric.LOOPBACK, loopback);
    }
  }

  private void disks(Sample out, double seconds) {
    double read = 0;
    double written = 0;
    double util = Double.NaN;
    boolean any = false;
    for (DiskStats.Disk d : diskStats.read()) {
      long[] before = lastDisks.put(d.name(),
          new long[] {d.readBytes(), d.writtenBytes(), d.busyMillis()});
      if (out == null || before == null || seconds <= 0) {
        continue;
      }
      if (d.readBytes() == 0 && d.writtenBytes() == 0 && d.busyMillis() == 0) {
        continue; // never used since boot (an empty CD drive, say)
      }
      double[] rates = {
        Math.max(d.readBytes() - before[0], 0) / seconds,
        Math.max(d.writtenBytes() - before[1], 0) / seconds,
        Math.min(100, Math.max(d.busyMillis() - before[2], 0) / (seconds * 10)),
      };
      out.disks.put(d.name(), rates);
      any = true;
      util = Double.isNaN(util) ? rates[2] : Math.max(util, rates[2]);
      if (!d.stacked()) {
        read += rates[0];
        written += rates[1];
      }
    }
    if (any) {
      out.set(MachineMetric.DISK_READ, read).set(MachineMetric.DISK_WRITE, written)
          .set(MachineMetric.DISK_UTIL, util);
    }
  }

  private static void rate(Sample out, MachineMetric metric, long now, long before,
      double seconds) {
    if (now != TextCursor.MISSING && before != TextCursor.MISSING && seconds > 0) {
      out.set(metric, Math.max(now - before, 0) / seconds);
    }
  }

  private static void positive(Sample out, MachineMetric metric, long value) {
    if (value >= 0) {
      out.set(metric, value);
    }
  }

}
