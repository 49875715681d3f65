package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.collect.machine.MachineCollector;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * {@code /runs/current} and the history's open-run line in a real browser while an app served
 * through the library's HTTP filter takes requests: the numbers and the machine charts move without
 * a reload.
 */
class LiveIT {

  private static final long MAX_REQUESTS = 50_000;
  private static final long LOAD_SECONDS = 60;

  @TempDir
  Path dir;

  private HttpServer app;
  private AdminServer admin;
  private RunLifecycle lifecycle;
  private Chromium chromium;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final AtomicLong sent = new AtomicLong();
  private CompletableFuture<Void> load;
  private String base;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    app.createContext("/items/", LiveIT::item).getFilters().add(Isutools.httpServerFilter());
    app.start();
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString(), "isutools.machine.interval.ms", "250"));
    lifecycle = new RunLifecycle(new RunStore(dir), List.of(new MachineCollector(settings)),
        () -> GitRevision.UNKNOWN, 5, Clock.systemUTC());
    admin = AdminServer.start(settings, lifecycle);
    base = "http://127.0.0.1:" + admin.address().getPort();
    chromium = Chromium.start(dir);
  }

  @AfterEach
  void stop() throws Exception {
    stopping.set(true);
    if (load != null) {
      load.get(30, TimeUnit.SECONDS);
    }
    if (chromium != null) {
      chromium.close();
    }
    if (admin != null) {
      admin.stop();
    }
    if (lifecycle != null && lifecycle.current() != null) {
      lifecycle.saveRun(null, null, null, null);
    }
    if (app != null) {
      app.stop(0);
    }
  }

  private static void item(HttpExchange exchange) throws IOException {
    byte[] body = "ok\n".getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** Requests to the app on one thread until the test ends, bounded in count and time. */
  private CompletableFuture<Void> load() {
    String url = "http://127.0.0.1:" + app.getAddress().getPort() + "/items/";
    return CompletableFuture.runAsync(() -> {
      HttpClient client = HttpClient.newHttpClient();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LOAD_SECONDS);
      while (!stopping.get() && sent.get() < MAX_REQUESTS && System.nanoTime() < deadline) {
        try {
          client.send(HttpRequest.newBuilder(URI.create(url + (sent.get() % 50))).build(),
              HttpResponse.BodyHandlers.discarding());
          sent.incrementAndGet();
        } catch (IOException e) {
          return;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    });
  }

  private static boolean within(long seconds, Supplier<Boolean> condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      if (Boolean.TRUE.equals(condition.get())) {
        return true;
      }
      Thread.sleep(50); // the condition is what is waited for; this only paces the looking
    }
    return Boolean.TRUE.equals(condition.get());
  }

  private String text(String id) {
    return chromium.driver.findElement(By.id(id)).getText();
  }

  private long chartSamples() {
    Object n = chromium.script("var b = document.getElementById('machine-data');"
        + " return b && b.isutoolsData ? b.isutoolsData.t.length : -1;");
    return ((Number) n).longValue();
  }

  @Test
  void theOpenRunsPageMovesWithoutAReload() throws Exception {
    assertThat(Files.isReadable(Path.of("/proc/stat"))).as("the machine sampler needs Linux").isTrue();
    lifecycle.reset();
    load = load();
    assertThat(within(20, () -> {
      LiveRun live = lifecycle.live();
      return live.meta().requests() > 0 && live.section(MachineSection.class)
          .map(m -> m.series().size() >= 2).orElse(false);
    })).as("requests recorded and two samples taken").isTrue();

    chromium.open(base + "/runs/current", "live-run-page-1");
    chromium.script("window.sameDocument = true;");
    String requests = text("live-requests");
    long samples = chartSamples();
    assertThat(samples).as("the page's charts start from the samples so far").isPositive();
    assertThat(within(20, () -> !text("live-requests").equals(requests)
        && chartSamples() > samples && !text("live-rps").equals(Units.NONE)))
        .as("requests so far, requests per second and the charts moved: %s -> %s, %d -> %d (%s)",
            requests, text("live-requests"), samples, chartSamples(), text("live-status"))
        .isTrue();
    assertThat(chromium.script("return window.sameDocument === true;"))
        .as("the same document: no reload").isEqualTo(true);
    assertThat(chromium.driver.findElement(By.cssSelector("#live-http tbody")).getText())
        .as("the top routes so far").contains("/items/");
    assertThat(chromium.driver.findElement(By.cssSelector("#chart-requests svg"))
        .findElements(By.cssSelector("polyline.line"))).as("the requests chart is drawn").isNotEmpty();
    chromium.screenshot("live-run-page-2");

    chromium.open(base + "/", "live-history-1");
    String open = text("live-requests");
    assertThat(within(20, () -> !text("live-requests").equals(open)))
        .as("the history's open-run line moved: %s (%s), %d requests sent", open,
            text("live-status"), sent.get()).isTrue();
    assertThat(chromium.consoleErrors()).as("console errors").isEmpty();
  }
}
