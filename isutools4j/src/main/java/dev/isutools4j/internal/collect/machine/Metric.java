package dev.isutools4j.internal.collect.machine;

/**
 * The numbers of one sample, each a key of the section's series and summary (docs/SNAPSHOT.md).
 * A sample holds them in an array indexed by ordinal; NaN means not measured.
 */
enum Metric {
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

  static final Metric[] ALL = values();

  final String key;

  Metric(String key) {
    this.key = key;
  }
}
