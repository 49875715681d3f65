package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.stats.Recorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code isutools.processes}: named processes are always in the machine section when they run. */
class WatchedProcessesTest {

  private static final int INTERVAL_MS = 100;

  @TempDir
  Path root;

  private static MachineCollector collector(Path root, ManualTicker ticker, Set<String> watched) {
    return new MachineCollector(root, INTERVAL_MS, null, () -> new Recorder(Keys.withCapacity(4)),
        ticker.clock(), ticker, 100, SampleLog.MAX, watched);
  }

  private static MachineSection run(Path root, Set<String> watched) {
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector collector = collector(root, ticker, watched);
    collector.start(new RunContext("t", Path.of("unused")));
    Fixtures.copy("host-later", root);
    assertThat(ticker.tick()).isTrue();
    return collector.stop(true);
  }

  @Test
  void anIdleProcessIsShownOnlyWhenItsNameIsWatched() {
    Fixtures.copy("host", root);
    MachineSection usual = run(root, Processes.WATCHED);
    assertThat(usual.summary().processes()).extracting(MachineSection.ProcessTotal::name)
        .as("systemd used no CPU in the run").doesNotContain("systemd").contains("mysqld");

    Fixtures.copy("host", root);
    MachineSection watched = run(root, ProcessNames.watched(List.of("systemd")));
    assertThat(watched.summary().processes()).filteredOn(p -> p.name().equals("systemd"))
        .singleElement().satisfies(p -> {
          assertThat(p.pid()).isEqualTo(1);
          assertThat(p.meanCpuPct()).isZero();
        });
    assertThat(watched.series()).singleElement().satisfies(s -> assertThat(s.processes())
        .extracting(MachineSection.ProcessSample::name).contains("systemd", "mysqld"));
  }

  @Test
  void theSettingNamesProcessesByTheirCommOfAtMost15Characters() {
    Settings settings = Settings.of(Map.of("isutools.processes",
        " php-fpm8.2 , a-very-long-program-name,,"));
    assertThat(settings.hosts().processes()).containsExactly("php-fpm8.2", "a-very-long-program-name");
    assertThat(ProcessNames.watched(settings.hosts().processes()))
        .contains("php-fpm8.2", "a-very-long-pro", "mysqld", "mariadbd", "nginx")
        .doesNotContain("a-very-long-program-name");
    assertThat(ProcessNames.comm("a-very-long-program-name")).hasSize(ProcessNames.COMM_MAX);
  }

  @Test
  void aProcessRunningIsFoundByItsName() {
    Fixtures.copy("host", root);
    assertThat(ProcessNames.running(root, List.of("mariadbd", "mysqld"))).isTrue();
    assertThat(ProcessNames.running(root, List.of("nginx"))).as("starts later").isFalse();
    assertThat(ProcessNames.running(root, List.of("my (weird) app"))).isTrue();
  }

  @Test
  void onThisMachineTheTestsOwnSleepChildIsInTheSection() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    Process sleep = new ProcessBuilder("sleep", "60").start();
    try {
      assertThat(ProcessNames.running(List.of("sleep"))).isTrue();
      ManualTicker ticker = new ManualTicker(INTERVAL_MS);
      MachineCollector collector = new MachineCollector(Path.of("/"), INTERVAL_MS, null,
          () -> new Recorder(Keys.withCapacity(4)), ticker.clock(), ticker,
          ProcessHandle.current().pid(), SampleLog.MAX,
          ProcessNames.watched(Settings.of(Map.of("isutools.processes", "sleep")).hosts().processes()));
      collector.start(new RunContext("t", Path.of("unused")));
      assertThat(ticker.tick()).isTrue();
      MachineSection section = collector.stop(true);
      assertThat(section.summary().processes()).filteredOn(p -> p.pid() == sleep.pid())
          .singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("sleep");
            assertThat(p.peakRssBytes()).isPositive();
          });
    } finally {
      sleep.destroy();
      sleep.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
