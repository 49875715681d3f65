package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON answers gzipped for a client that asks (a hub fetching a peer's part), as they are otherwise. */
class GzipJsonTest {

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

  private HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + server.address().getPort() + path));
    if (acceptEncoding != null) {
      request.header("Accept-Encoding", acceptEncoding);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  @Test
  void aRunIsGzippedWhenAskedAndReadsTheSame() throws Exception {
    RunStore store = new RunStore(dir);
    Instant at = Instant.parse("2026-12-01T10:00:00Z");
    List<CounterRow> counters = IntStream.range(0, 200)
        .mapToObj(i -> new CounterRow("counter-" + i, i, 0, 0, null)).toList();
    store.write(new Snapshot(new RunMeta("run-a", at, at.plusSeconds(60), 1L, true, null, false,
        null, 0, 0, 0), List.of(), List.of(), counters, Map.of()));
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), RunLifecycle.readOnly(store));

    HttpResponse<byte[]> plain = get("/api/runs/run-a", null);
    HttpResponse<byte[]> gzipped = get("/api/runs/run-a", "gzip");
    HttpResponse<byte[]> small = get("/api/runs", "gzip");

    assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
    assertThat(gzipped.body().length).isLessThan(plain.body().length / 4);
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo(new String(plain.body(), StandardCharsets.UTF_8))
          .isEqualTo(store.readJson("run-a").orElseThrow());
    }
    assertThat(small.body().length).isLessThan(Responses.GZIP_FROM_BYTES);
    assertThat(small.headers().firstValue("Content-Encoding")).as("too small to be worth it")
        .isEmpty();
  }

  @Test
  void gzipIsAcceptedByNameUnlessItsQualityIsZero() {
    assertThat(Responses.acceptsGzip("gzip")).isTrue();
    assertThat(Responses.acceptsGzip("deflate, GZIP;q=0.5")).isTrue();
    assertThat(Responses.acceptsGzip("gzip, deflate, br")).isTrue();
    assertThat(Responses.acceptsGzip("gzip;q=0")).isFalse();
    assertThat(Responses.acceptsGzip("gzip; q=0.000")).isFalse();
    assertThat(Responses.acceptsGzip("identity")).isFalse();
    assertThat(Responses.acceptsGzip("x-gzip")).isFalse();
    assertThat(Responses.acceptsGzip(null)).isFalse();
  }
}
