package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.MachineMetric;
import org.junit.jupiter.api.Test;

class JvmProbeTest {

  @Test
  void concurrentCyclesAreNotPauses() {
    assertThat(GcPauses.concurrent("ZGC Cycles", "end of GC cycle")).isTrue();
    assertThat(GcPauses.concurrent("Shenandoah Cycles", "end of GC cycle")).isTrue();
    assertThat(GcPauses.concurrent("ZGC Pauses", "end of GC pause")).isFalse();
    assertThat(GcPauses.concurrent("G1 Young Generation", "end of minor GC")).isFalse();
    assertThat(GcPauses.concurrent("G1 Concurrent GC", "end of concurrent GC pause")).isFalse();
  }

  @Test
  void aCollectionInTheIntervalIsCountedWithItsTime() {
    JvmProbe probe = new JvmProbe(Fixtures.files("host"));
    probe.start();
    try {
      System.gc();
      Sample s = new Sample(0);
      probe.sample(s, 1.0);
      assertThat(s.get(MachineMetric.GC_COUNT)).isGreaterThanOrEqualTo(1);
      assertThat(s.get(MachineMetric.GC_TIME)).isNotNegative();
      assertThat(s.get(MachineMetric.GC_MAX_PAUSE)).isNotNegative();
      assertThat(s.get(MachineMetric.HEAP_USED)).isPositive()
          .isLessThanOrEqualTo(s.get(MachineMetric.HEAP_COMMITTED));
      assertThat(s.get(MachineMetric.OPEN_FILES)).as("the fixture's /proc/self/fd").isEqualTo(4);
      assertThat(probe.pauseNote()).as("GC notifications exist on this JVM").isNull();
    } finally {
      probe.stop();
    }
  }
}
