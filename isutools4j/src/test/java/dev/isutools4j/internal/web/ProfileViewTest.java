package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.testing.Profiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileViewTest {

  private static final String T = String.valueOf(Units.THIN);
  private static final String DATA_OPEN =
      "<script type=\"application/json\" id=\"" + ProfileView.FLAME_DATA + "\">";

  private static Snapshot snapshot(Map<String, Object> sections) {
    return new Snapshot(meta("20261129-101530-123", START, 1L, true, "abc", false, null), List.of(),
        List.of(), List.of(), sections);
  }

  /** The page of a run whose JSON holds this section. */
  private static String served(Map<String, Object> section) {
    return served(Profiles.typed(section));
  }

  private static String served(ProfileSection section) {
    return RunPage.render(snapshot(Map.of("profile", section)), false, HealthStatus.HEALTHY);
  }

  private static String payload(String page) {
    int start = page.indexOf(DATA_OPEN);
    assertThat(start).as("the flame graph's data").isPositive();
    start += DATA_OPEN.length();
    return page.substring(start, page.indexOf("</script>", start));
  }

  @Test
  void theSummaryLineSaysWhatSampledAndHowMuch() {
    String page = served(ProfileFixtures.section());
    int h2 = page.indexOf("<h2 id=\"h-profile\">Profile</h2>");
    assertThat(h2).as("after the tables, before the machine")
        .isGreaterThan(page.indexOf("<h2 id=\"h-route-sql\">"))
        .isLessThan(page.indexOf("<h2 id=\"h-machine\">"));
    assertThat(page).contains("href=\"#h-profile\">profile</a>");
    assertThat(page).contains("<p class=\"limits\" id=\"profile-summary\">async-profiler 4.6 · mode cpu"
        + " · event cpu · every 10 ms · 10" + T + "000 samples in 60.01 s · 2" + T
        + "291 distinct stacks · 0 dropped stacks</p>");
    assertThat(page).as("no fallback, no error").doesNotContain("profile-fallbacks", "profile-error");
    assertThat(page).as("shown, not dumped").doesNotContain("id=\"section-profile\"");
  }

  @Test
  void thePageSaysWhatWasTakenAsTheAppsCode() {
    ProfileSection s = Profiles.typed(ProfileFixtures.section());
    assertThat(served(s)).as("a run saved before the section said").doesNotContain("profile-app");
    ProfileSection.App app = new ProfileSection.App(List.of("org.springframework.samples.petclinic."),
        "org.springframework.samples.petclinic.PetClinicApplication", "Start-Class of petclinic.jar");
    assertThat(served(withApp(s, app))).contains("<p class=\"limits\" id=\"profile-app\">app code: "
        + "org.springframework.samples.petclinic.* · main class "
        + "org.springframework.samples.petclinic.PetClinicApplication (Start-Class of petclinic.jar)</p>");
    assertThat(served(withApp(s, new ProfileSection.App(List.of(), null, null)))).contains(
        "app code: every package outside the JDK, the frameworks and isutools4j · no main class found");
  }

  private static ProfileSection withApp(ProfileSection s, ProfileSection.App app) {
    return new ProfileSection(s.engine(), s.engineVersion(), s.mode(), s.event(), s.fallbacks(),
        s.intervalMs(), s.durationMs(), s.unit(), s.samples(), s.stacks(), s.droppedStacks(), app,
        s.topSelf(), s.topTotal(), s.topApp(), s.threads(), s.flame(), s.files(), s.error());
  }

  @Test
  void theFlameGraphsDataReadsBackAsTheSectionsTree() throws Exception {
    String page = served(ProfileFixtures.section());
    assertThat(page).contains("<div class=\"flame\" data-flame=\"profile-flame\" data-unit=\"samples\">");
    String json = payload(page);
    assertThat(json).doesNotContain("<");
    assertThat(JSON.std.mapFrom(json)).isEqualTo(ProfileFixtures.flame());
    assertThat(page).as("the script is inlined once").contains("window.isutoolsFlame");
    assertThat(occurrences(page, "window.isutoolsFlame = {")).isEqualTo(1);
  }

  @Test
  void aHostileFrameNameIsEscapedEverywhere() throws Exception {
    String page = served(ProfileFixtures.section());
    assertThat(page).doesNotContain("<b>bold</b>", "</script><b>");
    String topSelf = Fixtures.table(page, "profile-top-self");
    assertThat(topSelf).contains(
        "<code>dev.isugram.web.Tmpl.render&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;&lt;!--&lt;script&gt;</code>");
    @SuppressWarnings("unchecked")
    List<String> frames = (List<String>) JSON.std.mapFrom(payload(page)).get("frames");
    assertThat(frames).contains(ProfileFixtures.HOSTILE);
  }

  @Test
  void theTopTablesMarkAppRows() {
    String page = served(ProfileFixtures.section());
    String self = Fixtures.table(page, "profile-top-self");
    assertThat(self).contains("<th tabindex=\"0\" class=\"r desc\" aria-sort=\"descending\">samples</th>",
        "<tr class=\"app\"><td data-sort=\"dev.isugram.web.Markup.escape\"><code>"
            + "dev.isugram.web.Markup.escape</code> <span class=\"badge app\" title=\"app code\">app</span>"
            + "</td><td class=\"r\" data-sort=\"2100\">2" + T + "100</td>"
            + "<td class=\"r\" data-sort=\"0.21\">21.0 %</td></tr>",
        "<tr class=\"fw\"><td data-sort=\"java.lang.StringBuilder.append\"><code>"
            + "java.lang.StringBuilder.append</code></td>");
    assertThat(Fixtures.table(page, "profile-top-total")).contains(">90.0 %</td>", "java.lang.Thread.run");
    assertThat(Fixtures.table(page, "profile-top-app")).contains("dev.isugram.web.UserController.list",
        ">35.0 %</td>").doesNotContain("class=\"fw\"");
    String threads = Fixtures.table(page, "profile-threads");
    assertThat(threads).contains(">http-nio-8080-exec-{n}</td>", ">41.23 s</td>", ">81.0 %</td>",
        "data-sort=\"10\">10</td>");
    assertThat(threads.indexOf("http-nio")).isLessThan(threads.indexOf("GC Thread"));
    assertThat(page).as("the fold toggle's scope").contains("<div class=\"profile\" data-flame-scope>",
        "folded: only app rows are shown");
  }

  @Test
  void filesAreLinkedFromTheSavedPageAndThroughTheAdminServer() {
    String served = served(ProfileFixtures.section());
    assertThat(served).contains("<p class=\"limits\" id=\"profile-files\">files: collapsed"
        + " <a href=\"../files/20261129-101530-123/profile.collapsed\">"
        + "20261129-101530-123/profile.collapsed</a></p>");
    String saved = RunPage.standalone(snapshot(Map.of("profile",
        Profiles.typed(ProfileFixtures.section()))));
    assertThat(saved).contains("<p class=\"limits\" id=\"profile-files\">files: collapsed <a href=\""
        + "./20261129-101530-123/profile.collapsed\">20261129-101530-123/profile.collapsed</a></p>");
  }

  @Test
  void aFileNameIsEncodedInItsLink() {
    Map<String, Object> section = ProfileFixtures.section();
    section.put("files", Map.of("jfr", "run 1/a\"b<c>.jfr"));
    String saved = RunPage.standalone(snapshot(Map.of("profile", Profiles.typed(section))));
    assertThat(saved).contains("jfr <a href=\"./run%201/a%22b%3Cc%3E%2Ejfr\">run 1/a&quot;b&lt;c&gt;.jfr</a>");
  }

  @Test
  void noProfilerShowsOnlyTheReason() {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("engine", null);
    section.put("error", "no profiler could start: libasyncProfiler.so: <denied>; JFR disabled");
    String page = served(section);
    assertThat(page).contains("<div class=\"banner error\" id=\"profile-error\">no profile: no profiler"
        + " could start: libasyncProfiler.so: &lt;denied&gt;; JFR disabled</div>");
    int h2 = page.indexOf("<h2 id=\"h-profile\">");
    String part = page.substring(h2, page.indexOf("<h2 id=\"h-machine\">"));
    assertThat(part).doesNotContain("<table", "data-flame", "profile-summary");
    assertThat(page).as("no graph, no script").doesNotContain("window.isutoolsFlame");
  }

  @Test
  void fallbacksAndAPartialProfileAreShownWithTheData() {
    Map<String, Object> section = ProfileFixtures.section();
    section.put("engine", "jfr");
    section.put("engineVersion", "17.0.12");
    section.put("event", "jdk.ExecutionSample");
    section.put("fallbacks", List.of("async-profiler: cannot load libasyncProfiler.so (musl)",
        "cpu: perf_event_open failed"));
    section.put("error", "stopped early: <disk full>");
    section.put("files", Map.of("collapsed", "x/profile.collapsed", "jfr", "x/profile.jfr"));
    String page = served(section);
    assertThat(page).contains("<ul class=\"fallbacks\" id=\"profile-fallbacks\">"
        + "<li>tried first, not used: async-profiler: cannot load libasyncProfiler.so (musl)</li>"
        + "<li>tried first, not used: cpu: perf_event_open failed</li></ul>");
    assertThat(page).contains("<ul class=\"flags\" id=\"profile-error\"><li>partial profile: stopped"
        + " early: &lt;disk full&gt;</li></ul>");
    assertThat(page).contains("jfr 17.0.12 · mode cpu · event jdk.ExecutionSample", "data-flame=",
        "id=\"profile-top-self\"", "<a href=\"../files/x/profile.jfr\">x/profile.jfr</a>");
  }

  @Test
  void allocationCountsAreBytes() {
    Map<String, Object> section = ProfileFixtures.section();
    section.put("mode", "alloc");
    section.put("unit", "bytes");
    section.put("samples", 3L << 30);
    String page = served(section);
    assertThat(page).contains("3.0 GiB sampled in 60.01 s", "data-unit=\"bytes\"");
    assertThat(Fixtures.table(page, "profile-top-self")).contains(">bytes</th>", ">2.1 KiB</td>");
  }

  @Test
  void droppedStacksAndNodesAreCounted() {
    Map<String, Object> section = ProfileFixtures.section();
    section.put("droppedStacks", 12);
    Map<String, Object> flame = ProfileFixtures.flame();
    flame.put("droppedNodes", 345);
    section.put("flame", flame);
    assertThat(served(section)).contains("12 dropped stacks (in the total, not in the tables)"
        + " · 345 narrow graph nodes merged into their parents");
  }

  @Test
  void anEmptyTreeSaysSoAndLeavesTheScriptOut() {
    Map<String, Object> section = ProfileFixtures.section();
    section.put("flame", Map.of("frames", List.of(), "kinds", "", "frame", List.of(),
        "parent", List.of(), "value", List.of()));
    String page = served(section);
    assertThat(page).contains("id=\"profile-no-flame\">no stacks recorded</p>", "id=\"profile-top-self\"");
    assertThat(page).doesNotContain("window.isutoolsFlame");
  }

  @Test
  void aTreeOfPrimitiveArraysIsWrittenToo() throws Exception {
    ProfileSection s = Profiles.typed(ProfileFixtures.section());
    ProfileSection.Flame flame = new ProfileSection.Flame(List.of("all", "a.B.c"), "ra",
        new int[] {0, 1}, new int[] {-1, 0}, new long[] {5, 5}, 0);
    ProfileSection section = new ProfileSection(s.engine(), s.engineVersion(), s.mode(), s.event(),
        s.fallbacks(), s.intervalMs(), s.durationMs(), s.unit(), s.samples(), s.stacks(),
        s.droppedStacks(), s.app(), s.topSelf(), s.topTotal(), s.topApp(), s.threads(), flame, s.files(),
        s.error());
    Map<String, Object> back = JSON.std.mapFrom(payload(served(section)));
    assertThat(back.get("parent")).isEqualTo(List.of(-1, 0));
    assertThat(back.get("value")).isEqualTo(List.of(5, 5));
  }

  @Test
  void noSectionNoProfile() {
    String page = RunPage.render(snapshot(Map.of()), false, HealthStatus.HEALTHY);
    assertThat(page).contains("<h2 id=\"h-profile\">Profile</h2><p class=\"muted empty-section\">"
        + "not profiled: ").doesNotContain("window.isutoolsFlame", "data-flame");
  }
}
