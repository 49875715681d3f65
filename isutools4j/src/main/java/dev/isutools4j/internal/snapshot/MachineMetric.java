package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The numbers of one machine sample, each a key of the {@code machine} section's series and summary
 * (docs/SNAPSHOT.md), in the document's order. A sample holds them in an array indexed by ordinal;
 * NaN means not measured.
 */
public enum MachineMetric {
  CPU_USER("cpuUserPct"),
  CPU_SYSTEM("cpuSystemPct"),
  CPU_IOWAIT("cpuIowaitPct"),
  CPU_STEAL("cpuStealPct"),
  CPU_IDLE("cpuIdlePct"),
  CPU_BUSY("cpuBusyPct"),
  LOAD1("load1"),
  CONTEXT_SWITCHES("contextSwitchesPerSec"),
  INTERRUPTS("interruptsPerSec"),
  MEM_USED("memUsedBytes"),
  MEM_AVAILABLE("memAvailableBytes"),
  MEM_CACHED("memCachedBytes"),
  MEM_DIRTY("memDirtyBytes"),
  SWAP_USED("swapUsedBytes"),
  NET_IN("netInBytesPerSec"),
  NET_OUT("netOutBytesPerSec"),
  LOOPBACK("loopbackBytesPerSec"),
  DISK_READ("diskReadBytesPerSec"),
  DISK_WRITE("diskWriteBytesPerSec"),
  DISK_UTIL("diskUtilPct"),
  TCP_ESTABLISHED("tcpEstablished"),
  TCP_TIME_WAIT("tcpTimeWait"),
  HEAP_USED("heapUsedBytes"),
  HEAP_COMMITTED("heapCommittedBytes"),
  GC_COUNT("gcPerSec"),
  GC_TIME("gcMsPerSec"),
  GC_MAX_PAUSE("gcMaxPauseMs"),
  THREADS("threads"),
  OPEN_FILES("openFiles"),
  POOL_ACTIVE("poolActive"),
  POOL_IDLE("poolIdle"),
  POOL_WAITING("poolWaiting"),
  POOL_TOTAL("poolTotal"),
  REQUESTS("requestsPerSec"),
  P95("p95Ms"),
  ERRORS_5XX("errors5xxPerSec"),
  SQL("sqlPerSec"),
  SQL_TIME("sqlMsPerSec");

  /** Every metric, in the document's order. */
  public static final List<MachineMetric> ALL = List.of(values());

  private final String key;

  MachineMetric(String key) {
    this.key = key;
  }

  /** The metric's key in the document, such as {@code cpuBusyPct}. */
  public String key() {
    return key;
  }
}
