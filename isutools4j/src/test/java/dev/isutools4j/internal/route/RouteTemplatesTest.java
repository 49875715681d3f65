package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP table's routes as templates per method, and paths named by them before any rule. */
class RouteTemplatesTest {

  private static final List<String> ISUGRAM = List.of("GET /", "GET /posts", "GET /posts/{id}",
      "GET /image/{id}.{ext}", "GET /@{accountName}", "POST /login", "GET /login", "GET /**",
      "GET /admin/banned", "POST /admin/banned", "(other)", "GET (other)", "GET /a/{b");

  private final RouteTemplates templates = RouteTemplates.ofKeys(ISUGRAM);

  @Test
  void aPathIsNamedByItsMethodsMostSpecificTemplate() {
    assertThat(templates.match("GET", "/image/1.png")).isEqualTo("/image/{id}.{ext}");
    assertThat(templates.match("GET", "/image/2.jpg")).isEqualTo("/image/{id}.{ext}");
    assertThat(templates.match("GET", "/@alice")).isEqualTo("/@{accountName}");
    assertThat(templates.match("GET", "/posts/17")).isEqualTo("/posts/{id}");
    assertThat(templates.match("GET", "/posts")).isEqualTo("/posts");
    assertThat(templates.match("GET", "/")).isEqualTo("/");
    assertThat(templates.match("POST", "/login")).isEqualTo("/login");
  }

  @Test
  void theMethodMustMatchToo() {
    assertThat(templates.match("POST", "/posts/17")).isNull();
    assertThat(templates.match("DELETE", "/login")).isNull();
    assertThat(templates.match("HEAD", "/@alice")).isNull();
  }

  @Test
  void catchAllsAndWhatIsNoTemplateAreLeftOut() {
    assertThat(templates.size()).as("/**, (other) and /a/{b are no templates to group by").isEqualTo(9);
    assertThat(templates.match("GET", "/css/style.css")).isNull();
    assertThat(templates.match("GET", "/favicon.ico")).isNull();
  }

  @Test
  void aLiteralRouteWinsOverAVariable() {
    RouteTemplates t = RouteTemplates.ofKeys(List.of("GET /posts/{id}", "GET /posts/new",
        "GET /image/{file}", "GET /image/{id}.{ext}"));
    assertThat(t.match("GET", "/posts/new")).isEqualTo("/posts/new");
    assertThat(t.match("GET", "/posts/9")).isEqualTo("/posts/{id}");
    assertThat(t.match("GET", "/image/1.png")).as("Spring: fewer variables first").isEqualTo("/image/{file}");
  }

  @Test
  void shapeStableOnlyWhenEveryTemplateIs() {
    assertThat(templates.shapeStable()).isTrue();
    RouteTemplates unstable = RouteTemplates.ofKeys(List.of("GET /posts/{id}", "GET /items/{n:[0-9]{1,3}}",
        "POST /items/{n:[0-9]{1,3}}", "GET /v/2"));
    assertThat(unstable.shapeStable()).isFalse();
    assertThat(unstable.unstablePrefixes()).containsExactlyInAnyOrder("/items", "/v/2");
    assertThat(PathRoutes.of(null).withTemplates(unstable).byPathPrefixes())
        .containsExactlyInAnyOrder("/items", "/v/2");
    assertThat(RouteTemplates.none().isEmpty()).isTrue();
    assertThat(RouteTemplates.ofKeys(List.of("GET /**", "(other)")).isEmpty()).isTrue();
  }

  @Test
  void pathRoutesTryTheTemplatesThenTheRulesThenCollapseIds() {
    PathRoutes routes = PathRoutes.of("^/@[^/]+/posts$=/@{user}/posts;^/image/.*=/image/{file}")
        .withTemplates(templates);
    assertThat(routes.route("GET", "/image/1.png?x=1")).isEqualTo("/image/{id}.{ext}");
    assertThat(routes.route("GET", "/@alice#top")).isEqualTo("/@{accountName}");
    assertThat(routes.route("GET", "/@alice/posts")).as("no template: the rule").isEqualTo("/@{user}/posts");
    assertThat(routes.route("HEAD", "/image/1.png")).as("no HEAD template: the rule").isEqualTo("/image/{file}");
    assertThat(routes.route("GET", "/comments/12")).as("neither: ids collapsed").isEqualTo("/comments/{id}");
    assertThat(routes.route("GET", null)).isEqualTo("/");
    assertThat(routes.idsOnly()).as("user rules").isFalse();
    assertThat(PathRoutes.of(null).withTemplates(templates).idsOnly()).isTrue();
  }
}
