package dev.isutools4j.isugram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.isugram.Isugram;
import dev.isutools4j.isugram.ServeOptions;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.isugram.data.Scale;
import dev.isutools4j.isugram.db.Dialect;
import dev.isutools4j.testing.TestRuns;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
 * hold none of their session cookies. Each of the run's slowest requests must be one the browsers
 * sent, and those of the scenario's routes (logging in, posting, commenting, the index and its
 * paging) must list the statements the app runs for them, in order. At tuning level 4 the app has
 * no user cache: a logged-in session's user is read on each of its requests, so what a request
 * runs follows from the journal alone.
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

  /**
   * The statements, as fingerprints in order, that isugram at tuning level 4 runs for a request of
   * the scenario's routes: the session's user when it is logged in, then the route's own.
   */
  private record Statements(String user, String login, String addPost, String addComment, String newest,
      String before, String pageComments) {

    static final Set<String> ROUTES = Set.of("POST /login", "POST /", "POST /comment", "GET /", "GET /posts");

    static Statements of(Dialect dialect) {
      String posts = dialect.visiblePostsWithAuthor();
      return new Statements(Fingerprint.of("SELECT * FROM users WHERE id = ?"),
          Fingerprint.of("SELECT * FROM users WHERE account_name = ? AND del_flg = 0"),
          Fingerprint.of("INSERT INTO posts (user_id, mime, imgdata, body, created_at) VALUES (?, ?, ?, ?, ?)"),
          Fingerprint.of("INSERT INTO comments (post_id, user_id, comment, created_at) VALUES (?, ?, ?, ?)"),
          Fingerprint.of(posts + " ORDER BY p.created_at DESC LIMIT 20"),
          Fingerprint.of(posts + " AND p.created_at <= ? ORDER BY p.created_at DESC LIMIT 20"),
          Fingerprint.of("SELECT c.id, c.post_id, c.user_id, c.comment, c.created_at, u.account_name"
              + " FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id IN (?, ?)"
              + " ORDER BY c.post_id, c.created_at DESC, c.id DESC"));
    }

    /**
     * What one request ran, from its route, its answer and whether its session was logged in; null
     * for a route not in {@link #ROUTES}.
     */
    List<String> of(Journal.Entry e, boolean loggedIn) {
      if (!ROUTES.contains(route(e.method(), e.path()))) {
        return null;
      }
      List<String> out = new ArrayList<>(loggedIn ? List.of(user) : List.of());
      boolean toPost = e.location() != null && redirectPath(e.location()).startsWith("/posts/");
      switch (route(e.method(), e.path())) {
        case "POST /login" -> out.addAll(loggedIn ? List.of() : List.of(login));
        case "POST /" -> out.addAll(toPost ? List.of(addPost) : List.of());
        case "POST /comment" -> out.addAll(toPost ? List.of(addComment) : List.of());
        case "GET /" -> out.addAll(List.of(newest, pageComments));
        case "GET /posts" -> out = switch (e.status()) {
          case 400 -> List.of(); // max_created_at is no time
          case 404 -> List.of(before); // no post that old
          default -> List.of(before, pageComments);
        };
        default -> throw new IllegalStateException(e.toString());
      }
      return out;
    }

    /**
     * What each request of the journal ran. A session is logged in from a login or registration
     * that redirects to / until a logout or the browser's next session.
     */
    List<List<String>> of(List<Journal.Entry> entries) {
      Map<Integer, Integer> loggedIn = new HashMap<>(); // browser → its session that is logged in
      List<List<String>> out = new ArrayList<>();
      for (Journal.Entry e : entries) {
        boolean in = e.session() >= 0 && Integer.valueOf(e.session()).equals(loggedIn.get(e.browser()));
        out.add(of(e, in));
        String route = route(e.method(), e.path());
        if ((route.equals("POST /login") || route.equals("POST /register")) && e.location() != null
            && redirectPath(e.location()).equals("/")) {
          loggedIn.put(e.browser(), e.session());
        } else if (route.equals("GET /logout")) {
          loggedIn.remove(e.browser());
        }
      }
      return out;
    }

    private static String redirectPath(String location) {
      return URI.create("http://x").resolve(location).getRawPath();
    }
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
    ServeOptions options = ServeOptions.defaults().withDataDir(dataDir).withPort(0).withTuning(4);
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

    assertSlowestRequests(SnapshotJson.read(saved).section(TracesSection.class).orElseThrow(), journal.entries(),
        Statements.of(Dialect.of(options.jdbcUrl())));

    assertThat(journal.cookieValues()).isNotEmpty();
    for (String cookie : journal.cookieValues()) {
      assertThat(saved).as("a session cookie in the saved run").doesNotContain(cookie);
    }
  }

  /**
   * Each kept request is one the browsers sent (method, path, status, route), and one of the
   * scenario's routes ran the statements the journal says it did, in order: no two kept requests
   * map to the same request of the journal.
   */
  private static void assertSlowestRequests(TracesSection traces, List<Journal.Entry> entries, Statements statements) {
    List<List<String>> ran = statements.of(entries);
    Map<String, Long> sent = new TreeMap<>();
    for (int i = 0; i < entries.size(); i++) {
      Journal.Entry e = entries.get(i);
      sent.merge(key(e.method(), e.path(), e.status(), ran.get(i)), 1L, Long::sum);
    }
    Map<String, Long> kept = new TreeMap<>();
    Set<String> keptRoutes = new TreeSet<>();
    for (TracesSection.Request r : traces.requests()) {
      String route = route(r.method(), r.path());
      assertThat(r.method() + " " + r.route()).as(r.path()).isEqualTo(route);
      assertThat(r.dropped()).isZero();
      List<String> timeline = r.timeline().stream().map(TracesSection.Statement::fingerprint).toList();
      kept.merge(key(r.method(), r.path(), r.status(), Statements.ROUTES.contains(route) ? timeline : null), 1L,
          Long::sum);
      keptRoutes.add(route);
    }
    kept.forEach((key, count) -> assertThat(sent.getOrDefault(key, 0L))
        .as("kept %d times, sent by the browsers: %s", count, key).isGreaterThanOrEqualTo(count));
    assertThat(keptRoutes).containsAll(Statements.ROUTES);
    assertThat(traces.requests()).as("a new post and a comment among the kept")
        .anySatisfy(r -> assertThat(r.timeline()).extracting(TracesSection.Statement::fingerprint)
            .containsExactly(statements.user(), statements.addPost()))
        .anySatisfy(r -> assertThat(r.timeline()).extracting(TracesSection.Statement::fingerprint)
            .containsExactly(statements.user(), statements.addComment()));
  }

  /** A request as the test matches kept ones with the journal's: with its statements when they are known. */
  private static String key(String method, String path, int status, List<String> statements) {
    return method + " " + path + " " + status + (statements == null ? "" : " " + statements);
  }

  private static Map<String, Long> counts(List<RouteCount> rows) {
    Map<String, Long> out = new TreeMap<>();
    rows.forEach(r -> out.put(r.route(), r.count()));
    return out;
  }
}
