package dev.isutools4j.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.run.GitRevision;
import dev.isutools4j.run.RunLifecycle;
import dev.isutools4j.run.Settings;
import dev.isutools4j.snapshot.HttpRow;
import dev.isutools4j.snapshot.LatencySummary;
import dev.isutools4j.snapshot.RunMeta;
import dev.isutools4j.snapshot.Snapshot;
import dev.isutools4j.snapshot.SqlRow;
import dev.isutools4j.store.RunStore;
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
    store.write(run("run-1", 0, 1_000L, List.of(sql(SLOW, 450_000, 2), sql("delete from x", 5, 1))));
    store.write(run("run-2", 10, 1_500L, List.of(sql(SLOW, 3_000, 0.1))));
    store.write(run("run-3", 20, 1_400L, List.of(sql(SLOW, 3_100, 0.1),
        sql("select * from tags where name = ?", 40, 2))));
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0", "isutools.dir",
        dir.toString()));
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    server = AdminServer.start(settings, lifecycle);
    return "http://127.0.0.1:" + server.address().getPort();
  }

  private static Snapshot run(String id, int minutes, Long score, List<SqlRow> sql) {
    Instant start = Instant.parse("2026-11-29T10:00:00Z").plusSeconds(60L * minutes);
    RunMeta meta = new RunMeta(id, start, start.plusSeconds(60), score, true, "abc", false,
        "note " + id, 10, 10, 0);
    HttpRow http = new HttpRow("GET", "/posts/{id}", new LatencySummary(10, 100, 10, 10, 10, 10, 10,
        10), new long[5], 0, 1, 1, 1, false, List.of());
    return new Snapshot(meta, sql, List.of(http), List.of(), Map.of());
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
        + " total 450 s → 3 s, p95 2 ms → 0.1 ms</li>");
    assertThat(body.indexOf("id=\"moves\"")).isLessThan(body.indexOf("id=\"diff-sql\""));
    assertThat(body).contains("<tr class=\"gone\">").contains("delete from x");
    assertThat(body).contains("(+500)");

    String newest = get(base + "/diff").body();
    assertThat(newest).contains("<code>run-2</code></a> → <a href=\"runs/run-3\"><code>run-3</code>");
    assertThat(newest).contains("<tr class=\"new\">").contains("select * from tags where name = ?");
    assertThat(get(base + "/diff?b=run-2").body()).contains("<code>run-1</code></a> → ");
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
