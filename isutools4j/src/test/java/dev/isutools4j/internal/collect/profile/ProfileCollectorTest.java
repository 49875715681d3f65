package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.snapshot.Fields;
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

  private Fields profile(String engine, String events) throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, engine,
        events == null ? null : List.of(events.split(",")), 10, APP);
    collector.start(new RunContext("r1", dir.resolve("r1")));
    Object section;
    try (HotWorkload hot = new HotWorkload(1_500)) {
      section = collector.stop(true);
    }
    assertThat(section).isInstanceOf(Map.class);
    return Fields.of(section);
  }

  @Test
  void asyncProfilerPutsTheHotMethodFirstInSelfTime() throws Exception {
    Fields p = profile("async-profiler", null);
    assertThat(p.string("error")).isNull();
    assertThat(p.string("engine")).isEqualTo("async-profiler");
    assertThat(p.string("event")).isIn("cpu", "ctimer", "itimer");
    assertHotMethodOnTop(p);
    Path collapsed = dir.resolve("r1").resolve("profile.collapsed");
    assertThat(collapsed).isRegularFile();
    assertThat(Files.readString(collapsed)).contains(HOT);
    assertThat(Fields.of(p.raw("files")).string("collapsed")).isEqualTo("r1/profile.collapsed");
  }

  @Test
  void jfrWhenForcedPutsTheHotMethodFirstInSelfTime() throws Exception {
    Fields p = profile("jfr", null);
    assertThat(p.string("error")).isNull();
    assertThat(p.string("engine")).isEqualTo("jfr");
    // CPU-time samples where the JDK has them (JDK 25 on Linux), execution samples otherwise.
    assertThat(p.string("event")).isEqualTo(JfrEngine.hasEvent(JfrEngine.CPU_TIME_SAMPLE)
        ? JfrEngine.CPU_TIME_SAMPLE : "jdk.ExecutionSample");
    assertHotMethodOnTop(p);
    assertThat(dir.resolve("r1").resolve("profile.jfr")).isRegularFile();
    assertThat(Fields.of(p.raw("files")).string("jfr")).isEqualTo("r1/profile.jfr");
  }

  @SuppressWarnings("unchecked")
  private static void assertHotMethodOnTop(Fields p) {
    List<Fields> self = p.fieldsList("topSelf");
    assertThat(self).isNotEmpty();
    assertThat(self.get(0).string("method")).isEqualTo(HOT);
    assertThat(self.get(0).doubleValue("share")).isGreaterThan(0.5);
    assertThat(self.get(0).boolOrNull("app")).isTrue();
    assertThat(p.longValue("samples")).isGreaterThanOrEqualTo(self.get(0).longValue("samples"));
    // The hot method runs under its thread's run(): it is in the total of Thread.run too.
    assertThat(p.fieldsList("topTotal")).anySatisfy(r -> assertThat(r.string("method")).isEqualTo(HOT));
    assertThat(p.fieldsList("topApp").get(0).string("method")).isEqualTo(HOT);
    assertThat(p.fieldsList("threads")).anySatisfy(t -> {
      assertThat(t.string("name")).isEqualTo("hot-worker-{n}");
      assertThat(t.doubleValue("cpuMs")).isGreaterThan(500);
    });
    Fields flame = Fields.of(p.raw("flame"));
    assertThat((List<?>) flame.raw("frame")).hasSameSizeAs((List<?>) flame.raw("value"));
    assertThat((List<Object>) flame.raw("frames")).contains(HOT);
  }

  @Test
  void aCpuEventThatCannotStartFallsBackToTheNextWithTheReason() throws Exception {
    Fields p = profile("async-profiler", "no-such-event,itimer");
    assertThat(p.string("event")).isEqualTo("itimer");
    assertThat((List<?>) p.raw("fallbacks"))
        .anySatisfy(f -> assertThat(f.toString()).startsWith("no-such-event: "));
    assertHotMethodOnTop(p);
  }

  @Test
  void aProfilerThatCannotStartCostsOnlyItsSectionAndSaysWhy() throws Exception {
    Fields p = profile("async-profiler", "no-such-event");
    assertThat(p.string("engine")).isNull();
    assertThat(p.string("error")).startsWith("async-profiler: ").contains("no-such-event");
    assertThat(p.raw("topSelf")).isNull();
  }

  @Test
  void aDiscardedRunLeavesNoSectionAndNoProfilerRunning() throws Exception {
    ProfileCollector collector = new ProfileCollector(ProfileMode.CPU, "async-profiler", null, 10,
        List.of());
    collector.start(new RunContext("r1", dir.resolve("r1")));
    assertThat(collector.stop(false)).isNull();
    // A profiler left running would refuse to start again.
    Fields p = profile("async-profiler", null);
    assertThat(p.string("error")).isNull();
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
  void offMeansNoCollector() {
    assertThat(ProfileCollector.of(dev.isutools4j.internal.settings.Settings.of(Map.of("isutools.profile", "off"))))
        .isNull();
    assertThat(ProfileCollector.of(dev.isutools4j.internal.settings.Settings.of(Map.of()))).isNotNull();
  }
}
