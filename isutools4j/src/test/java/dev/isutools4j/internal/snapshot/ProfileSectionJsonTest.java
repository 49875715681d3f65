package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.testing.Profiles;
import dev.isutools4j.testing.SavedRuns;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProfileSectionJsonTest {

  private final ProfileSectionJson codec = new ProfileSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  @ParameterizedTest
  @MethodSource("runs")
  void aSavedRunsSectionIsWrittenBackAsItWasRead(Path run) {
    Object saved = SavedRuns.tree(run).get("profile");
    assertThat(saved).isInstanceOf(Map.class);
    ProfileSection read = codec.read(Fields.of(saved));
    assertThat(read.profiled()).isTrue();
    assertThat(read.flame().nodes()).isPositive();
    assertThat(SavedRuns.firstDifference(saved, codec.write(read))).as("where the section differs")
        .isNull();
  }

  @Test
  void theCodecIsTheProfileSections() {
    assertThat(SectionCodecs.byName("profile")).get().isInstanceOf(ProfileSectionJson.class);
    assertThat(SectionCodecs.of(ProfileSection.failed("cpu", "x", List.of())))
        .isInstanceOf(ProfileSectionJson.class);
  }

  @Test
  void aSectionWithoutAProfileIsWrittenAsItsModeFallbacksAndError() {
    ProfileSection failed = ProfileSection.failed("wall", "async-profiler: no such event",
        List.of("cpu: perf_event_open failed"));
    Map<String, Object> json = codec.write(failed);
    assertThat(json.keySet()).containsExactly("engine", "mode", "fallbacks", "error");
    assertThat(json).containsEntry("engine", null).containsEntry("mode", "wall")
        .containsEntry("fallbacks", List.of("cpu: perf_event_open failed"))
        .containsEntry("error", "async-profiler: no such event");
    assertThat(codec.read(Fields.of(json))).isEqualTo(failed);
  }

  @Test
  void optionalFieldsAbsentReadWithoutFailingAndAreWrittenAbsent() {
    Map<String, Object> row = new LinkedHashMap<>(Profiles.method("dev.x.A.a", 3, 0.3));
    row.remove("share");
    Map<String, Object> section = Profiles.section("jfr", "alloc", 10, List.of(row), List.of(), null);
    section.put("intervalMs", null);

    ProfileSection read = codec.read(Fields.of(section));
    assertThat(read.flame()).isNull();
    assertThat(read.intervalMs()).isNull();
    assertThat(read.topSelf()).containsExactly(new ProfileSection.MethodRow("dev.x.A.a", 3, null, true));
    Map<String, Object> written = codec.write(read);
    assertThat(written).doesNotContainKey("flame").containsEntry("intervalMs", null);
    assertThat(SavedRuns.firstDifference(section, written)).isNull();
  }

  @Test
  void theAppPackagesReadBackAsWritten() {
    Map<String, Object> section = Profiles.section("async-profiler", "cpu", 10, List.of(), List.of(), null);
    Map<String, Object> app = new LinkedHashMap<>();
    app.put("packages", List.of("org.springframework.samples.petclinic."));
    app.put("mainClass", "org.springframework.samples.petclinic.PetClinicApplication");
    app.put("mainClassFrom", "Start-Class of petclinic.jar");
    section.put("app", app);
    ProfileSection read = codec.read(Fields.of(section));
    assertThat(read.app()).isEqualTo(new ProfileSection.App(List.of("org.springframework.samples.petclinic."),
        "org.springframework.samples.petclinic.PetClinicApplication", "Start-Class of petclinic.jar"));
    assertThat(codec.write(read).get("app")).isEqualTo(app);
    section.remove("app");
    assertThat(codec.read(Fields.of(section)).app()).isNull();
    assertThat(codec.write(codec.read(Fields.of(section)))).doesNotContainKey("app");
  }

  @Test
  void aMistypedSectionReadsAsEmpty() {
    ProfileSection nothing = codec.read(Fields.of("not a section"));
    assertThat(nothing.profiled()).isFalse();
    assertThat(nothing.topSelf()).isEmpty();
    assertThat(nothing.files()).isEmpty();

    Map<String, Object> odd = new LinkedHashMap<>();
    odd.put("engine", "jfr");
    odd.put("samples", "many");
    odd.put("intervalMs", "10");
    odd.put("topSelf", "none");
    odd.put("threads", List.of("a thread"));
    odd.put("flame", Map.of("frames", List.of("all"), "frame", List.of("zero"), "value", "x"));
    ProfileSection read = codec.read(Fields.of(odd));
    assertThat(read.samples()).isZero();
    assertThat(read.intervalMs()).isNull();
    assertThat(read.topSelf()).isEmpty();
    assertThat(read.threads()).singleElement().isEqualTo(new ProfileSection.ThreadRow(null, 0, 0, 0));
    assertThat(read.flame().kinds()).isEmpty();
    assertThat(read.flame().frame()).containsExactly(-1);
    assertThat(read.flame().parent()).isEmpty();
    assertThat(read.flame().rootValue()).isZero();
  }

  @Test
  void theFlameCannotBeChangedThroughItsArrays() {
    int[] frame = {0, 1};
    long[] value = {5, 5};
    ProfileSection.Flame flame = new ProfileSection.Flame(List.of("all", "a.B.c"), "ra", frame,
        new int[] {-1, 0}, value, 0);
    frame[1] = 7;
    flame.value()[0] = 9;
    assertThat(flame.frameOf(1)).isEqualTo(1);
    assertThat(flame.valueOf(0)).isEqualTo(5);
    ProfileSection.Flame same = new ProfileSection.Flame(List.of("all", "a.B.c"), "ra",
        new int[] {0, 1}, new int[] {-1, 0}, new long[] {5, 5}, 0);
    assertThat(flame).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(flame).isNotEqualTo(new ProfileSection.Flame(List.of("all", "a.B.c"), "ra",
        new int[] {0, 1}, new int[] {-1, 0}, new long[] {5, 4}, 0));
  }
}
