package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.web.AdminServer;
import dev.isutools4j.testing.AppProcess;
import dev.isutools4j.testing.HistoryCheck;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} at random points while an app saves runs in a loop, again and again on one
 * history: every file left is part of a complete run or a leftover the store sweeps, every save
 * that was answered 200 is complete, and the history lists every complete run and nothing else.
 *
 * <p>Half the kills land at a random time of the loop, half at a random point inside a save. The
 * seed is printed; {@code -Dcrash.seed=N} repeats a sequence, {@code -Dcrash.kills=N} sets how many
 * (20 in the build).
 */
class CrashConsistencyIT {

  private static final int KILLS = Integer.getInteger("crash.kills", 20);
  private static final long SEED = Long.getLong("crash.seed", System.nanoTime());
  private static final int ANYWHERE_MS = 2_000;

  @TempDir
  Path history;

  @Test
  void everyFileIsACompleteRunOrASweptLeftoverAfterKill9AtRandomPoints() throws Exception {
    System.out.println("[crash] seed " + SEED + ", " + KILLS + " kills (-Dcrash.seed=" + SEED
        + " -Dcrash.kills=" + KILLS + " repeats them)");
    Random random = new Random(SEED);
    Set<String> acknowledged = new ConcurrentSkipListSet<>();
    Map<String, Integer> killedIn = new TreeMap<>();
    int leftovers = 0;
    int saves = 0;
    for (int kill = 0; kill < KILLS; kill++) {
      try (AppProcess app = AppProcess.start(history, List.of(), Map.of()).awaitReady()) {
        SaveLoop loop = new SaveLoop(app, acknowledged);
        loop.start();
        if (random.nextBoolean()) {
          Thread.sleep(random.nextInt(ANYWHERE_MS));
        } else {
          loop.awaitSave(1 + random.nextInt(3));
          Thread.sleep(random.nextInt((int) Math.max(1, loop.lastSaveMs)));
        }
        // Another process sweeping while this one holds its claim must take nothing of it.
        new RunStore(history).sweep();
        String phase = loop.phase;
        app.kill();
        loop.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(loop.unexpected).as("answers other than 204 and 200; output: %s", app.output())
            .isEmpty();
        killedIn.merge(phase, 1, Integer::sum);
        saves += loop.saved;
      }
      HistoryCheck.Found found = HistoryCheck.of(history, false);
      assertThat(found.ids()).as("every save answered 200").containsAll(acknowledged);
      leftovers += found.leftovers().size();
    }

    List<Path> swept = new RunStore(history).sweep();
    HistoryCheck.Found found = HistoryCheck.of(history, true);
    assertThat(found.ids()).containsAll(acknowledged);
    assertThat(new RunStore(history).list()).allMatch(StoredRun::readable)
        .extracting(StoredRun::id).containsExactlyInAnyOrderElementsOf(found.ids());
    assertThat(listedByAFreshServer()).isEqualTo(found.ids());
    System.out.printf("[crash] %d kills (in %s), %d saves answered 200, %d runs complete"
            + " (%d saved without an answer), %d leftovers seen, %d swept at the end%n", KILLS,
        killedIn, saves, found.runs().size(), found.runs().size() - acknowledged.size(), leftovers,
        swept.size());
  }

  /** The ids a fresh read-only admin server on the history lists, on its page and in its API. */
  private Set<String> listedByAFreshServer() throws Exception {
    AdminServer server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0")),
        RunLifecycle.readOnly(new RunStore(history)));
    try {
      URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
      HttpClient http = HttpClient.newHttpClient();
      String page = http.send(HttpRequest.newBuilder(base.resolve("/")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      String api = http.send(HttpRequest.newBuilder(base.resolve("/api/runs")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      Set<String> ids = new TreeSet<>();
      for (Object run : JSON.std.listFrom(api)) {
        Map<?, ?> entry = (Map<?, ?>) run;
        assertThat(entry.get("problem")).as("listed as readable: %s", entry).isNull();
        String id = String.valueOf(entry.get("id"));
        assertThat(page).contains("href=\"runs/" + id + "\"");
        ids.add(id);
      }
      return ids;
    } finally {
      server.stop();
    }
  }

  /** Reset, a few recorded requests, save; again, until the app is killed. */
  private static final class SaveLoop extends Thread {

    private final AppProcess app;
    private final Set<String> acknowledged;
    private final HttpClient http = HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(10)).build();
    private final Semaphore savesStarted = new Semaphore(0);
    final List<String> unexpected = new ArrayList<>();
    volatile String phase = "start";
    volatile long lastSaveMs = 200;
    int saved;

    SaveLoop(AppProcess app, Set<String> acknowledged) {
      super("save-loop");
      setDaemon(true);
      this.app = app;
      this.acknowledged = acknowledged;
    }

    /** Waits until the loop has begun its {@code n}th save. */
    void awaitSave(int n) throws InterruptedException {
      if (!savesStarted.tryAcquire(n, 60, TimeUnit.SECONDS)) {
        throw new AssertionError("no save began within a minute: " + app.output());
      }
    }

    @Override
    public void run() {
      try {
        for (int i = 1; ; i++) {
          phase = "reset";
          HttpResponse<String> reset = post(app.admin().resolve("/reset"));
          expect(reset, 204);
          String id = reset.headers().firstValue("X-Isutools-Run-Id").orElse("?");
          phase = "requests";
          for (int r = 0; r < 3; r++) {
            expect(http.send(HttpRequest.newBuilder(app.app().resolve("/q?who=crash&n=20"))
                .build(), HttpResponse.BodyHandlers.ofString()), 200);
          }
          phase = "save";
          savesStarted.release();
          long start = System.nanoTime();
          HttpResponse<String> save = post(app.admin().resolve("/save?score=" + i));
          expect(save, 200);
          if (save.statusCode() == 200) {
            assertThat(save.body()).contains(id);
            acknowledged.add(id);
            saved++;
          }
          lastSaveMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        }
      } catch (IOException killed) {
        // The app is gone: the request in flight has no answer.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        savesStarted.release(1000); // nobody waits for a save that will never begin
      }
    }

    private HttpResponse<String> post(URI uri) throws IOException, InterruptedException {
      return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
          .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    private void expect(HttpResponse<String> response, int status) {
      if (response.statusCode() != status) {
        synchronized (unexpected) {
          unexpected.add(response.statusCode() + " " + response.uri() + ": " + response.body());
        }
      }
    }
  }
}
