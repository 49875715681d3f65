package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleLogTest {

  private static Sample sample(long t, double busy) {
    Sample s = new Sample(t).set(MachineMetric.CPU_BUSY, busy);
    s.net.put("eth0", new double[] {t, 2 * t});
    return s;
  }

  @Test
  void pastItsBoundEverySecondSampleIsDroppedAndTheGridStaysEven() {
    SampleLog log = new SampleLog(4);
    for (int t = 0; t < 4; t++) {
      log.add(sample(t, t));
    }
    assertThat(log.kept()).extracting(s -> s.t).containsExactly(0L, 1L, 2L, 3L);
    log.add(sample(4, 4));
    assertThat(log.kept()).extracting(s -> s.t).containsExactly(0L, 2L, 4L);
    assertThat(log.stride()).isEqualTo(2);
    for (int t = 5; t < 9; t++) {
      log.add(sample(t, t));
    }
    assertThat(log.kept()).extracting(s -> s.t).containsExactly(0L, 4L, 8L);
    assertThat(log.stride()).isEqualTo(4);
    assertThat(log.taken()).isEqualTo(9);
  }

  @Test
  void meanAndPeakCoverEverySampleTakenDroppedOnesToo() {
    SampleLog log = new SampleLog(2);
    for (int t = 0; t < 5; t++) {
      log.add(sample(t, t == 3 ? 99 : 10));
    }
    assertThat(log.kept()).extracting(s -> s.t).doesNotContain(3L);
    assertThat(log.stat(MachineMetric.CPU_BUSY).peak()).isEqualTo(99);
    assertThat(log.stat(MachineMetric.CPU_BUSY).mean()).isEqualTo((4 * 10 + 99) / 5.0);
    assertThat(log.stat(MachineMetric.P95).count()).as("never measured").isZero();
    Map<String, SampleLog.Stat[]> net = log.net();
    assertThat(net.get("eth0")[1].peak()).isEqualTo(8);
    assertThat(net.get("eth0")[0].mean()).isEqualTo(2);
  }
}
