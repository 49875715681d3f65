package dev.isutools4j.isugram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.isugram.Isugram;
import dev.isutools4j.isugram.ServeOptions;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.isugram.data.Scale;
import dev.isutools4j.testing.TestRuns;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load generator's own scenario on isugram, recorded by the library's filter: the first pass
 * (every flow once, the edge cases, a login that fails, a logout) and then two workers running
 * their rotation once each at the same time (browse, viewPost, comment, upload, failedLogin,
 * forbidden, ban). The generator's browsers write down every request with the session they saw it
 * in ({@link Journal}); the run's flow must count what they did, transition for transition, and
 * hold none of their session cookies.
 */
class FlowIT {

  private static final double SCALE = 0.01;
  private static final int WORKERS = 2;
  private static final Pattern POST = Pattern.compile("/posts/\\d+");
  private static final Pattern USER = Pattern.compile("/@[^/?]+");
  private static final Pattern IMAGE = Pattern.compile("/image/\\d+\\.[a-z]+");

  @TempDir
  java.nio.file.Path dataDir;

  /** The route isugram's Spring MVC names the path by: its handler's pattern. */
  static String route(String method, String path) {
    String bare = Agent.stripQuery(path);
    if (POST.matcher(bare).matches()) {
      bare = "/posts/{id}";
    } else if (USER.matcher(bare).matches()) {
      bare = "/@{accountName}";
    } else if (IMAGE.matcher(bare).matches()) {
      bare = "/image/{id}.{ext}";
    }
    return method + " " + bare;
  }

  /** What the journal says the browsers did, counted as the flow counts it. */
  private record Expected(long sessions, long requests, long withoutSession, Map<String, Long> transitions,
      Map<String, Long> entries, Map<String, Long> exits, Map<List<String>, Long> paths, long longest) {

    static Expected of(List<Journal.Entry> entries) {
      Map<String, List<String>> sessions = new LinkedHashMap<>();
      Map<String, List<Integer>> statuses = new LinkedHashMap<>();
      long without = 0;
      for (Journal.Entry e : entries) {
        if (e.session() < 0) {
          without++;
          continue;
        }
        String key = e.browser() + "/" + e.session();
        sessions.computeIfAbsent(key, k -> new ArrayList<>()).add(route(e.method(), e.path()));
        statuses.computeIfAbsent(key, k -> new ArrayList<>()).add(e.status());
      }
      Map<String, Long> transitions = new TreeMap<>();
      Map<String, Long> firsts = new TreeMap<>();
      Map<String, Long> lasts = new TreeMap<>();
      Map<List<String>, Long> paths = new LinkedHashMap<>();
      long requests = 0;
      long longest = 0;
      for (Map.Entry<String, List<String>> s : sessions.entrySet()) {
        List<String> routes = s.getValue();
        requests += routes.size();
        longest = Math.max(longest, routes.size());
        firsts.merge(routes.get(0), 1L, Long::sum);
        lasts.merge(routes.get(routes.size() - 1), 1L, Long::sum);
        for (int i = 1; i < routes.size(); i++) {
          transitions.merge(routes.get(i - 1) + " → " + routes.get(i) + " " + statuses.get(s.getKey()).get(i),
              1L, Long::sum);
          for (int length = 3; length <= 5 && length <= i + 1; length++) {
            paths.merge(List.copyOf(routes.subList(i + 1 - length, i + 1)), 1L, Long::sum);
          }
        }
      }
      return new Expected(sessions.size(), requests, without, transitions, firsts, lasts, paths, longest);
    }
  }

  @Test
  void theFlowCountsWhatTheLoadGeneratorsBrowsersDid() throws Exception {
    ServeOptions options = ServeOptions.defaults().withDataDir(dataDir).withPort(0).withTuning(5);
    DataLoader.load(options.jdbcUrl(), SCALE);
    Snapshot run;
    Journal journal = new Journal();
    Score score = new Score();
    try (Isugram.Running app = Isugram.start(options)) {
      URI base = URI.create(app.url() + "/");
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      Scenarios.Shared shared = new Scenarios.Shared(score, Accounts.of(Scale.of(SCALE)), new SeenPosts(),
          ConcurrentHashMap.newKeySet(), "flowit", journal);
      TestRuns.fresh();
      new FirstPass(new Scenarios(base, deadline, shared, 1)).run();
      List<Thread> workers = new ArrayList<>();
      for (int w = 0; w < WORKERS; w++) {
        int worker = w;
        workers.add(new Thread(() -> new Scenarios(base, deadline, shared, 1000 + worker).loop(worker * 3, 13),
            "flow-it-" + w));
      }
      workers.forEach(Thread::start);
      for (Thread t : workers) {
        t.join(TimeUnit.MINUTES.toMillis(3));
        assertThat(t.isAlive()).as(t.getName() + " finished its rotation").isFalse();
      }
      run = TestRuns.take();
    }
    BenchResult result = score.result(true);
    assertThat(result.messages()).as("every check held, so the flows ran as written").isEmpty();
    assertThat(result.fail()).isZero();

    String saved = SnapshotJson.write(run);
    java.nio.file.Path out = Files.createDirectories(java.nio.file.Path.of("target", "flow-it"));
    Files.writeString(out.resolve(run.meta().id() + ".json"), saved);
    FlowSection flow = SnapshotJson.read(saved).section(FlowSection.class).orElseThrow();
    Expected expected = Expected.of(journal.entries());
    System.out.printf("[flow] %d requests, %d in %d sessions (longest %d), %d transitions of %d kinds%n",
        journal.entries().size(), expected.requests(), expected.sessions(), expected.longest(),
        expected.transitions().values().stream().mapToLong(Long::longValue).sum(), expected.transitions().size());

    assertThat(expected.sessions()).as("the scenario logs in, registers and fails to log in").isGreaterThan(10);
    assertThat(flow.evicted()).isZero();
    assertThat(flow.dropped()).isZero();
    assertThat(flow.sessions()).isEqualTo(expected.sessions());
    assertThat(flow.requests()).isEqualTo(expected.requests());
    assertThat(flow.withoutSession()).isEqualTo(expected.withoutSession());
    Map<String, Long> transitions = new TreeMap<>();
    for (Transition t : flow.transitions()) {
      transitions.put(t.from() + " → " + t.to() + " " + t.status(), t.count());
    }
    assertThat(flow.otherTransitions()).isZero();
    assertThat(transitions).isEqualTo(expected.transitions());
    assertThat(transitions).containsKeys("POST /login → GET / 200", "POST /login → GET /login 200",
        "GET / → POST /comment 302", "POST /comment → GET /posts/{id} 200", "GET / → GET /admin/banned 403",
        "POST /register → GET / 200", "GET /admin/banned → POST /admin/banned 302");
    assertThat(counts(flow.entries())).isEqualTo(expected.entries());
    assertThat(counts(flow.exits())).isEqualTo(expected.exits());
    assertThat(flow.perSession().max()).isEqualTo(expected.longest());
    assertThat(flow.perSession().mean()).isCloseTo((double) expected.requests() / expected.sessions(),
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(flow.paths()).isNotEmpty();
    for (Path p : flow.paths()) {
      assertThat(p.count()).as(String.join(" → ", p.routes())).isEqualTo(expected.paths().get(p.routes()));
    }
    assertThat(flow.paths().get(0).count())
        .isEqualTo(expected.paths().values().stream().mapToLong(Long::longValue).max().orElseThrow());

    assertThat(journal.cookieValues()).isNotEmpty();
    for (String cookie : journal.cookieValues()) {
      assertThat(saved).as("a session cookie in the saved run").doesNotContain(cookie);
    }
  }

  private static Map<String, Long> counts(List<RouteCount> rows) {
    Map<String, Long> out = new TreeMap<>();
    rows.forEach(r -> out.put(r.route(), r.count()));
    return out;
  }
}
