package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.RequestScope;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.HealthStatus;
import dev.isutools4j.internal.web.RunPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The collector driven tick by tick: no thread of its own, no waiting. */
class MachineCollectorTest {

  private static final int INTERVAL_MS = 100;

  @TempDir
  Path dir;

  private static MachineCollector collector(Path root, Supplier<Recorder> recorder, Ticker ticker,
      Clock clock) {
    return new MachineCollector(root, INTERVAL_MS, null, recorder, clock, ticker,
        ProcessHandle.current().pid(), SampleLog.MAX);
  }

  private static MachineCollector collector(Path root, ManualTicker ticker) {
    return collector(root, () -> new Recorder(Keys.withCapacity(4)), ticker, ticker.clock());
  }

  private RunLifecycle runs(MachineCollector collector) {
    return new RunLifecycle(new RunStore(dir.resolve("history")), List.of(collector),
        () -> new GitRevision("abc", false), 5, Clock.systemUTC());
  }

  @Test
  void aRunSavedWithTheMachineSection() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    // A recorder of the test's own: the JVM-wide one's interval histogram is read destructively by
    // the sampler of the JVM-wide instance too, when an earlier test (TestRuns.fresh) left its run
    // open, and a second it read would be missing here.
    Keys keys = Keys.withCapacity(4);
    Recorder recorder = new Recorder(keys);
    RunLifecycle runs = runs(collector(Path.of("/"), () -> recorder, ticker, ticker.clock()));
    runs.reset();
    int route = keys.routes().id("GET", "/machine-test");
    for (int second = 0; second < 5; second++) {
      for (int i = 0; i < 20; i++) {
        recorder.http(route).record(2_000_000, 200, 10, RequestScope.current(), 0);
      }
      procStatMoves(); // the CPU's share needs a jiffy between two ticks, however fast they come
      assertThat(ticker.tick()).as("tick %d", second).isTrue();
    }
    String id = runs.save(1L, true, null).id();
    assertThat(ticker.ends()).as("the sampling ends at save").isEqualTo(1);

    Snapshot stored = runs.store().read(id).orElseThrow();
    MachineSection machine = stored.section(MachineSection.class).orElseThrow();
    assertThat(machine.supported()).isTrue();
    assertThat(machine.error()).isNull();
    List<MachineSection.Sample> series = machine.series();
    assertThat(series).hasSize(5);
    assertThat(series).allSatisfy(s -> assertThat(s.value(MachineMetric.REQUESTS)).isPositive());
    assertThat(series).allSatisfy(s -> assertThat(s.value(MachineMetric.P95)).isBetween(1.5, 2.5));
    assertThat(series.get(0).t()).isPositive();
    assertThat(series.get(1).t() - series.get(0).t()).isEqualTo(INTERVAL_MS);
    assertThat(machine.summary().samples()).isEqualTo(5);
    assertThat(machine.summary().stat(MachineMetric.CPU_BUSY).mean()).isNotNaN();
    assertThat(machine.limits().pool().note()).isEqualTo(PoolProbe.NOT_VISIBLE);

    String page = RunPage.render(stored, false, HealthStatus.HEALTHY);
    assertThat(page).contains("<h2 id=\"h-machine\">", "<svg class=\"mchart\"", "id=\"chart-cpu\"",
        "id=\"machine-data\"", "id=\"machine-summary\"", "(this JVM)");
  }

  @Test
  void inProductionASamplerThreadOfItsOwnRunsFromResetToSave(@TempDir Path root) throws Exception {
    Fixtures.copy("host", root);
    RunLifecycle runs = runs(collector(root, () -> new Recorder(Keys.withCapacity(4)),
        new ThreadTicker(3_600_000), Clock.systemUTC()));
    Set<Thread> others = samplers(); // the JVM-wide instance of other tests may run one
    runs.reset();
    Set<Thread> started = samplers();
    started.removeAll(others);
    assertThat(started).as("a sampler thread of its own").hasSize(1);
    Thread sampler = started.iterator().next();
    assertThat(sampler.isDaemon()).isTrue();

    String id = runs.save(1L, true, null).id();
    assertThat(sampler.isAlive()).as("the sampler stops at save").isFalse();
    MachineSection machine = runs.store().read(id).orElseThrow().section(MachineSection.class)
        .orElseThrow();
    assertThat(machine.supported()).isTrue();
    assertThat(machine.error()).isNull();
    assertThat(machine.limits().known()).as("read once the thread ended").isTrue();
  }

  /** Spins on this thread until the kernel's CPU counters move (a jiffy, 10 ms), at most 2 s. */
  private static void procStatMoves() throws java.io.IOException {
    String before = Files.readAllLines(Path.of("/proc/stat")).get(0);
    long deadline = System.nanoTime() + 2_000_000_000L;
    long spins = 0;
    while (System.nanoTime() < deadline) {
      for (int i = 0; i < 100_000; i++) {
        spins += i ^ spins;
      }
      if (!Files.readAllLines(Path.of("/proc/stat")).get(0).equals(before)) {
        return;
      }
    }
    throw new AssertionError("/proc/stat did not move in 2 s (" + spins + ")");
  }

  private static Set<Thread> samplers() {
    Set<Thread> threads = new HashSet<>(Thread.getAllStackTraces().keySet());
    threads.removeIf(t -> !t.getName().equals(ThreadTicker.THREAD_NAME));
    return threads;
  }

  @Test
  void withoutProcTheSectionSaysItIsUnsupported(@TempDir Path empty) {
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector c = collector(empty, ticker);
    c.start(new RunContext("t", Path.of("unused")));
    assertThat(ticker.tick()).as("nothing to tick").isFalse();
    MachineSection section = c.stop(true);
    assertThat(section.supported()).isFalse();
    assertThat(section.reason()).contains("/proc/stat", "Linux only");
  }

  @Test
  void aSamplerThatFailsMidRunCostsOnlyItsSection(@TempDir Path root) throws Exception {
    Fixtures.copy("host", root);
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector c = collector(root, ticker);
    long failures = Health.failures();
    c.start(new RunContext("t", Path.of("unused")));
    for (int i = 0; i < 3; i++) {
      assertThat(ticker.tick()).isTrue();
    }
    Files.writeString(root.resolve("proc/stat"), "garbage\n");
    assertThat(ticker.tick()).as("the failing tick").isFalse();
    assertThat(ticker.tick()).as("no tick after a failure").isFalse();
    MachineSection section = c.stop(true);
    assertThat(section.error()).startsWith("sampling stopped:").contains("no cpu line");
    assertThat(Health.failures()).isGreaterThan(failures);
    assertThat(section.series()).as("the samples before the failure").hasSize(3);
    assertThat(ticker.ends()).isEqualTo(1);
  }

  @Test
  void aDiscardedRunHandsInNothing(@TempDir Path root) {
    Fixtures.copy("host", root);
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector c = collector(root, ticker);
    c.start(new RunContext("t", Path.of("unused")));
    assertThat(ticker.tick()).isTrue();
    assertThat(c.stop(false)).isNull();
    assertThat(ticker.ends()).as("the sampling ended").isEqualTo(1);
    assertThat(c.stop(true)).as("stopped already").isNull();
  }
}
