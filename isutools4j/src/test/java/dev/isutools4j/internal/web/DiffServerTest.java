package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.Profiles;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /diff} and {@code /api/diff} over real HTTP. */
class DiffServerTest {

  private static final String SLOW = "select * from comments where post_id = ?";
  private static final String BOX = "dev.isugram.Box.<init>";
  // A native frame's name can hold anything, the end of a script element included.
  private static final String TAG = "</script><script>alert(1)</script>";

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();
  private AdminServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop();
    }
  }

  private String start() throws Exception {
    RunStore store = new RunStore(dir);
    store.write(run("run-1", 0, 1_000L, List.of(sql(SLOW, 450_000, 2), sql("delete from x", 5, 1)),
        Map.of("profile", profile("async-profiler", 1_000, 420, 300))));
    store.write(run("run-2", 10, 1_500L, List.of(sql(SLOW, 3_000, 0.1)),
        Map.of("profile", profile("jfr", 2_000, 60, 1_500))));
    store.write(run("run-3", 20, 1_400L, List.of(sql(SLOW, 3_100, 0.1),
        sql("select * from tags where name = ?", 40, 2)), Map.of()));
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0", "isutools.dir",
        dir.toString()));
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    server = AdminServer.start(settings, lifecycle);
    return "http://127.0.0.1:" + server.address().getPort();
  }

  private static Snapshot run(String id, int minutes, Long score, List<SqlRow> sql,
      Map<String, Object> sections) {
    Instant start = Instant.parse("2026-11-29T10:00:00Z").plusSeconds(60L * minutes);
    RunMeta meta = new RunMeta(id, start, start.plusSeconds(60), score, true, "abc", false,
        "note " + id, 10, 10, 0);
    HttpRow http = new HttpRow("GET", "/posts/{id}", new LatencySummary(10, 100, 10, 10, 10, 10, 10,
        10), new long[5], 0, 1, 1, 1, false, List.of());
    return new Snapshot(meta, sql, List.of(http), List.of(), sections);
  }

  /**
   * A CPU profile where the constructor {@code Box.<init>} takes {@code box} samples on top of the
   * stack and {@code TAG} the rest; all(total) ─ Thread.run ─ {Box.<init>, TAG}.
   */
  private static Map<String, Object> profile(String engine, long total, long box, long tag) {
    return Profiles.section(engine, "cpu", total,
        List.of(Profiles.method(BOX, box, (double) box / total), Profiles.method(TAG, tag,
            (double) tag / total)),
        List.of(Profiles.method("java.lang.Thread.run", total, 1.0)),
        Profiles.flame(List.of("all", "java.lang.Thread.run", BOX, TAG), "rfan",
            new int[] {0, 1, 2, 3}, new int[] {-1, 0, 1, 1}, new long[] {total, total, box, tag}));
  }

  private static SqlRow sql(String fingerprint, double totalMs, double p95Ms) {
    return new SqlRow(fingerprint, fingerprint,
        new LatencySummary(100, totalMs, totalMs / 100, p95Ms, p95Ms, p95Ms, p95Ms, p95Ms), 0, 0, 0);
  }

  private HttpResponse<String> get(String url) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void thePageShowsTheBiggestMovesFirstAndMarksNewAndGoneRows() throws Exception {
    String base = start();
    HttpResponse<String> page = get(base + "/diff?a=run-1&b=run-2");
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
        t -> assertThat(t).startsWith("text/html"));
    String body = page.body();
    assertThat(body).contains("<ol id=\"moves\"><li>" + "select * from comments where post_id = ?:"
        + " 45 s → 300 ms per request, p95 2 ms → 0.1 ms</li>");
    assertThat(body.indexOf("id=\"moves\"")).isLessThan(body.indexOf("id=\"diff-sql\""));
    assertThat(body).contains("<tr class=\"gone\">").contains("delete from x");
    assertThat(body).contains("(+500)");

    String newest = get(base + "/diff").body();
    assertThat(newest).contains("<code>run-2</code></a> → <a href=\"runs/run-3\"><code>run-3</code>");
    assertThat(newest).contains("<tr class=\"new\">").contains("select * from tags where name = ?");
    assertThat(get(base + "/diff?b=run-2").body()).contains("<code>run-1</code></a> → ");
  }

  @Test
  void theHeaderSaysWhichBandIsMissingAndWhetherAChangeIsOutsideBothBands() throws Exception {
    String base = start();
    assertThat(get(base + "/diff?a=run-1&b=run-2").body()).contains("<p class=\"banner\""
        + " id=\"diff-noise\">whether the change (+500) is noise is not known: <code>abc</code>"
        + " “note run-1” has 1 scored run: 2 more repeats would give a band; <code>abc</code>"
        + " “note run-2” has 1 scored run: 2 more repeats would give a band"
        + " (<code>isutools4j bench --repeat 3</code>)</p>");

    RunStore store = new RunStore(dir);
    long[] scores = {1_000, 1_010, 990, 2_000, 2_020, 1_980};
    for (int i = 0; i < scores.length; i++) {
      Snapshot repeat = run("rep-" + i, 30 + i, scores[i], List.of(), Map.of());
      RunMeta m = repeat.meta();
      store.write(repeat.withMeta(new RunMeta(m.id(), m.startedAt(), m.endedAt(), m.score(),
          m.pass(), m.revision(), m.dirty(), "same", m.requests(), m.queries(), 0)
          .withLabel(i < 3 ? "level-1" : "level-2")));
    }
    String body = get(base + "/diff?a=rep-2&b=rep-3").body();
    assertThat(body).contains("id=\"diff-noise\">the change (+1" + Units.THIN + "010) is outside"
        + " both runs' bands: not noise (<code>abc</code> <span class=\"label\">level-1</span>: 990–1"
        + Units.THIN + "010, median 1" + Units.THIN + "000, 3 runs; <code>abc</code>"
        + " <span class=\"label\">level-2</span>: 1" + Units.THIN + "980–2" + Units.THIN
        + "020, median 2" + Units.THIN + "000, 3 runs)</p>");
    assertThat(body.indexOf("id=\"diff-noise\"")).isLessThan(body.indexOf("id=\"diff-meta\""));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theApiAnswersTheDiffAsJson() throws Exception {
    String base = start();
    HttpResponse<String> json = get(base + "/api/diff?a=run-1&b=run-3");
    assertThat(json.statusCode()).isEqualTo(200);
    Map<String, Object> diff = JSON.std.mapFrom(json.body());
    assertThat(diff).containsEntry("scoreDelta", 400);
    assertThat((Map<String, Object>) diff.get("before")).containsEntry("id", "run-1");
    List<Map<String, Object>> sql = (List<Map<String, Object>>) diff.get("sql");
    assertThat(sql).extracting(r -> r.get("state")).containsExactly("changed", "new", "gone");
    assertThat((List<String>) diff.get("topMoves")).first().asString().startsWith(SLOW);
  }

  @Test
  @SuppressWarnings("unchecked")
  void thePageShowsTheProfilesHotMethodsAndTheirMergedFlameGraph() throws Exception {
    String base = start();
    String body = get(base + "/diff?a=run-1&b=run-2").body();
    assertThat(body).contains("<a href=\"#h-profile\">profile</a>").contains("<h2 id=\"h-profile\">");
    assertThat(body).contains("<li>profilers differ: async-profiler → jfr;");
    String self = Fixtures.table(body, "diff-profile-self");
    assertThat(self).contains("dev.isugram.Box.&lt;init&gt;").doesNotContain("<init>")
        .contains("42.0 %").contains("3.0 %").contains("-39.0");
    // the biggest move first: TAG gained 45 points, Box lost 39
    assertThat(self.indexOf("&lt;/script&gt;&lt;script&gt;alert(1)"))
        .isLessThan(self.indexOf("Box.&lt;init&gt;"));
    assertThat(body).doesNotContain("<script>alert(1)");
    assertThat(body).contains("width = after, red = gained share, blue = lost share");
    assertThat(body).contains("<div class=\"flame\" data-flame=\"diff-flame\"></div>");
    String open = "<script type=\"application/json\" id=\"diff-flame\">";
    int from = body.indexOf(open) + open.length();
    Map<String, Object> flame = JSON.std.mapFrom(body.substring(from, body.indexOf("</script>", from)));
    assertThat((List<Object>) flame.get("frames")).containsExactly("all", "java.lang.Thread.run", TAG, BOX);
    assertThat((List<Object>) flame.get("parent")).containsExactly(-1, 0, 1, 1);
    assertThat((List<Object>) flame.get("before")).containsExactly(1_000, 1_000, 300, 420);
    assertThat((List<Object>) flame.get("after")).containsExactly(2_000, 2_000, 1_500, 60);
    assertThat(flame).containsEntry("beforeTotal", 1_000).containsEntry("afterTotal", 2_000);
    assertThat(body).contains("<li>" + "dev.isugram.Box.&lt;init&gt;: self 42% → 3% of CPU samples</li>");

    String noProfile = get(base + "/diff?a=run-2&b=run-3").body();
    assertThat(noProfile).contains(
        "<li>the after run has no profile (no profile section): nothing to compare</li>");
    assertThat(noProfile).doesNotContain("data-flame=").doesNotContain("id=\"diff-profile-self\"");
  }

  @Test
  @SuppressWarnings("unchecked")
  void theApiAnswersTheProfilePart() throws Exception {
    String base = start();
    Map<String, Object> diff = JSON.std.mapFrom(get(base + "/api/diff?a=run-1&b=run-2").body());
    Map<String, Object> profile = (Map<String, Object>) diff.get("profile");
    assertThat((Map<String, Object>) profile.get("before")).containsEntry("engine", "async-profiler")
        .containsEntry("mode", "cpu").containsEntry("samples", 1_000);
    assertThat((Map<String, Object>) profile.get("after")).containsEntry("engine", "jfr");
    List<Map<String, Object>> self = (List<Map<String, Object>>) profile.get("topSelf");
    assertThat(self).extracting(r -> r.get("method"), r -> r.get("shareDeltaPoints")).containsExactly(
        org.assertj.core.groups.Tuple.tuple(TAG, 45.0), org.assertj.core.groups.Tuple.tuple(BOX, -39.0));
    assertThat((List<Map<String, Object>>) profile.get("topTotal")).singleElement()
        .satisfies(r -> assertThat(r).containsEntry("shareDeltaPoints", 0.0));
    assertThat((Map<String, Object>) profile.get("flame")).containsEntry("kinds", "rfna");
    assertThat((List<String>) diff.get("topMoves")).contains(TAG + ": self 30% → 75% of CPU samples");

    Map<String, Object> none = JSON.std.mapFrom(get(base + "/api/diff?a=run-2&b=run-3").body());
    assertThat((Map<String, Object>) none.get("profile")).containsEntry("flame", null)
        .containsEntry("topSelf", List.of());
  }

  @Test
  void unknownIdsAre404AndMalformedOnes400() throws Exception {
    String base = start();
    assertThat(get(base + "/diff?a=run-9&b=run-2").statusCode()).isEqualTo(404);
    assertThat(get(base + "/api/diff?a=run-1&b=nope").statusCode()).isEqualTo(404);
    assertThat(get(base + "/diff?b=run-1").statusCode()).isEqualTo(404);
    assertThat(get(base + "/diff?a=..%2Fetc&b=run-2").statusCode()).isEqualTo(400);
    assertThat(get(base + "/api/diff?a=run-1&b=%2Fbad%20id").statusCode()).isEqualTo(400);
  }

  @Test
  void historyRowsLinkToTheDiffWithTheRunBefore() throws Exception {
    String base = start();
    String history = get(base + "/").body();
    assertThat(history).contains("href=\"diff?a=run-2&amp;b=run-3\"")
        .contains("href=\"diff?a=run-1&amp;b=run-2\"").doesNotContain("b=run-1\"");
  }
}
