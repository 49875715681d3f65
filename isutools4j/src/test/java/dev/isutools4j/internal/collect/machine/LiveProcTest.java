package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.keys.Keys;
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
    sampler.start();
    try {
      Thread.sleep(200);
      Sample s = sampler.sample();

      assertThat(s.get(Metric.CPU_BUSY) + s.get(Metric.CPU_IDLE)).isCloseTo(100, within(0.01));
      assertThat(s.get(Metric.CPU_USER) + s.get(Metric.CPU_SYSTEM) + s.get(Metric.CPU_IOWAIT)
          + s.get(Metric.CPU_STEAL) + s.get(Metric.CPU_IDLE)).isCloseTo(100, within(0.01));
      assertThat(s.get(Metric.CPU_BUSY)).isBetween(0.0, 100.0);
      assertThat(s.get(Metric.MEM_AVAILABLE)).isPositive();
      assertThat(s.get(Metric.CONTEXT_SWITCHES)).isPositive();
      assertThat(s.net).containsKey("lo");
      assertThat(s.get(Metric.HEAP_USED)).isPositive();
      assertThat(s.get(Metric.THREADS)).isGreaterThan(1);
      assertThat(s.get(Metric.OPEN_FILES)).isPositive();
      assertThat(s.get(Metric.REQUESTS)).isZero();

      List<Processes.Row> rows = s.processes;
      assertThat(rows).filteredOn(r -> r.pid() == self).singleElement().satisfies(jvm -> {
        assertThat(jvm.rssBytes()).isPositive();
        assertThat(jvm.cpuPct()).isBetween(0.0, 100.0 * Runtime.getRuntime().availableProcessors() + 50);
      });
      assertThat(sampler.limits(null)).containsKeys("cpus", "cgroup", "openFilesMax", "pool");
    } finally {
      sampler.stop();
    }
  }
}
