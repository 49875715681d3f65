package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RoutesTest {

  private final Routes routes =
      new Routes(RouteRules.parse("^/@[^/]+$=/@{account};/image/.*=/image/{file};/\\?x=/q"));

  @Test
  void theTemplateWins() {
    assertThat(routes.route("/posts/{postId}", "/posts/123")).isEqualTo("/posts/{postId}");
    assertThat(routes.route("/image/**", "/image/1.png")).isEqualTo("/image/**");
  }

  @Test
  void aCatchAllTemplateNamesNoRouteThePathIsNamedByItsShape() {
    // Spring's resource handler answers every unmatched path under "/**" (a 404 or a static file).
    assertThat(routes.route("/**", "/no/such/123")).isEqualTo("/no/such/{id}");
    assertThat(routes.route("/**", "/css/style.css")).isEqualTo("/css/style.css");
    assertThat(routes.route("/{*path}", "/a/550e8400-e29b-41d4-a716-446655440000?x=1"))
        .isEqualTo("/a/{uuid}");
    assertThat(routes.route("/*", "/@alice")).isEqualTo("/@{account}");
    assertThat(routes.route("/**", "/image/9.png")).isEqualTo("/image/{file}");
    // The same name as a path seen outside the app, such as an access log's.
    PathRoutes logs = PathRoutes.of("^/@[^/]+$=/@{account};/image/.*=/image/{file}");
    for (String path : new String[] {"/no/such/123", "/@alice", "/image/9.png", "/favicon.ico"}) {
      assertThat(routes.route("/**", path)).isEqualTo(logs.route(path));
    }
  }

  @Test
  void aBlankTemplateIsIgnored() {
    assertThat(routes.route(null, "/posts/123")).isEqualTo("/posts/{id}");
    assertThat(routes.route("", "/posts/123")).isEqualTo("/posts/{id}");
    assertThat(routes.route("  ", "/posts/123")).isEqualTo("/posts/{id}");
  }

  @Test
  void rulesComeBeforeCollapsing() {
    assertThat(routes.route(null, "/image/123.jpg")).isEqualTo("/image/{file}");
    assertThat(routes.route(null, "/@alice")).isEqualTo("/@{account}");
    assertThat(routes.route(null, "/@alice/posts/1")).isEqualTo("/@alice/posts/{id}");
  }

  @Test
  void queryStringsAndFragmentsAreDropped() {
    // The rule for a literal "/?x" never fires: rules only see the path.
    assertThat(routes.route(null, "/posts/1?page=2")).isEqualTo("/posts/{id}");
    assertThat(routes.route(null, "/@bob?tab=likes#top")).isEqualTo("/@{account}");
    assertThat(routes.route(null, "/?x")).isEqualTo("/");
    assertThat(routes.route(null, "?x")).isEqualTo("/");
  }

  @Test
  void noPathGivesTheRoot() {
    assertThat(routes.route(null, null)).isEqualTo("/");
    assertThat(routes.route(null, "")).isEqualTo("/");
  }

  @Test
  void withoutRulesItCollapses() {
    Routes plain = new Routes(RouteRules.empty());
    assertThat(plain.route(null, "/image/123.jpg")).isEqualTo("/image/{id}.jpg");
    assertThat(new Routes(null).route(null, "/a/2")).isEqualTo("/a/{id}");
  }

  @Test
  void repeatedPathsAreCachedOnce() {
    Routes fresh = new Routes(RouteRules.empty());
    String first = fresh.route(null, "/posts/7");
    assertThat(fresh.route(null, "/posts/7")).isSameAs(first);
    assertThat(fresh.route(null, "/posts/7?a=1")).isSameAs(first);
    assertThat(fresh.cacheSize()).isEqualTo(1);
  }

  @Test
  void theCacheStaysWithinItsBoundAndResultsStayRight() {
    Routes fresh = new Routes(RouteRules.parse("/u/[^/]+/icon=/u/{name}/icon"));
    for (int i = 0; i < 20_000; i++) {
      assertThat(fresh.route(null, "/posts/" + i)).isEqualTo("/posts/{id}");
      assertThat(fresh.route(null, "/u/user" + i + "/icon")).isEqualTo("/u/{name}/icon");
    }
    assertThat(fresh.cacheSize()).isLessThanOrEqualTo(Routes.DEFAULT_CACHE_LIMIT);
    assertThat(fresh.route(null, "/posts/19999")).isEqualTo("/posts/{id}");
    assertThat(fresh.route(null, "/posts/1")).isEqualTo("/posts/{id}");
  }

  @Test
  void theCacheBoundHoldsUnderConcurrency() throws Exception {
    Routes fresh = new Routes(RouteRules.empty(), 100);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        results.add(pool.submit(() -> {
          boolean right = true;
          for (int i = 0; i < 5_000; i++) {
            right &= fresh.route(null, "/t" + thread + "/x" + i).equals("/t" + thread + "/x" + i);
          }
          return right;
        }));
      }
      for (Future<Boolean> result : results) {
        assertThat(result.get(30, TimeUnit.SECONDS)).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(fresh.cacheSize()).isEqualTo(100);
  }

  @Test
  void aZeroBoundCachesNothing() {
    Routes uncached = new Routes(RouteRules.empty(), 0);
    assertThat(uncached.route(null, "/a/1")).isEqualTo("/a/{id}");
    assertThat(uncached.cacheSize()).isZero();
  }

  @Test
  void longPathsAreNotCachedAndRulesSeeTheirFirst512Chars() {
    Routes fresh = new Routes(RouteRules.parse("/blob/a+=/blob/{a}"));
    String longPath = "/blob/" + "a".repeat(10_000);

    assertThat(fresh.route(null, longPath)).isEqualTo("/blob/{a}");
    assertThat(fresh.route(null, "/x/" + "1".repeat(10_000))).isEqualTo("/x/{id}\u2026");
    assertThat(fresh.cacheSize()).isZero();
  }
}
