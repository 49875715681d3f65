package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.snapshot.ProfileSection;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Wall-clock and allocation profiles, with each engine, over workloads of known shape. */
class ProfileModesTest {

  private static final List<String> APP = List.of(ProfileModesTest.class.getName());
  private static volatile Object sink;

  @TempDir
  Path dir;

  private ProfileSection profile(ProfileMode mode, String engine, Runnable workload) throws Exception {
    ProfileCollector collector = new ProfileCollector(mode, engine, null, mode.defaultIntervalMs, APP);
    collector.start(new RunContext("r", dir.resolve("r")));
    Thread worker = new Thread(workload, "workload-1");
    worker.start();
    worker.join();
    return collector.stop(true);
  }

  // Waits, using no CPU: only a wall-clock profile sees it.
  static void waitAround() {
    long end = System.nanoTime() + 1_500_000_000L;
    while (System.nanoTime() < end) {
      LockSupport.parkNanos(10_000_000L);
    }
  }

  static void allocateALot() {
    long end = System.nanoTime() + 1_000_000_000L;
    while (System.nanoTime() < end) {
      sink = new long[4096];
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async-profiler", "jfr"})
  void allocationModeCountsBytesWhereTheyAreAllocated(String engine) throws Exception {
    ProfileSection p = profile(ProfileMode.ALLOC, engine, ProfileModesTest::allocateALot);
    assertThat(p.error()).isNull();
    assertThat(p.engine()).isEqualTo(engine);
    assertThat(p.mode()).isEqualTo("alloc");
    assertThat(p.unit()).isEqualTo("bytes");
    assertThat(p.samples()).as("bytes").isGreaterThan(1L << 20);
    assertThat(p.topApp().get(0).method())
        .isEqualTo(ProfileModesTest.class.getName() + ".allocateALot");
    // What was allocated is the leaf: self time by type.
    assertThat(p.topSelf().get(0).method()).isEqualTo("long[]");
    assertThat(p.topSelf().get(0).app()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"async-profiler"})
  void wallModeSeesThreadsThatWait(String engine) throws Exception {
    ProfileSection p = profile(ProfileMode.WALL, engine, ProfileModesTest::waitAround);
    assertThat(p.error()).isNull();
    assertThat(p.event()).isEqualTo("wall");
    String waiting = ProfileModesTest.class.getName() + ".waitAround";
    ProfileSection.MethodRow row = p.topApp().stream()
        .filter(r -> waiting.equals(r.method())).findFirst().orElseThrow();
    // About 1.5 s of waiting at one sample per 20 ms: far more than the CPU it used.
    assertThat(row.samples()).isGreaterThan(20);
  }
}
