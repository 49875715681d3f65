package dev.isutools4j.internal.collect.machine;

/**
 * The {@code /proc/stat} counters the sampler differences: CPU time in clock ticks summed over all
 * CPUs, and the context switch and interrupt totals since boot.
 *
 * @param user user and nice time (guest time is already inside it)
 * @param system system, irq and softirq time
 * @param total every state, so that the five shares add up to it
 * @param cpus how many {@code cpuN} lines there are
 */
record CpuTimes(long user, long system, long iowait, long steal, long idle, long total, int cpus,
    long contextSwitches, long interrupts) {

  /** Parses {@code /proc/stat}; null when it has no {@code cpu} line. */
  static CpuTimes parse(TextCursor text) {
    long[] cpu = null;
    int cpus = 0;
    long ctxt = TextCursor.MISSING;
    long intr = TextCursor.MISSING;
    while (!text.atEnd()) {
      if (text.startsWith("cpu ")) {
        cpu = new long[8];
        text.skipToken();
        for (int i = 0; i < cpu.length; i++) {
          long v = text.nextLong();
          cpu[i] = v == TextCursor.MISSING ? 0 : v;
        }
      } else if (text.startsWith("cpu")) {
        cpus++;
      } else if (text.startsWith("ctxt ")) {
        ctxt = text.skipToken().nextLong();
      } else if (text.startsWith("intr ")) {
        intr = text.skipToken().nextLong();
      }
      text.nextLine();
    }
    if (cpu == null) {
      return null;
    }
    // user nice system idle iowait irq softirq steal
    long user = cpu[0] + cpu[1];
    long system = cpu[2] + cpu[5] + cpu[6];
    long total = user + system + cpu[3] + cpu[4] + cpu[7];
    return new CpuTimes(user, system, cpu[4], cpu[7], cpu[3], total, Math.max(cpus, 1), ctxt, intr);
  }

  /**
   * The shares of the time between {@code before} and this, in percent: user, system, iowait,
   * steal, idle (they add up to 100). Null when no tick passed.
   */
  double[] sharesSince(CpuTimes before) {
    double elapsed = total - before.total;
    if (elapsed <= 0) {
      return null;
    }
    return new double[] {
      100 * (user - before.user) / elapsed,
      100 * (system - before.system) / elapsed,
      100 * (iowait - before.iowait) / elapsed,
      100 * (steal - before.steal) / elapsed,
      100 * (idle - before.idle) / elapsed,
    };
  }
}
