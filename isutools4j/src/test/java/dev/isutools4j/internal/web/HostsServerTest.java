package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.HostRuns;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs across hosts over real HTTP: each host's part at its own address, the history, the diff. */
class HostsServerTest {

  private static final Snapshot EARLIER = HostRuns.earlier();
  private static final Snapshot LATER = HostRuns.later();

  @TempDir
  Path dir;

  private final HttpClient client = HttpClient.newHttpClient();
  private AdminServer server;
  private String base;

  @BeforeEach
  void start() throws Exception {
    RunStore store = new RunStore(dir);
    store.write(EARLIER);
    store.write(LATER);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(), () -> GitRevision.UNKNOWN, 5,
        Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
    base = "http://127.0.0.1:" + server.address().getPort();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop();
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void eachHostsPartIsServedAsAPageAndAsItsJson() throws Exception {
    String id = HostRuns.LATER;
    HttpResponse<String> run = get("/runs/" + id);
    assertThat(run.statusCode()).isEqualTo(200);
    assertThat(run.body()).contains("<a href=\"" + id + "/hosts/db\">db</a>");

    HttpResponse<String> page = get("/runs/" + id + "/hosts/db");
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
    assertThat(page.body()).contains("id=\"part-of\"", "<code>db</code>'s part",
        "<a href=\"../../" + id + "\">← run", "<h2 id=\"h-slow-log\">");
    // the link back resolves to the run's page
    assertThat(URI.create(base + "/runs/" + id + "/hosts/db").resolve("../../" + id).getPath())
        .isEqualTo("/runs/" + id);

    HttpResponse<String> json = get("/api/runs/" + id + "/hosts/app2");
    assertThat(json.statusCode()).isEqualTo(200);
    assertThat(json.body()).isEqualTo(SnapshotJson.write(LATER.parts().get("app2")));
    assertThat(SnapshotJson.read(json.body()).meta().multiHost()).isFalse();
  }

  @Test
  void anUnknownHostOrRunIs404() throws Exception {
    String id = HostRuns.LATER;
    assertThat(get("/runs/" + id + "/hosts/nope").statusCode()).isEqualTo(404);
    assertThat(get("/api/runs/" + id + "/hosts/nope").statusCode()).isEqualTo(404);
    assertThat(get("/runs/" + id + "/hosts/app3").body()).as("a missing host has no part")
        .contains("no part of host app3");
    assertThat(get("/runs/" + id + "/hosts/app3").statusCode()).isEqualTo(404);
    assertThat(get("/runs/20990101-000000-000/hosts/app1").statusCode()).isEqualTo(404);
    assertThat(get("/runs/current/hosts/app1").statusCode()).as("no run is open").isEqualTo(404);
  }

  @Test
  void theHistoryShowsTheHostCountAndMarksThePartialRun() throws Exception {
    String history = get("/").body();
    String later = row(history, HostRuns.LATER);
    assertThat(later).contains(">4 hosts</span>", "<span class=\"badge partial\" title=\"missing: app3 ("
        + Html.escape(HostRuns.TIMED_OUT) + ")\">partial</span>");
    String earlier = row(history, HostRuns.EARLIER);
    assertThat(earlier).contains(">2 hosts</span>").doesNotContain("partial");
  }

  @Test
  void theDiffSaysWhichSideIsPartialAndComparesHostByHost() throws Exception {
    String page = get("/diff?a=" + HostRuns.EARLIER + "&b=" + HostRuns.LATER).body();
    assertThat(page).contains("<div class=\"banner error\" id=\"partial-later\" role=\"alert\">partial:"
        + " in the later run, app3 (" + Html.escape(HostRuns.TIMED_OUT) + ")")
        .doesNotContain("id=\"partial-earlier\"");
    assertThat(page).contains("<dt>hosts</dt><dd>2 hosts → 4 hosts (partial: app3 missing)</dd>");
    assertThat(page).contains("id=\"host-app1-top\"", "id=\"host-app2-top\"", "db: only in the later run");

    Map<String, Object> json = JSON.std.mapFrom(get("/api/diff?a=" + HostRuns.EARLIER + "&b="
        + HostRuns.LATER).body());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> hosts = (List<Map<String, Object>>) json.get("hosts");
    assertThat(hosts).extracting(h -> h.get("name")).containsExactly("app1", "app2", "db", "app3");
    assertThat(hosts).extracting(h -> h.get("state"))
        .containsExactly("compared", "compared", "new", "missing");
    @SuppressWarnings("unchecked")
    Map<String, Object> after = (Map<String, Object>) json.get("after");
    assertThat(after.get("partial")).isEqualTo(true);
  }

  private static String row(String history, String id) {
    int at = history.indexOf("title=\"run " + id + "\"");
    assertThat(at).as("the history lists run %s", id).isPositive();
    return history.substring(history.lastIndexOf("<tr", at), history.indexOf("</tr>", at));
  }
}
