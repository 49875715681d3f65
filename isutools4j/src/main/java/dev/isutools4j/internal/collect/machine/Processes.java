package dev.isutools4j.internal.collect.machine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CPU and resident memory per process, from one {@code /proc/PID/stat} read per process and
 * sample (nothing else: no cmdline, no status). Each sample keeps the top processes by CPU over
 * the interval and, always, this JVM and the watched names when they run: the usual neighbours of
 * a web app (database, web server, cache) and those of {@code isutools.processes}
 * ({@link ProcessNames}).
 *
 * <p>CPU is in percent of one core, as top shows it: 200 % is two cores busy. It is measured
 * against the clock ticks {@code /proc/stat} counted over the same interval, so it needs no
 * knowledge of the kernel's tick rate. Not thread-safe: the sampler's thread only.
 */
final class Processes {

  static final int TOP = 10;
  /** Pids read per sample at most; past it the scan stops (this JVM is always read first). */
  static final int MAX_PIDS = 4096;
  static final Set<String> WATCHED =
      Set.of("mysqld", "mariadbd", "nginx", "memcached", "redis-server");
  private static final int MAX_DEPARTED = 256;

  /** One process in one sample. */
  record Row(long pid, String name, double cpuPct, long rssBytes) {}

  /** One process over the whole run. */
  record Total(long pid, String name, double meanCpuPct, double peakCpuPct, long peakRssBytes,
      boolean self) {}

  private static final class Proc {
    final int pid;
    final long startTime;
    String name;
    long lastTicks;
    long runTicks;
    long seen;
    double cpuPct = Double.NaN;
    long rssBytes;
    double peakCpuPct;
    long peakRssBytes;

    Proc(int pid, long startTime) {
      this.pid = pid;
      this.startTime = startTime;
    }
  }

  private final ProcFiles files;
  private final Set<String> watched;
  private final int selfPid;
  private final long pageSize;
  private final PidStat stat = new PidStat();
  private final Map<Integer, Proc> procs = new HashMap<>();
  private final List<Proc> departed = new ArrayList<>();
  private Proc[] order = new Proc[TOP + 8];
  private long generation;
  private double runTicksPerCpu;
  private boolean primed;
  private boolean truncated;

  Processes(ProcFiles files, long selfPid, long pageSize) {
    this(files, selfPid, pageSize, WATCHED);
  }

  /** {@code watched}: the names (comms) always shown when they run, whatever their CPU. */
  Processes(ProcFiles files, long selfPid, long pageSize, Set<String> watched) {
    this.files = files;
    this.watched = Set.copyOf(watched);
    this.selfPid = (int) selfPid;
    this.pageSize = pageSize;
  }

  /**
   * Reads every process. {@code ticksPerCpu} is how many clock ticks one CPU had since the last
   * call (NaN on the first call, which only primes).
   */
  List<Row> sample(double ticksPerCpu) {
    generation++;
    read(selfPid, ticksPerCpu);
    int scanned = 1;
    for (String name : files.list("/proc")) {
      int pid = pid(name);
      if (pid <= 0 || pid == selfPid) {
        continue;
      }
      if (scanned++ >= MAX_PIDS) {
        truncated = true;
        break;
      }
      read(pid, ticksPerCpu);
    }
    for (Iterator<Proc> it = procs.values().iterator(); it.hasNext(); ) {
      Proc p = it.next();
      if (p.seen != generation) {
        it.remove();
        depart(p);
      }
    }
    if (primed && ticksPerCpu > 0) {
      runTicksPerCpu += ticksPerCpu;
    }
    primed = true;
    return rows();
  }

  /** Whether some scan stopped at {@link #MAX_PIDS}. */
  boolean truncated() {
    return truncated;
  }

  /** The processes that used most CPU over the run, this JVM and the watched ones, most first. */
  List<Total> totals() {
    List<Proc> all = new ArrayList<>(procs.values());
    all.addAll(departed);
    all.sort(Comparator.comparingLong((Proc p) -> p.runTicks).reversed());
    List<Total> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      Proc p = all.get(i);
      if ((i < TOP && p.runTicks > 0) || kept(p)) {
        double mean = runTicksPerCpu > 0 ? 100 * p.runTicks / runTicksPerCpu : Double.NaN;
        out.add(new Total(p.pid, p.name, mean, p.peakCpuPct, p.peakRssBytes, p.pid == selfPid));
      }
    }
    return out;
  }

  private void read(int pid, double ticksPerCpu) {
    TextCursor text = files.read("/proc/" + pid + "/stat", 4096);
    if (text == null || !stat.parse(text)) {
      return;
    }
    Proc p = procs.get(pid);
    long delta;
    if (p == null || p.startTime != stat.startTime) {
      if (p != null) {
        depart(p); // the pid was reused
      }
      p = new Proc(pid, stat.startTime);
      procs.put(pid, p);
      // Seen for the first time after the first scan: it started within the interval.
      delta = primed ? stat.ticks : 0;
    } else {
      delta = Math.max(stat.ticks - p.lastTicks, 0);
    }
    if (!text.spells(stat.nameFrom, stat.nameTo, p.name)) {
      p.name = text.string(stat.nameFrom, stat.nameTo); // new, or renamed by exec
    }
    p.lastTicks = stat.ticks;
    p.seen = generation;
    p.rssBytes = stat.rssPages * pageSize;
    p.peakRssBytes = Math.max(p.peakRssBytes, p.rssBytes);
    if (primed && ticksPerCpu > 0) {
      p.cpuPct = 100 * delta / ticksPerCpu;
      p.runTicks += delta;
      p.peakCpuPct = Math.max(p.peakCpuPct, p.cpuPct);
    } else {
      p.cpuPct = Double.NaN;
    }
  }

  /**
   * The top {@link #TOP} by CPU of this sample and the kept ones, most CPU first: picked into a
   * small array by insertion rather than by sorting every process, so a tick's work stays in this
   * class instead of the JDK's sort, which the app's own sorts share with it.
   */
  private List<Row> rows() {
    int picked = 0;
    for (Proc p : procs.values()) {
      picked = insert(p, picked);
    }
    List<Row> rows = new ArrayList<>(picked);
    for (int i = 0; i < picked; i++) {
      Proc p = order[i];
      rows.add(new Row(p.pid, p.name, p.cpuPct, p.rssBytes));
      order[i] = null;
    }
    return rows;
  }

  /**
   * Puts {@code p} into the first {@code picked} of {@link #order} in its place by CPU (after the
   * equal ones, as a stable sort would) when it is among the top ones with CPU or is kept; returns
   * the new count. A process that is neither, or that only the top ones would have, falls out.
   */
  private int insert(Proc p, int picked) {
    boolean kept = kept(p);
    double cpu = sortKey(p);
    int at = picked;
    while (at > 0 && sortKey(order[at - 1]) < cpu) {
      at--;
    }
    // Among the top ones only while fewer than TOP unkept-or-kept ones rank above it.
    if (!kept && (at >= TOP || !(p.cpuPct > 0))) {
      return picked;
    }
    if (picked == order.length) {
      order = Arrays.copyOf(order, order.length * 2);
    }
    System.arraycopy(order, at, order, at + 1, picked - at);
    order[at] = p;
    picked++;
    // An unkept one pushed below TOP by this one no longer belongs.
    if (at < TOP && picked > TOP) {
      for (int i = TOP; i < picked; i++) {
        if (!kept(order[i])) {
          System.arraycopy(order, i + 1, order, i, picked - i - 1);
          order[--picked] = null;
          break;
        }
      }
    }
    return picked;
  }

  private static double sortKey(Proc p) {
    return Double.isNaN(p.cpuPct) ? -1 : p.cpuPct;
  }

  private boolean kept(Proc p) {
    return p.pid == selfPid || watched.contains(p.name);
  }

  private void depart(Proc p) {
    if (p.runTicks <= 0) {
      return;
    }
    departed.add(p);
    if (departed.size() > MAX_DEPARTED) {
      departed.sort(Comparator.comparingLong((Proc d) -> d.runTicks).reversed());
      departed.remove(departed.size() - 1);
    }
  }

  private static int pid(String name) {
    int pid = 0;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < '0' || c > '9' || i > 9) {
        return -1;
      }
      pid = pid * 10 + (c - '0');
    }
    return pid;
  }
}
