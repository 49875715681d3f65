package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.ProfileSectionJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The collector with its real engines, over a workload whose hot method is known. */
class ProfileCollectorTest {

  private static final String HOT = HotWorkload.class.getName() + ".spin";
  // The workload lives under isutools4j's own packages, framework code by default: name it the app.
  private static final List<String> APP = List.of(HotWorkload.class.getName());

  @TempDir
  Path dir;

  private ProfileSection profile(String engine, String events) throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, engine,
        events == null ? null : List.of(events.split(",")), 10, APP);
    collector.start(new RunContext("r1", dir.resolve("r1")));
    Object section;
    try (HotWorkload hot = new HotWorkload(1_500)) {
      section = collector.stop(true);
    }
    assertThat(section).isInstanceOf(ProfileSection.class);
    return (ProfileSection) section;
  }

  @Test
  void asyncProfilerPutsTheHotMethodFirstInSelfTime() throws Exception {
    ProfileSection p = profile("async-profiler", null);
    assertThat(p.error()).isNull();
    assertThat(p.engine()).isEqualTo("async-profiler");
    // The cheapest timer first: the per-thread CPU-time one where the OS has it (Linux).
    boolean linux = System.getProperty("os.name").startsWith("Linux");
    assertThat(p.event()).isEqualTo(linux ? "ctimer" : "itimer");
    assertThat(p.fallbacks()).hasSize(linux ? 0 : 1);
    assertHotMethodOnTop(p);
    Path collapsed = dir.resolve("r1").resolve("profile.collapsed");
    assertThat(collapsed).isRegularFile();
    assertThat(Files.readString(collapsed)).contains(HOT);
    assertThat(p.files().get("collapsed")).isEqualTo("r1/profile.collapsed");
  }

  @Test
  void jfrWhenForcedPutsTheHotMethodFirstInSelfTime() throws Exception {
    ProfileSection p = profile("jfr", null);
    assertThat(p.error()).isNull();
    assertThat(p.engine()).isEqualTo("jfr");
    // CPU-time samples where the JDK has them (JDK 25 on Linux), execution samples otherwise.
    assertThat(p.event()).isEqualTo(JfrEngine.hasEvent(JfrEngine.CPU_TIME_SAMPLE)
        ? JfrEngine.CPU_TIME_SAMPLE : "jdk.ExecutionSample");
    assertHotMethodOnTop(p);
    assertThat(dir.resolve("r1").resolve("profile.jfr")).isRegularFile();
    assertThat(p.files().get("jfr")).isEqualTo("r1/profile.jfr");
  }

  private static void assertHotMethodOnTop(ProfileSection p) {
    List<ProfileSection.MethodRow> self = p.topSelf();
    assertThat(self).isNotEmpty();
    assertThat(self.get(0).method()).isEqualTo(HOT);
    assertThat(self.get(0).share()).isGreaterThan(0.5);
    assertThat(self.get(0).app()).isTrue();
    assertThat(p.samples()).isGreaterThanOrEqualTo(self.get(0).samples());
    // The hot method runs under its thread's run(): it is in the total of Thread.run too.
    assertThat(p.topTotal()).anySatisfy(r -> assertThat(r.method()).isEqualTo(HOT));
    assertThat(p.topApp().get(0).method()).isEqualTo(HOT);
    assertThat(p.threads()).anySatisfy(t -> {
      assertThat(t.name()).isEqualTo("hot-worker-{n}");
      assertThat(t.cpuMs()).isGreaterThan(500);
    });
    ProfileSection.Flame flame = p.flame();
    assertThat(flame.frame()).hasSameSizeAs(flame.value());
    assertThat(flame.frames()).contains(HOT);
  }

  @Test
  void aCpuEventThatCannotStartFallsBackToTheNextWithTheReason() throws Exception {
    ProfileSection p = profile("async-profiler", "no-such-event,itimer");
    assertThat(p.event()).isEqualTo("itimer");
    assertThat(p.fallbacks()).anySatisfy(f -> assertThat(f).startsWith("no-such-event: "));
    assertHotMethodOnTop(p);
  }

  @Test
  void aProfilerThatCannotStartCostsOnlyItsSectionAndSaysWhy() throws Exception {
    ProfileSection p = profile("async-profiler", "no-such-event");
    assertThat(p.engine()).isNull();
    assertThat(p.error()).startsWith("async-profiler: ").contains("no-such-event");
    assertThat(p.topSelf()).isEmpty();
    assertThat(new ProfileSectionJson().write(p)).doesNotContainKey("topSelf");
  }

  @Test
  void aDiscardedRunLeavesNoSectionAndNoProfilerRunning() throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, "async-profiler", null, 10,
        List.of());
    collector.start(new RunContext("r1", dir.resolve("r1")));
    assertThat(collector.stop(false)).isNull();
    // A profiler left running would refuse to start again.
    ProfileSection p = profile("async-profiler", null);
    assertThat(p.error()).isNull();
  }

  @Test
  void aRetriedSaveGetsTheSameSectionAgain() throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, "jfr", null, 10, List.of());
    collector.start(new RunContext("r1", dir.resolve("r1")));
    Object first;
    try (HotWorkload hot = new HotWorkload(200)) {
      first = collector.stop(true);
    }
    assertThat(collector.stop(true)).isSameAs(first);
  }

  @Test
  void aCollapsedFileTheSaveCouldNotWriteIsWrittenWhenTheSaveIsRetried() throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, "async-profiler", null, 10,
        APP);
    collector.start(new RunContext("r1", dir.resolve("r1")));
    // A folder where the file should go: its write fails, as on a full disk.
    Path blocked = Files.createDirectories(dir.resolve("r1").resolve("profile.collapsed"));
    ProfileSection first;
    try (HotWorkload hot = new HotWorkload(500)) {
      first = (ProfileSection) collector.stop(true);
    }
    assertThat(first.error()).startsWith("could not write profile.collapsed: ");
    assertThat(first.files()).doesNotContainKey("collapsed");
    assertThat(collector.retry(first)).as("still blocked: as it was").isSameAs(first);

    Files.delete(blocked);
    ProfileSection retried = (ProfileSection) collector.retry(first);

    assertThat(retried.error()).isNull();
    assertThat(retried.files()).containsEntry("collapsed", "r1/profile.collapsed");
    assertThat(Files.readString(dir.resolve("r1").resolve("profile.collapsed"))).contains(HOT);
    assertThat(retried.topSelf()).isEqualTo(first.topSelf());
    assertThat(collector.retry(retried)).isSameAs(retried);
  }

  @Test
  void offMeansACollectorThatStartsAndStopsWithoutASection() {
    Collector off = ProfileCollector.of(Settings.of(Map.of("isutools.profile", "off")));
    assertThat(off).isInstanceOf(ProfileOffCollector.class);
    assertThat(off.name()).isEqualTo(ProfileCollector.NAME);
    off.start(new RunContext("r1", dir.resolve("r1")));
    assertThat(off.stop(true)).isNull();
    off.start(new RunContext("r2", dir.resolve("r2")));
    assertThat(off.stop(false)).isNull();
    assertThat(dir.resolve("r1")).doesNotExist();
    assertThat(ProfileCollector.of(Settings.of(Map.of()))).isInstanceOf(ProfileCollector.class);
  }
}
