package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouteNormalizerTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', nullValues = "NULL", textBlock = """
      /posts/123                                           | /posts/{id}
      /posts/123/                                          | /posts/{id}/
      /image/123.jpg                                       | /image/{id}.jpg
      /image/123                                           | /image/{id}
      /posts/123/comments/456                              | /posts/{id}/comments/{id}
      /api/v2/users/42/avatar.png                          | /api/v2/users/{id}/avatar.png
      /archive/2024/05/01                                  | /archive/{id}/{id}/{id}
      /0                                                   | /{id}
      /t/-5                                                | /t/{id}
      /t/+81                                               | /t/{id}
      /t/-                                                 | /t/-
      /t/1.5                                               | /t/{id}.{id}
      /img/123.456.png                                     | /img/{id}.{id}.png
      /x/.123                                              | /x/.{id}
      /v1/items/99                                         | /v1/items/{id}
      /a/0x1f                                              | /a/0x1f
      /t/123abc                                            | /t/123abc
      /api2/users                                          | /api2/users
      /index2.html                                         | /index2.html
      /files/report-2024.pdf                               | /files/report-2024.pdf
      /download/photo.tar.gz                               | /download/photo.tar.gz
      /.well-known/acme                                    | /.well-known/acme
      /users/550e8400-e29b-41d4-a716-446655440000          | /users/{uuid}
      /users/550E8400-E29B-41D4-A716-446655440000          | /users/{uuid}
      /users/550e8400-e29b-41d4-a716-446655440000.json     | /users/{uuid}.json
      /users/550e8400-e29b-41d4-a716-44665544000           | /users/550e8400-e29b-41d4-a716-44665544000
      /users/550e8400-e29b-41d4-a716_446655440000          | /users/550e8400-e29b-41d4-a716_446655440000
      /users/550e8400e29b41d4a716446655440000              | /users/{hex}
      /items/01ARZ3NDEKTSV4RRFFQ69G5FAV                    | /items/{ulid}
      /items/01arz3ndektsv4rrffq69g5fav/likes              | /items/{ulid}/likes
      /items/81ARZ3NDEKTSV4RRFFQ69G5FAV                    | /items/81ARZ3NDEKTSV4RRFFQ69G5FAV
      /items/01ARZ3NDEKTSV4RRFFQ69G5FAI                    | /items/01ARZ3NDEKTSV4RRFFQ69G5FAI
      /items/01ARZ3NDEKTSV4RRFFQ69G5FA                     | /items/01ARZ3NDEKTSV4RRFFQ69G5FA
      /items/ABCDEFGHJKMNPQRSTVWXYZABCD                    | /items/ABCDEFGHJKMNPQRSTVWXYZABCD
      /blobs/da39a3ee5e6b4b0d3255bfef95601890afd80709      | /blobs/{hex}
      /blobs/D41D8CD98F00B204E9800998ECF8427E              | /blobs/{hex}
      /static/app.3f9a8c7e1b2d4f60.js                      | /static/app.{hex}.js
      /t/3f9a8c7e1b2d4f6                                   | /t/3f9a8c7e1b2d4f6
      /t/deadbeefcafebabe                                  | /t/deadbeefcafebabe
      /@alice                                              | /@alice
      /@alice/posts/7                                      | /@alice/posts/{id}
      /                                                    | /
      ''                                                   | /
      NULL                                                 | /
      /posts?page=2                                        | /posts
      /posts/5?x=1#top                                     | /posts/{id}
      /posts#section-2                                     | /posts
      ?q=1                                                 | /
      /?q=1                                                | /
      //posts//12                                          | //posts//{id}
      /search/hello%20world                                | /search/hello%20world
      /tags/%31%32                                         | /tags/%31%32
      /ユーザー/123                                         | /ユーザー/{id}
      /users/١٢٣                                           | /users/١٢٣
      posts/1                                              | /posts/{id}
      *                                                    | /*
      """)
  void collapses(String path, String route) {
    assertThat(RouteNormalizer.normalize(path)).isEqualTo(route);
  }

  @Test
  void returnsTheSameStringWhenNothingChanges() {
    String path = "/api/users/me";
    assertThat(RouteNormalizer.normalize(path)).isSameAs(path);
  }

  @Test
  void cutsLongPathsAndMarksTheCut() {
    String words = "/" + "a".repeat(9_999);
    assertThat(RouteNormalizer.normalize(words))
        .hasSize(RouteNormalizer.MAX_LENGTH + 1)
        .startsWith("/aaa")
        .endsWith("a\u2026");

    assertThat(RouteNormalizer.normalize("/" + "1".repeat(9_999))).isEqualTo("/{id}\u2026");

    String ids = RouteNormalizer.normalize("/x/" + "1/".repeat(5_000));
    assertThat(ids).startsWith("/x/{id}/{id}/").endsWith("\u2026");
    assertThat(ids.length()).isLessThan(3 * RouteNormalizer.MAX_LENGTH);
  }

  @Test
  void aPathOfExactlyTheCapIsNotCut() {
    String path = "/" + "a".repeat(RouteNormalizer.MAX_LENGTH - 1);
    assertThat(RouteNormalizer.normalize(path)).isSameAs(path);
  }

  @Test
  void dropsTheQueryBeforeCutting() {
    assertThat(RouteNormalizer.normalize("/posts/1?q=" + "x".repeat(10_000)))
        .isEqualTo("/posts/{id}");
  }

  @Test
  void neverCutsASurrogatePairInHalf() {
    String path = "/" + "a".repeat(510) + "\uD83D\uDE00" + "b";
    assertThat(RouteNormalizer.normalize(path)).isEqualTo("/" + "a".repeat(510) + "\u2026");
  }
}
