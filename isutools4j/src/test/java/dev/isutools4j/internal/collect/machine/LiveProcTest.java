package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.stats.Recorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sampler on this machine's real /proc: two readings 200 ms apart give sane numbers. */
class LiveProcTest {

  @Test
  void twoSamplesOfTheRealMachine() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    long self = ProcessHandle.current().pid();
    Recorder recorder = new Recorder(Keys.withCapacity(8));
    Sampler sampler = new Sampler(new ProcFiles(Path.of("/")), self, () -> recorder,
        Clock.systemUTC());
    sampler.start(System.nanoTime());
    try {
      Thread.sleep(200);
      Sample s = sampler.sample(System.nanoTime());

      assertThat(s.get(MachineMetric.CPU_BUSY) + s.get(MachineMetric.CPU_IDLE))
          .isCloseTo(100, within(0.01));
      assertThat(s.get(MachineMetric.CPU_USER) + s.get(MachineMetric.CPU_SYSTEM)
          + s.get(MachineMetric.CPU_IOWAIT) + s.get(MachineMetric.CPU_STEAL)
          + s.get(MachineMetric.CPU_IDLE)).isCloseTo(100, within(0.01));
      assertThat(s.get(MachineMetric.CPU_BUSY)).isBetween(0.0, 100.0);
      assertThat(s.get(MachineMetric.MEM_AVAILABLE)).isPositive();
      assertThat(s.get(MachineMetric.CONTEXT_SWITCHES)).isPositive();
      assertThat(s.net).containsKey("lo");
      assertThat(s.get(MachineMetric.HEAP_USED)).isPositive();
      assertThat(s.get(MachineMetric.THREADS)).isGreaterThan(1);
      assertThat(s.get(MachineMetric.OPEN_FILES)).isPositive();
      assertThat(s.get(MachineMetric.REQUESTS)).isZero();

      List<Processes.Row> rows = s.processes;
      assertThat(rows).filteredOn(r -> r.pid() == self).singleElement().satisfies(jvm -> {
        assertThat(jvm.rssBytes()).isPositive();
        assertThat(jvm.cpuPct()).isBetween(0.0, 100.0 * Runtime.getRuntime().availableProcessors() + 50);
      });
      Limits limits = sampler.limits(null);
      assertThat(limits.known()).isTrue();
      assertThat(limits.cpus()).isPositive();
      assertThat(limits.cgroup()).isNotNull();
      assertThat(limits.pool()).isNotNull();
    } finally {
      sampler.stop();
    }
  }
}
