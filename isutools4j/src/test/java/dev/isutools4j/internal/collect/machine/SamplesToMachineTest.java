package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section built from a run's samples holds the numbers the document will. */
class SamplesToMachineTest {

  private static Sample sample(long t, double busy) {
    Sample s = new Sample(t).set(MachineMetric.CPU_BUSY, busy).set(MachineMetric.MEM_USED, 1234.5);
    s.net.put("eth0", new double[] {0, 0});
    s.net.put("lo", new double[] {1.234, 5});
    s.disks.put("vda", new double[] {0, 0.001, 0});
    s.processes = List.of(new Processes.Row(7, "java", Double.NaN, 9));
    return s;
  }

  @Test
  void numbersAreRoundedAndIdleInterfacesLeftOutOfTheSamples() {
    SampleLog log = new SampleLog(10);
    log.add(sample(1000, 12.345678));
    log.add(sample(2000, 20));
    MachineSection section = SamplesToMachine.build(log, 1000,
        List.of(new Processes.Total(7, "java", 3.14159, Double.NaN, 9, true)),
        List.of(new Flag("swap-in-use", "swap in use")), Limits.UNKNOWN, null);

    MachineSection.Sample first = section.series().get(0);
    assertThat(first.t()).isEqualTo(1000);
    assertThat(first.value(MachineMetric.CPU_BUSY)).isEqualTo(12.35);
    assertThat(first.value(MachineMetric.MEM_USED)).isEqualTo(1234);
    assertThat(first.value(MachineMetric.P95)).isNaN();
    assertThat(first.net()).containsOnlyKeys("lo");
    assertThat(first.net().get("lo").inBytesPerSec()).isEqualTo(1.23);
    assertThat(first.disks()).as("moved a thousandth of a byte").containsOnlyKeys("vda");
    assertThat(first.processes().get(0).cpuPct()).isNaN();

    MachineSection.Summary summary = section.summary();
    assertThat(summary.samples()).isEqualTo(2);
    assertThat(summary.intervalMs()).isEqualTo(1000);
    assertThat(summary.keptEvery()).isEqualTo(1);
    assertThat(summary.metrics()).containsOnlyKeys(MachineMetric.CPU_BUSY, MachineMetric.MEM_USED);
    assertThat(summary.stat(MachineMetric.CPU_BUSY).mean()).isEqualTo(16.17);
    assertThat(summary.stat(MachineMetric.CPU_BUSY).peak()).isEqualTo(20);
    assertThat(summary.net()).as("every interface seen").containsOnlyKeys("eth0", "lo");
    assertThat(summary.processes().get(0).meanCpuPct()).isEqualTo(3.14);
    assertThat(summary.processes().get(0).peakCpuPct()).isNaN();
    assertThat(section.flags()).extracting(Flag::id).containsExactly("swap-in-use");
    assertThat(section.error()).isNull();
  }
}
