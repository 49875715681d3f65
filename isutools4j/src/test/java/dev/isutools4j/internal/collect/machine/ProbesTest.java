package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine and its processes over one interval: the fixture tree, then one second later. */
class ProbesTest {

  @TempDir
  Path root;

  private ProcFiles files;
  private HostProbe host;
  private Processes processes;

  @BeforeEach
  void firstReading() throws Exception {
    Fixtures.copy("host", root);
    files = new ProcFiles(root);
    host = new HostProbe(files);
    processes = new Processes(files, 100, 4096);
    host.sample(null, 0);
    assertThat(processes.sample(host.ticksPerCpu())).as("the first scan only primes")
        .allSatisfy(r -> assertThat(r.cpuPct()).isNaN());
    Fixtures.copy("host-later", root);
    try (var stream = Files.walk(root.resolve("proc/888"))) {
      stream.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Test
  void machineRatesOverOneSecond() {
    Sample s = new Sample(0);
    host.sample(s, 1.0);
    assertThat(s.get(MachineMetric.CPU_USER)).isEqualTo(40);
    assertThat(s.get(MachineMetric.CPU_SYSTEM)).isEqualTo(20);
    assertThat(s.get(MachineMetric.CPU_IOWAIT)).isEqualTo(5);
    assertThat(s.get(MachineMetric.CPU_STEAL)).isEqualTo(5);
    assertThat(s.get(MachineMetric.CPU_IDLE)).isEqualTo(30);
    assertThat(s.get(MachineMetric.CPU_BUSY)).isEqualTo(70);
    assertThat(host.ticksPerCpu()).isEqualTo(100);
    assertThat(s.get(MachineMetric.CONTEXT_SWITCHES)).isEqualTo(3000);
    assertThat(s.get(MachineMetric.INTERRUPTS)).isEqualTo(2000);
    assertThat(s.get(MachineMetric.LOAD1)).isCloseTo(0.52, within(1e-9));
    assertThat(s.get(MachineMetric.SWAP_USED)).isEqualTo(500_000.0 * 1024);
    assertThat(s.get(MachineMetric.TCP_ESTABLISHED)).isEqualTo(321);
    assertThat(s.get(MachineMetric.TCP_TIME_WAIT)).isEqualTo(4321);
  }

  @Test
  void networkPerInterfaceWithLoopbackApart() {
    Sample s = new Sample(0);
    host.sample(s, 2.0);
    assertThat(s.net).containsOnlyKeys("lo", "eth0");
    assertThat(s.net.get("eth0")).containsExactly(50_000, 100_000);
    assertThat(s.get(MachineMetric.NET_IN)).isEqualTo(50_000);
    assertThat(s.get(MachineMetric.NET_OUT)).isEqualTo(100_000);
    assertThat(s.get(MachineMetric.LOOPBACK)).isEqualTo(150_000);
  }

  @Test
  void disksSumPhysicalDevicesAndTakeTheBusiestUtilisation() {
    Sample s = new Sample(0);
    host.sample(s, 1.0);
    assertThat(s.disks).containsOnlyKeys("sda", "nvme0n1", "dm-0");
    assertThat(s.disks.get("sda")).containsExactly(2000 * 512, 4000 * 512, 50);
    assertThat(s.disks.get("dm-0")[2]).isEqualTo(12);
    assertThat(s.get(MachineMetric.DISK_READ)).as("dm-0 is stacked on sda: not counted twice")
        .isEqualTo(2000 * 512);
    assertThat(s.get(MachineMetric.DISK_WRITE)).isEqualTo(4000 * 512);
    assertThat(s.get(MachineMetric.DISK_UTIL)).isEqualTo(50);
  }

  @Test
  void processesByCpuOfOneCoreWithTheJvmAndTheDatabaseAlwaysKept() {
    host.sample(new Sample(0), 1.0);
    List<Processes.Row> rows = processes.sample(host.ticksPerCpu());
    assertThat(rows).extracting(Processes.Row::name)
        .containsExactly("mysqld", "my (weird) app", "nginx", "java");
    Map<String, Processes.Row> byName = rows.stream()
        .collect(java.util.stream.Collectors.toMap(Processes.Row::name, r -> r));
    assertThat(byName.get("mysqld").cpuPct()).isEqualTo(140);
    assertThat(byName.get("my (weird) app").cpuPct()).isEqualTo(60);
    assertThat(byName.get("nginx").cpuPct()).as("new within the interval").isEqualTo(30);
    assertThat(byName.get("java").cpuPct()).isEqualTo(20);
    assertThat(byName.get("java").rssBytes()).isEqualTo(200_100L * 4096);
    assertThat(rows).extracting(Processes.Row::name).as("idle, neither watched nor this JVM")
        .doesNotContain("systemd");
  }

  @Test
  void runTotalsIncludeProcessesThatExitedAndMarkThisJvm() throws Exception {
    host.sample(new Sample(0), 1.0);
    processes.sample(host.ticksPerCpu());
    Files.writeString(root.resolve("proc/4242/stat"), Files.readString(root.resolve("proc/4242/stat"))
        .replace("(my (weird) app)", "(renamed)"));
    host.sample(new Sample(0), 1.0); // no tick passed: same /proc/stat
    processes.sample(host.ticksPerCpu());
    List<Processes.Total> totals = processes.totals();
    assertThat(totals).extracting(Processes.Total::name)
        .containsExactly("mysqld", "renamed", "nginx", "java");
    assertThat(totals.get(0).meanCpuPct()).isEqualTo(140);
    assertThat(totals.get(0).peakRssBytes()).isEqualTo(100_500L * 4096);
    assertThat(totals.get(3).self()).isTrue();
  }
}
