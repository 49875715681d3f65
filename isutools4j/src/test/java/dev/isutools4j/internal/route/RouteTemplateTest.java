package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spring's template syntax as a matcher of raw paths, and Spring's order of specificity. */
class RouteTemplateTest {

  private static boolean matches(String template, String path) {
    return RouteTemplate.parse(template).matches(path);
  }

  @Test
  void aLiteralTemplateMatchesItsOwnPathOnly() {
    assertThat(matches("/login", "/login")).isTrue();
    assertThat(matches("/login", "/login/")).as("no optional trailing slash, as Spring 6").isFalse();
    assertThat(matches("/login", "/Login")).as("case-sensitive").isFalse();
    assertThat(matches("/login", "/login/x")).isFalse();
    assertThat(matches("/login", "/logins")).isFalse();
    assertThat(matches("/", "/")).isTrue();
    assertThat(matches("/", "/x")).isFalse();
  }

  @Test
  void aVariableTakesOneWholeSegmentOfAtLeastOneChar() {
    assertThat(matches("/posts/{id}", "/posts/1")).isTrue();
    assertThat(matches("/posts/{id}", "/posts/hello-world")).isTrue();
    assertThat(matches("/posts/{id}", "/posts/%E3%81%82")).as("matched as sent").isTrue();
    assertThat(matches("/posts/{id}", "/posts")).isFalse();
    assertThat(matches("/posts/{id}", "/posts/")).isFalse();
    assertThat(matches("/posts/{id}", "/posts/1/comments")).isFalse();
    assertThat(matches("/{a}/{b}", "/x/y")).isTrue();
    assertThat(matches("/{a}/{b}", "/x//")).isFalse();
  }

  @Test
  void dotsBetweenVariablesAreLiteral() {
    for (String path : List.of("/image/1.png", "/image/2.jpg", "/image/3.gif", "/image/a.b.c")) {
      assertThat(matches("/image/{id}.{ext}", path)).as(path).isTrue();
    }
    assertThat(matches("/image/{id}.{ext}", "/image/1xpng")).as("'.' is no regex here").isFalse();
    assertThat(matches("/image/{id}.{ext}", "/image/1")).isFalse();
    assertThat(matches("/image/{id}.{ext}", "/image/1.png/x")).isFalse();
    assertThat(matches("/image/{id}.{ext}", "/image/.")).as("Spring: the segment is not empty").isTrue();
    assertThat(matches("/image/{id}.png", "/image/7.png")).isTrue();
    assertThat(matches("/image/{id}.png", "/image/7.jpg")).isFalse();
  }

  @Test
  void aPrefixBeforeAVariableIsLiteral() {
    assertThat(matches("/@{accountName}", "/@alice")).isTrue();
    assertThat(matches("/@{accountName}", "/@bob_2")).isTrue();
    assertThat(matches("/@{accountName}", "/alice")).isFalse();
    assertThat(matches("/@{accountName}", "/@alice/posts")).isFalse();
    assertThat(matches("/@{accountName}", "/x@alice")).isFalse();
    assertThat(matches("/user-{id}", "/user-7")).isTrue();
    assertThat(matches("/user-{id}", "/user_7")).isFalse();
  }

  @Test
  void aVariableWithARegexMatchesOnlyWhatTheRegexMatchesWhole() {
    String t = "/api/{a}/items/{b:[0-9]+}";
    assertThat(matches(t, "/api/x/items/12")).isTrue();
    assertThat(matches(t, "/api/x/items/12a")).isFalse();
    assertThat(matches(t, "/api/x/items/ab")).isFalse();
    assertThat(matches(t, "/api/x/items/")).isFalse();
    assertThat(matches("/v/{n:[0-9]{2}}", "/v/12")).as("braces inside the regex").isTrue();
    assertThat(matches("/v/{n:[0-9]{2}}", "/v/123")).isFalse();
    assertThat(matches("/files/{name:[a-z]+}.txt", "/files/abc.txt")).isTrue();
    assertThat(matches("/files/{name:[a-z]+}.txt", "/files/ab1.txt")).isFalse();
    assertThat(matches("/files/{name:[a-z]+}.txt", "/files/abc.txt.txt")).isFalse();
  }

  @Test
  void wildcards() {
    assertThat(matches("/static/*.css", "/static/app.css")).isTrue();
    assertThat(matches("/static/*.css", "/static/a/b.css")).isFalse();
    assertThat(matches("/static/*", "/static/x")).isTrue();
    assertThat(matches("/static/*", "/static/")).as("empty at the end, as Spring").isTrue();
    assertThat(matches("/static/*/x", "/static//x")).isFalse();
    assertThat(matches("/t?st", "/test")).isTrue();
    assertThat(matches("/t?st", "/toast")).isFalse();
    for (String t : List.of("/api/**", "/api/{*rest}")) {
      assertThat(matches(t, "/api")).as(t).isTrue();
      assertThat(matches(t, "/api/")).as(t).isTrue();
      assertThat(matches(t, "/api/a/b/c")).as(t).isTrue();
      assertThat(matches(t, "/apix")).as(t).isFalse();
      assertThat(matches(t, "/x/api")).as(t).isFalse();
    }
    assertThat(matches("/a/**/z", "/a/z")).as("AntPathMatcher's ** in the middle").isTrue();
    assertThat(matches("/a/**/z", "/a/b/c/z")).isTrue();
    assertThat(matches("/a/**/z", "/a/b/c")).isFalse();
  }

  @Test
  void aPathThatIsNoPathMatchesNothing() {
    assertThat(matches("/{x}", "*")).isFalse();
    assertThat(matches("/**", "")).isFalse();
    assertThat(matches("/{x}", "http://host/x")).isFalse();
  }

  @Test
  void whatIsNotATemplateIsRefused() {
    for (String t : List.of("posts", "(other)", "/a/{b", "/a/b}", "/a/{b:[}")) {
      assertThatThrownBy(() -> RouteTemplate.parse(t)).as(t).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void rankedAsSpringRanksThem() {
    List<String> texts = List.of("/posts/**", "/posts/*", "/posts/{id}.{ext}", "/posts/{id}",
        "/posts/new", "/posts/{id}/comments", "/**", "/posts/{a}/{b}");
    List<RouteTemplate> templates = new ArrayList<>(texts.stream().map(RouteTemplate::parse).toList());
    templates.sort(RouteTemplate.SPECIFICITY);
    assertThat(templates).extracting(RouteTemplate::text).containsExactly(
        "/posts/new",              // no variable
        "/posts/{id}/comments",    // one variable, longer
        "/posts/{id}",             // one variable
        "/posts/{a}/{b}",          // two variables, longer
        "/posts/{id}.{ext}",       // two variables
        "/posts/*",                // a wildcard scores 100
        "/posts/**",               // catch-alls last, the longer first
        "/**");
  }

  @Test
  void onlyCatchAllsOfTheWholePathMatchEverything() {
    assertThat(RouteTemplate.parse("/**").matchesEverything()).isTrue();
    assertThat(RouteTemplate.parse("/{*path}").matchesEverything()).isTrue();
    assertThat(RouteTemplate.parse("/api/**").matchesEverything()).isFalse();
    assertThat(RouteTemplate.parse("/{x}").matchesEverything()).isFalse();
  }

  @Test
  void aTemplateIsShapeStableWhenNoIdCouldDecideTheMatch() {
    for (String t : List.of("/posts/{id}", "/image/{id}.{ext}", "/@{accountName}", "/api/v1/users",
        "/static/*.js", "/api/**", "/posts/{id}.png", "/x.y/z", "/items/{id:\\d+}",
        "/items/{id:[0-9]+}")) {
      assertThat(RouteTemplate.parse(t).shapeStable()).as(t).isTrue();
    }
    for (String t : List.of("/items/{id:[0-9]{2}}", "/items/{id:[a-z]+}", "/v/2", "/v/1.5",
        "/x/{a}.cafe", "/x/{a}7", "/t?st",
        "/f/deadbeef00112233", "/x/{a}.{b:png}")) {
      assertThat(RouteTemplate.parse(t).shapeStable()).as(t).isFalse();
    }
  }
}
