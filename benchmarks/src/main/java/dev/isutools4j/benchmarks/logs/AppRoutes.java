package dev.isutools4j.benchmarks.logs;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The route templates of the app behind {@link HttpLoad}'s nginx, as its HTTP table would name
 * them (Spring's syntax), and a saved run holding them for {@code alp --routes-from}: the routes
 * the load sends to (posts, comments, users, images, lists, search, login, errors) and as many
 * again that no line of the log matches, as a real app has.
 */
final class AppRoutes {

  private static final List<String> SENT = List.of("GET /api/posts/{id}", "DELETE /api/posts/{id}",
      "GET /api/posts/{id}/comments", "GET /api/users/{name}", "GET /api/posts", "POST /api/posts",
      "GET /api/search", "GET /api/fail", "GET /api/busy", "POST /login", "GET /image/{id}.{ext}",
      "GET /");
  private static final List<String> OTHERS = List.of("GET /login", "GET /logout", "GET /register",
      "POST /register", "GET /@{accountName}", "GET /posts", "GET /posts/{id}", "POST /comment",
      "GET /admin/banned", "POST /admin/banned", "GET /initialize", "PUT /api/posts/{id}",
      "GET /api/users/{name}/posts", "GET /api/tags/{tag}", "GET /api/posts/{id}/likes",
      "POST /api/posts/{id}/likes", "GET /api/me", "GET /api/notifications");

  private AppRoutes() {}

  /**
   * Every template, {@code "METHOD route"}, with {@code postId} for the post's variable and
   * {@code userName} for the user's ({@code {id}} and {@code {name}}, or with a regex).
   */
  static List<String> keys(String postId, String userName) {
    List<String> out = new ArrayList<>();
    for (String key : SENT) {
      out.add(key.replace("/api/posts/{id}", "/api/posts/" + postId)
          .replace("/api/users/{name}", "/api/users/" + userName));
    }
    out.addAll(OTHERS);
    return out;
  }

  /** Every template with plain variables. */
  static List<String> keys() {
    return keys("{id}", "{name}");
  }

  /** Writes a run whose HTTP table holds {@link #keys()}; returns its file. */
  static Path write(Path dir) throws IOException {
    List<HttpRow> http = new ArrayList<>();
    for (String key : keys()) {
      int space = key.indexOf(' ');
      http.add(new HttpRow(key.substring(0, space), key.substring(space + 1),
          new LatencySummary(1, 1, 1, 1, 1, 1, 1, 1), new long[] {0, 1, 0, 0, 0}, 0, 0, 0, 0, false,
          List.of()));
    }
    RunMeta meta = new RunMeta("logspeed-routes", Instant.EPOCH, Instant.EPOCH, null, null, null,
        false, "the routes of the app behind HttpLoad's nginx", http.size(), 0, 0);
    Path file = dir.resolve("routes-run.json");
    Files.writeString(file, SnapshotJson.write(new Snapshot(meta, List.of(), http, List.of(), Map.of())));
    return file;
  }
}
