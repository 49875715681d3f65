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
import dev.isutools4j.internal.stats.Recording;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineCollectorTest {

  @TempDir
  Path dir;

  private static MachineCollector collector(Path root, java.util.function.Supplier<Recorder> recorder) {
    return new MachineCollector(root, 100, null, recorder, Clock.systemUTC(),
        ProcessHandle.current().pid(), SampleLog.MAX);
  }

  private static Set<Thread> samplers() {
    Set<Thread> threads = new HashSet<>(Thread.getAllStackTraces().keySet());
    threads.removeIf(t -> !t.getName().equals(MachineCollector.THREAD_NAME));
    return threads;
  }

  @Test
  void aRunSavedWithTheMachineSection() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    RunLifecycle runs = new RunLifecycle(new RunStore(dir.resolve("history")),
        List.of(collector(Path.of("/"), Recording::recorder)), () -> new GitRevision("abc", false), 5,
        Clock.systemUTC());
    Set<Thread> others = samplers(); // the JVM-wide instance of other tests may run one
    runs.reset();
    Set<Thread> started = samplers();
    started.removeAll(others);
    assertThat(started).as("a sampler thread of its own").hasSize(1);
    Thread sampler = started.iterator().next();
    assertThat(sampler.isDaemon()).isTrue();
    int route = Recording.keys().routes().id("GET", "/machine-test");
    long until = System.nanoTime() + 700_000_000L;
    while (System.nanoTime() < until) {
      Recording.recorder().http(route).record(2_000_000, 200, 10, RequestScope.current(), 0);
      Thread.sleep(5);
    }
    String id = runs.save(1L, true, null).id();

    Snapshot stored = runs.store().read(id).orElseThrow();
    MachineSection machine = stored.section(MachineSection.class).orElseThrow();
    assertThat(machine.supported()).isTrue();
    List<MachineSection.Sample> series = machine.series();
    assertThat(series).hasSizeGreaterThanOrEqualTo(3);
    assertThat(series).anySatisfy(s -> assertThat(s.value(MachineMetric.REQUESTS)).isPositive());
    assertThat(series).anySatisfy(s -> assertThat(s.value(MachineMetric.P95)).isBetween(1.5, 2.5));
    assertThat(series.get(0).t()).isPositive();
    assertThat(machine.summary().stat(MachineMetric.CPU_BUSY).mean()).isNotNaN();
    assertThat(machine.limits().pool().note()).isEqualTo(PoolProbe.NOT_VISIBLE);
    assertThat(sampler.isAlive()).as("the sampler stops at save").isFalse();

    String page = RunPage.render(stored, false, HealthStatus.HEALTHY);
    assertThat(page).contains("<h2 id=\"h-machine\">", "<svg class=\"mchart\"", "id=\"chart-cpu\"",
        "id=\"machine-data\"", "id=\"machine-summary\"", "(this JVM)");
  }

  @Test
  void withoutProcTheSectionSaysItIsUnsupported(@TempDir Path empty) {
    MachineCollector c = collector(empty, () -> new Recorder(Keys.withCapacity(4)));
    c.start(new RunContext("t", Path.of("unused")));
    MachineSection section = c.stop(true);
    assertThat(section.supported()).isFalse();
    assertThat(section.reason()).contains("/proc/stat", "Linux only");
  }

  @Test
  void aSamplerThatFailsMidRunCostsOnlyItsSection(@TempDir Path root) throws Exception {
    Fixtures.copy("host", root);
    MachineCollector c = collector(root, () -> new Recorder(Keys.withCapacity(4)));
    long failures = Health.failures();
    c.start(new RunContext("t", Path.of("unused")));
    Thread.sleep(350);
    Files.writeString(root.resolve("proc/stat"), "garbage\n");
    Thread.sleep(300);
    MachineSection section = c.stop(true);
    assertThat(section.error()).startsWith("sampling stopped:").contains("no cpu line");
    assertThat(Health.failures()).isGreaterThan(failures);
    assertThat(section.series()).as("the samples before the failure").isNotEmpty();
  }

  @Test
  void aDiscardedRunHandsInNothing(@TempDir Path root) {
    Fixtures.copy("host", root);
    MachineCollector c = collector(root, () -> new Recorder(Keys.withCapacity(4)));
    c.start(new RunContext("t", Path.of("unused")));
    assertThat(c.stop(false)).isNull();
    assertThat(c.stop(true)).as("stopped already").isNull();
  }
}
