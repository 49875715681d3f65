package dev.isutools4j.isugram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks against a committed page of two posts, as is and broken one way at a time. */
class ChecksTest {

  private static final URI BASE = URI.create("http://127.0.0.1:8080/");

  private static String golden() throws IOException {
    try (InputStream in = ChecksTest.class.getResourceAsStream("/bench/two-posts.html")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static Response response(int status, String body, Map<String, List<String>> headers) {
    return new Response("GET", "/posts/12", Score.Kind.GET, status, HttpHeaders.of(headers, (a, b) -> true),
        body.getBytes(StandardCharsets.UTF_8), BASE);
  }

  private static Response html(String body) {
    return response(200, body, Map.of("Content-Type", List.of("text/html;charset=UTF-8")));
  }

  private static List<Checks.PostView> posts(String body) {
    Response r = html(body);
    return Checks.posts(r, Checks.page(r), 3, null);
  }

  @Test
  void aGoodPageGivesItsPosts() throws IOException {
    List<Checks.PostView> posts = posts(golden());
    assertThat(posts).extracting(Checks.PostView::id).containsExactly(12, 7);
    assertThat(posts.get(0).author()).isEqualTo("alice");
    assertThat(posts.get(0).imageSrc()).isEqualTo("/image/12.png");
    assertThat(posts.get(0).commentCount()).isEqualTo(5);
    assertThat(posts.get(0).comments()).containsExactly("one", "two", "three");
  }

  @Test
  void eachMissingOrWrongHookIsReported() throws IOException {
    String page = golden();
    Map<String, String> broken = Map.of(
        page.replace("class=\"isu-post-permalink\"", "class=\"permalink\""), "a.isu-post-permalink",
        page.replace("href=\"/posts/7\"", "href=\"/posts/8\""), "permalink /posts/8",
        page.replace("data-created-at=\"2016-01-02T00:00:07+09:00\"", "data-created-at=\"2016-01-02 00:00:07\""),
            "data-created-at",
        page.replace("/image/12.png", "/image/13.png"), "img.isu-image",
        page.replace("value=\"12\"", "value=\"1\""), "post_id",
        page.replace("<span class=\"isu-comment-text\">three</span></div>",
            "<span class=\"isu-comment-text\">three</span></div><div class=\"isu-comment\">"
            + "<span class=\"isu-comment-text\">four</span></div>"), "at most 3",
        page.replace("<b>5</b>", "<b>five</b>"), "comment count",
        page.replace("00:00:07+09:00\"", "00:00:59+09:00\""), "newest first");
    broken.forEach((body, message) ->
        assertThatThrownBy(() -> posts(body)).as(message).isInstanceOf(CheckFailed.class).hasMessageContaining(message));
    assertThatThrownBy(() -> posts(page.replace(" <span class=\"isu-comment-text\">three</span>", "")))
        .hasMessageContaining("shows 2 comments of 5");
  }

  @Test
  void aPostsOwnPageMustShowEveryComment() throws IOException {
    Response r = html(golden());
    assertThatThrownBy(() -> Checks.posts(r, Checks.page(r), -1, null)).hasMessageContaining("comments of 5");
  }

  @Test
  void statusTypeAndRedirectsAreChecked() {
    assertThatThrownBy(() -> Checks.page(response(500, "", Map.of()))).hasMessage("GET /posts/{id}: status 500, expected 200");
    assertThatThrownBy(() -> Checks.page(response(200, "{}", Map.of("Content-Type", List.of("application/json")))))
        .hasMessageContaining("expected text/html");
    Response redirect = response(302, "", Map.of("Location", List.of("http://127.0.0.1:8080/login")));
    Checks.redirect(redirect, "/login");
    assertThatThrownBy(() -> Checks.redirect(redirect, "/")).hasMessageContaining("redirected to /login");
    Response toPost = response(302, "", Map.of("Location", List.of("/posts/501")));
    assertThat(Checks.redirectToPost(toPost)).isEqualTo(501);
  }

  @Test
  void picturesMustBeOfTheirExtensionsType() {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', 1, 2};
    Response ok = new Response("GET", "/image/1.png", Score.Kind.GET, 200,
        HttpHeaders.of(Map.of("Content-Type", List.of("image/png")), (a, b) -> true), png, BASE);
    Checks.image(ok, "/image/1.png");
    Response wrongType = new Response("GET", "/image/1.jpg", Score.Kind.GET, 200,
        HttpHeaders.of(Map.of("Content-Type", List.of("image/jpeg")), (a, b) -> true), png, BASE);
    assertThatThrownBy(() -> Checks.image(wrongType, "/image/1.jpg")).hasMessageContaining("not a image/jpeg picture");
  }
}
