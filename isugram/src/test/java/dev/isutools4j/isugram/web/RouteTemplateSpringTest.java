package dev.isutools4j.isugram.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.route.RouteTemplate;
import dev.isutools4j.internal.route.RouteTemplates;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The library's route templates against Spring's own {@code PathPattern} (the matcher isugram's
 * Spring MVC uses): every template matches the same paths, and the template the library picks
 * for a path is the one Spring ranks first among those that match it.
 */
class RouteTemplateSpringTest {

  private static final List<String> TEMPLATES = List.of("/", "/login", "/posts", "/posts/{id}",
      "/posts/new", "/posts/{id}/comments", "/image/{id}.{ext}", "/image/{file}", "/image/{id}.png",
      "/@{accountName}", "/user-{id}", "/api/{a}/items/{b:[0-9]+}", "/v/{n:[0-9]{2}}",
      "/files/{name:[a-z]+}.txt", "/static/*.css", "/static/*", "/t?st", "/api/**", "/api/{*rest}",
      "/{a}/{b}", "/{x}", "/**", "/a/*/c", "/{a}-{b}.{c}");

  private static final List<String> PATHS = List.of("/", "/login", "/login/", "/Login", "/logins",
      "/posts", "/posts/", "/posts/1", "/posts/new", "/posts/1/comments", "/posts/1/comments/",
      "/image/1.png", "/image/2.jpg", "/image/3.gif", "/image/a.b.c", "/image/1", "/image/.",
      "/image/1xpng", "/image/", "/@alice", "/@bob_2", "/@", "/alice", "/@alice/posts", "/user-7",
      "/user_7", "/api/x/items/12", "/api/x/items/ab", "/api/x/items/", "/api", "/api/",
      "/api/a/b/c", "/v/12", "/v/123", "/files/abc.txt", "/files/ab1.txt", "/files/abc.txt.txt",
      "/static/app.css", "/static/a/b.css", "/static/", "/static/x", "/test", "/toast", "//",
      "/a//c", "/a/b/c", "/x/y", "/x-y.z", "/-.", "/a-b-c.d.e");

  private static final PathPatternParser SPRING = PathPatternParser.defaultInstance;

  private static boolean spring(String template, String path) {
    return SPRING.parse(template).matches(PathContainer.parsePath(path));
  }

  @Test
  void everyTemplateMatchesWhatSpringMatches() {
    for (String t : TEMPLATES) {
      RouteTemplate ours = RouteTemplate.parse(t);
      for (String p : PATHS) {
        assertThat(ours.matches(p)).as(t + " on " + p).isEqualTo(spring(t, p));
      }
    }
  }

  @Test
  void thePickedTemplateIsTheOneSpringRanksFirst() {
    // The /** Spring would fall back to is left out of the library's: it names every path.
    List<String> keys = TEMPLATES.stream().map(t -> "GET " + t).toList();
    RouteTemplates ours = RouteTemplates.ofKeys(keys);
    for (String p : PATHS) {
      String best = TEMPLATES.stream().map(SPRING::parse)
          .filter(pattern -> !pattern.getPatternString().equals("/**"))
          .filter(pattern -> pattern.matches(PathContainer.parsePath(p)))
          .min(Comparator.<PathPattern>naturalOrder()).map(PathPattern::getPatternString).orElse(null);
      assertThat(ours.match("GET", p)).as(p).isEqualTo(best);
    }
  }
}
