package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code isutools4j serve}: the saved runs of a directory, with no app and no open run. */
class ServeCommandTest {

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

  static Snapshot run(String id, Instant at, long score, String note) {
    RunMeta meta = new RunMeta(id, at, at.plusSeconds(60), score, true, "abc1234", false, note,
        10, 20, 0);
    return new Snapshot(meta, List.of(), List.of(), List.of(), Map.of());
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String base() {
    return "http://127.0.0.1:" + server.address().getPort();
  }

  @Test
  void servesTheHistoryRunsAndApiOfADirectoryAndRefusesResetAndSave() throws Exception {
    RunStore store = new RunStore(dir);
    store.write(run("run-a", Instant.parse("2026-11-29T10:00:00Z"), 111, "first"));
    store.write(run("run-b", Instant.parse("2026-11-29T11:00:00Z"), 222, "second"));
    server = ServeCommand.start(dir, "127.0.0.1:0", null, Map.of());

    HttpResponse<String> history = send(HttpRequest.newBuilder(URI.create(base() + "/")));
    assertThat(history.statusCode()).isEqualTo(200);
    assertThat(history.body()).contains("run-a").contains("run-b");
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/runs/run-a"))).body())
        .contains("first");
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/api/runs"))).body())
        .contains("\"run-b\"");
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/api/runs/run-b"))).body())
        .contains("second");

    for (String path : List.of("/reset", "/save?score=1")) {
      HttpResponse<String> refused = send(HttpRequest.newBuilder(URI.create(base() + path))
          .POST(HttpRequest.BodyPublishers.noBody()));
      assertThat(refused.statusCode()).as(path).isEqualTo(409);
      assertThat(refused.body()).startsWith("read-only: serving ").contains(dir.getFileName().toString());
    }
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/runs/current"))).statusCode())
        .isEqualTo(404);
    assertThat(store.list()).hasSize(2);
  }

  @Test
  void keepsTheTokenAndLoopbackRules() throws Exception {
    assertThatThrownBy(() -> ServeCommand.start(dir, "0.0.0.0:0", null, Map.of()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("token");
    server = ServeCommand.start(dir, "127.0.0.1:0", null, Map.of("ISUTOOLS_TOKEN", "s3cret"));
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/"))).statusCode()).isEqualTo(401);
    assertThat(send(HttpRequest.newBuilder(URI.create(base() + "/"))
        .header("Authorization", "Bearer s3cret")).statusCode()).isEqualTo(200);
  }
}
