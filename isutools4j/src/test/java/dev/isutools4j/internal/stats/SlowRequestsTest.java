package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import dev.isutools4j.internal.sql.SecretColumns;
import org.junit.jupiter.api.Test;

class SlowRequestsTest {

  private final Keys keys = Keys.withCapacity(16);
  private final int posts = keys.sql().id("select * from posts where id = ?");
  private final int comments = keys.sql().id("select * from comments where post_id = ?");

  /**
   * One request on this thread that took {@code nanos}: a posts query, then {@code commentQueries}
   * comments queries 1 µs apart, the i-th reading i rows; offered to {@code slow} as the HTTP
   * recording offers it.
   */
  private void request(SlowRequests slow, String route, long nanos, int commentQueries) {
    RequestScope scope = RequestScope.current();
    assertThat(scope.begin()).isTrue();
    try {
      long start = System.nanoTime();
      scope.add(posts, start + 1_000, 2_000, 1, false, 1, "SELECT * FROM posts WHERE id = 7");
      for (int i = 0; i < commentQueries; i++) {
        int token = scope.add(comments, start + 5_000 + i * 1_000L, 500, 0, false, 1, null);
        scope.rowsRead(token, i);
      }
      int routeId = keys.routes().id("GET", route);
      if (slow.wants(routeId, nanos)) {
        slow.keep(routeId, start, nanos, 200, 123, "GET", route + "?n=" + nanos, scope);
      }
    } finally {
      scope.end();
    }
  }

  @Test
  void theRunsSlowestAndEachRoutesSlowestAreKept() {
    SlowRequests slow = new SlowRequests(new Settings.Traces(2, 1, 500), keys.routes().index().slots(),
        SecretColumns.DEFAULT);
    request(slow, "/a", 10_000_000, 1);
    request(slow, "/a", 30_000_000, 2);
    request(slow, "/a", 20_000_000, 3);
    request(slow, "/b", 5_000_000, 0);
    request(slow, "/b", 4_000_000, 0);

    TracesSection section = slow.section(keys);
    assertThat(section.top()).isEqualTo(2);
    assertThat(section.perRoute()).isEqualTo(1);
    assertThat(section.requests()).extracting(Request::path)
        .containsExactly("/a?n=30000000", "/a?n=20000000", "/b?n=5000000");
    assertThat(section.requests()).extracting(Request::top).containsExactly(true, true, false);
    assertThat(section.requests()).extracting(Request::route).containsExactly("/a", "/a", "/b");
    assertThat(slow.wants(keys.routes().id("GET", "/b"), 5_000_000)).as("a tie with b's slowest").isFalse();
    assertThat(slow.wants(keys.routes().id("GET", "/b"), 5_000_001)).isTrue();
  }

  @Test
  void aKeptRequestCarriesItsTimelineFromItsOwnStart() {
    SlowRequests slow = new SlowRequests(new Settings.Traces(5, 5, 500), keys.routes().index().slots(),
        SecretColumns.DEFAULT);
    request(slow, "/posts/{id}", 12_000_000, 2);

    Request r = slow.section(keys).requests().get(0);
    assertThat(r.method()).isEqualTo("GET");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.bytes()).isEqualTo(123);
    assertThat(r.totalMs()).isEqualTo(12.0);
    assertThat(r.startMs()).as("from the run's start").isNotNegative();
    assertThat(r.thread()).isEqualTo(Thread.currentThread().getName());
    assertThat(r.statements()).isEqualTo(3);
    assertThat(r.dropped()).isZero();
    assertThat(r.sqlMs()).isEqualTo(0.003);
    assertThat(r.timeline()).containsExactly(
        new Statement(0.001, 0.002, 1, "select * from posts where id = ?", "SELECT * FROM posts WHERE id = 7", 1, false),
        new Statement(0.005, 0.0005, 0, "select * from comments where post_id = ?", null, 1, false),
        new Statement(0.006, 0.0005, 1, "select * from comments where post_id = ?", null, 1, false));
  }

  @Test
  void statementsBeyondTheLimitAreCountedInTheKeptRequest() {
    SlowRequests slow = new SlowRequests(new Settings.Traces(5, 5, 500), keys.routes().index().slots(),
        SecretColumns.DEFAULT);
    int limit = Recording.settings().traces().statements();
    request(slow, "/", 50_000_000, limit + 2);

    Request r = slow.section(keys).requests().get(0);
    assertThat(r.statements()).isEqualTo(limit + 3);
    assertThat(r.timeline()).hasSize(limit);
    assertThat(r.dropped()).isEqualTo(3);
  }

  @Test
  void switchedOffNothingIsWanted() {
    SlowRequests slow = new SlowRequests(new Settings.Traces(0, 0, 500), keys.routes().index().slots(),
        SecretColumns.DEFAULT);
    request(slow, "/a", Long.MAX_VALUE / 2, 1);
    TracesSection section = slow.section(keys);
    assertThat(section.on()).isFalse();
    assertThat(section.requests()).isEmpty();
  }

  @Test
  void routesBeyondTheCapAreKeptOnlyAmongTheRunsSlowest() {
    Keys many = Keys.withCapacity(SlowRequests.MAX_ROUTES + 10);
    SlowRequests slow = new SlowRequests(new Settings.Traces(1, 1, 500), many.routes().index().slots(),
        SecretColumns.DEFAULT);
    RequestScope scope = RequestScope.current();
    assertThat(scope.begin()).isTrue();
    try {
      slow.keep(many.routes().id("GET", "/r0"), System.nanoTime(), 99_000_000, 200, 0, "GET", "/r0", scope);
    } finally {
      scope.end();
    }
    for (int i = 1; i < SlowRequests.MAX_ROUTES; i++) {
      // Below the run's slowest, so each of these routes is asked, and gets its keeper.
      assertThat(slow.wants(many.routes().id("GET", "/r" + i), 1)).isTrue();
    }
    assertThat(slow.wants(many.routes().id("GET", "/r1"), 98_000_000)).as("its own slowest: none yet").isTrue();
    assertThat(slow.wants(many.routes().id("GET", "/beyond"), 98_000_000))
        .as("no keeper of its own; the run's slowest took 99 ms").isFalse();
    assertThat(slow.wants(many.routes().id("GET", "/beyond"), 100_000_000)).isTrue();
  }

  @Test
  void secretValuesAreMaskedInTheStatementsAndTheQueryString() {
    SlowRequests slow = new SlowRequests(new Settings.Traces(5, 5, 500), keys.routes().index().slots(),
        SecretColumns.ofSetting("passhash,pin"));
    int login = keys.sql().id("select * from users where account_name = ? and passhash = ?");
    RequestScope scope = RequestScope.current();
    assertThat(scope.begin()).isTrue();
    try {
      long start = System.nanoTime();
      scope.add(login, start + 1_000, 2_000, 1, false, 1,
          "SELECT * FROM users WHERE account_name = 'alice' AND passhash = 'e3b0c442'");
      int routeId = keys.routes().id("POST", "/login");
      assertThat(slow.wants(routeId, 9_000_000)).isTrue();
      slow.keep(routeId, start, 9_000_000, 302, 0, "POST", slow.path("/login", "next=/&PIN=1234"), scope);
    } finally {
      scope.end();
    }

    Request kept = slow.section(keys).requests().get(0);
    assertThat(kept.path()).isEqualTo("/login?next=/&PIN=***");
    assertThat(kept.timeline()).extracting(Statement::sample).containsExactly(
        "SELECT * FROM users WHERE account_name = 'alice' AND passhash = '***'");
  }
}
