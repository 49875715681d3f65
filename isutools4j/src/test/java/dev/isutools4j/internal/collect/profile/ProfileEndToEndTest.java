package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.RunPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** From reset to the saved page: the profile of exactly the run, or the reason there is none. */
class ProfileEndToEndTest {

  private static final String HOT = HotWorkload.class.getName() + ".spin";

  @TempDir
  Path dir;

  private RunLifecycle lifecycle(Collector profile) {
    return new RunLifecycle(new RunStore(dir, RunPage::standalone), List.of(profile),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
  }

  @Test
  void aSavedRunHasItsProfileItsFilesAndItsFlameGraph() throws Exception {
    RunLifecycle runs = lifecycle(new ProfileCollector(ProfileMode.CPU, "auto", null, 10,
        List.of(HotWorkload.class.getName())));
    String id = runs.reset().id();
    RunLifecycle.Saved saved;
    try (HotWorkload hot = new HotWorkload(1_000)) {
      saved = runs.save(1L, true, null);
    }
    Snapshot run = runs.store().read(id).orElseThrow();
    ProfileSection profile = run.section(ProfileSection.class).orElseThrow();
    assertThat(run.sections()).containsKey(ProfileCollector.NAME);
    assertThat(profile.error()).isNull();
    assertThat(profile.topSelf().get(0).method()).isEqualTo(HOT);
    assertThat(profile.app().packages()).first().isEqualTo(HotWorkload.class.getName());
    assertThat(profile.app().mainClass()).as("this JVM's, a test runner's").isNotBlank();
    assertThat(dir.resolve(id).resolve("profile.collapsed")).isRegularFile();
    assertThat(saved.file()).isEqualTo(dir.resolve(id + ".json"));

    String page = Files.readString(dir.resolve(id + ".html"));
    assertThat(page).contains("id=\"h-profile\"", "class=\"flame\"", HOT,
        "href=\"./" + id + "/profile.collapsed\"");
  }

  @Test
  void aProfilerThatCannotStartCostsOnlyTheProfileAndThePageSaysWhy() throws Exception {
    RunLifecycle runs = lifecycle(new ProfileCollector(ProfileMode.CPU, "async-profiler",
        List.of("no-such-event"), 10, List.of()));
    String id = runs.reset().id();
    Isutools.count("still-measured");
    runs.save(7L, true, null);

    Snapshot run = runs.store().read(id).orElseThrow();
    assertThat(run.meta().score()).isEqualTo(7L);
    assertThat(run.counters()).anySatisfy(c -> assertThat(c.name()).isEqualTo("still-measured"));
    ProfileSection profile = run.section(ProfileSection.class).orElseThrow();
    assertThat(profile.engine()).isNull();
    assertThat(profile.error()).contains("no-such-event");
    String page = Files.readString(dir.resolve(id + ".html"));
    assertThat(page).contains("no profile: async-profiler: ").doesNotContain("class=\"flame\"");
  }

  @Test
  void withTheProfileOffARunIsSavedWithoutAProfile() throws Exception {
    RunLifecycle runs = lifecycle(ProfileCollector.of(Settings.of(Map.of("isutools.profile", "off"))));
    String id = runs.reset().id();
    runs.save(3L, true, null);

    Snapshot run = runs.store().read(id).orElseThrow();
    assertThat(run.meta().score()).isEqualTo(3L);
    assertThat(run.sections()).doesNotContainKey(ProfileCollector.NAME);
    assertThat(run.section(ProfileSection.class)).isEmpty();
    assertThat(dir.resolve(id).resolve("profile.collapsed")).doesNotExist();
    assertThat(Files.readString(dir.resolve(id + ".html"))).contains(">not profiled: ")
        .doesNotContain("id=\"profile-summary\"", "data-flame");
  }
}
