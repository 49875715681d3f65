package dev.isutools4j.isugram;

import static dev.isutools4j.isugram.IsugramJvm.jar;
import static dev.isutools4j.isugram.IsugramJvm.java;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.TimelineLines;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.isugram.Browser.Page;
import dev.isutools4j.isugram.data.Images;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * isugram at tuning level 0 (its N+1 post lists, a users lookup per comment), its packaged jar in
 * a JVM of its own with the library, a bounded set of requests between reset and save: each kept
 * request's timeline lists the statements the app runs for it, in order, with their rows, as the
 * pages it answered show them: a logged-in user's requests read the session's user first, a comment
 * and a new post are one INSERT after it; the index's N+1 loop collapses into one line with its
 * exact count; a timeline beyond the statement limit counts the rest.
 */
class TracesIT {

  /** The data set's posts: ids 1..100 at scale 0.01, each created a second after the one before. */
  private static final int POSTS = 100;

  private static final String NEWEST = fp("SELECT id, user_id, body, mime, created_at FROM posts ORDER BY created_at DESC");
  private static final String BEFORE = fp("SELECT id, user_id, body, mime, created_at FROM posts WHERE created_at <= ? ORDER BY created_at DESC");
  private static final String POST = fp("SELECT * FROM posts WHERE id = ?");
  private static final String COUNT = fp("SELECT COUNT(*) AS count FROM comments WHERE post_id = ?");
  private static final String THREE_COMMENTS = fp("SELECT * FROM comments WHERE post_id = ? ORDER BY created_at DESC LIMIT 3");
  private static final String ALL_COMMENTS = fp("SELECT * FROM comments WHERE post_id = ? ORDER BY created_at DESC");
  private static final String USER = fp("SELECT * FROM users WHERE id = ?");
  private static final String LOGIN = fp("SELECT * FROM users WHERE account_name = ? AND del_flg = 0");
  private static final String ADD_COMMENT = fp("INSERT INTO comments (post_id, user_id, comment, created_at) VALUES (?, ?, ?, ?)");
  private static final String ADD_POST = fp("INSERT INTO posts (user_id, mime, imgdata, body, created_at) VALUES (?, ?, ?, ?, ?)");

  private static Path work;
  private static Path data;

  private static String fp(String sql) {
    return Fingerprint.of(sql);
  }

  @BeforeAll
  static void load() throws Exception {
    work = Files.createDirectories(Path.of("target", "traces-it"));
    data = Files.createTempDirectory(work, "data");
    Process load = new ProcessBuilder(java(), "-jar", jar("isugram.jar").toString(), "load",
        "--data-dir", data.toString(), "--scale", "0.01")
        .redirectErrorStream(true).redirectOutput(work.resolve("load.log").toFile()).start();
    assertThat(load.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(load.exitValue()).as("isugram load, see " + work.resolve("load.log")).isZero();
  }

  private static IsugramJvm serve(List<String> jvmArgs) throws Exception {
    return IsugramJvm.serve(work, jvmArgs, List.of("--data-dir", data.toString(), "--tuning", "0"));
  }

  private static TracesSection traces(Snapshot run) {
    return run.section(TracesSection.class).orElseThrow();
  }

  private static Request only(TracesSection traces, String method, String path) {
    List<Request> found = traces.requests().stream()
        .filter(r -> r.method().equals(method) && r.path().equals(path)).toList();
    assertThat(found).as(method + " " + path + " among " + traces.requests().stream()
        .map(r -> r.method() + " " + r.path()).toList()).hasSize(1);
    return found.get(0);
  }

  /** A step of a timeline as the test compares it: fingerprint and rows. */
  private static String step(String fingerprint, long rows) {
    return fingerprint + " | rows " + rows;
  }

  private static List<String> steps(Request r) {
    return r.timeline().stream().map(s -> step(s.fingerprint(), s.rows())).toList();
  }

  /** What GET /posts/{id} runs for a post with {@code comments} comments, not logged in. */
  private static List<String> postPage(int comments) {
    List<String> out = new ArrayList<>(List.of(step(POST, 1), step(COUNT, 1), step(ALL_COMMENTS, comments)));
    for (int i = 0; i <= comments; i++) {
      out.add(step(USER, 1)); // each comment's author, then the post's
    }
    return out;
  }

  @Test
  void eachKeptRequestListsTheStatementsItRanInOrder() throws Exception {
    try (IsugramJvm app = serve(List.of())) {
      app.reset();
      Browser browser = new Browser(app.base());
      Document index = browser.get("/").html();
      List<Element> shown = index.select("div.isu-post");
      assertThat(shown).hasSize(20);
      List<String> postLinks = new ArrayList<>();
      for (Element post : shown.subList(0, 3)) {
        postLinks.add(post.selectFirst("a.isu-post-permalink").attr("href"));
      }
      List<Document> postPages = new ArrayList<>();
      for (String link : postLinks) {
        postPages.add(browser.get(link).html());
      }
      Element last = shown.get(shown.size() - 1);
      int lastShown = Integer.parseInt(last.id().substring("pid_".length()));
      String before = "/posts?max_created_at=" + URLEncoder.encode(last.attr("data-created-at"), StandardCharsets.UTF_8)
          + "&token=abc";
      assertThat(browser.get(before).status()).isEqualTo(200);
      String account = shown.get(0).selectFirst("a.isu-post-account-name").text();
      Page login = browser.post("/login", "account_name", account, "password", account + account);
      assertThat(login.status()).isEqualTo(302);
      assertThat(login.redirectPath()).as("logged in").isEqualTo("/");
      // Logged in: another post's page (its comment form holds the session's token), a comment on
      // that post, and a new post with a picture.
      String commented = shown.get(3).selectFirst("a.isu-post-permalink").attr("href");
      Document commentedPage = browser.get(commented).html();
      String csrf = commentedPage.selectFirst("form[action=/comment] input[name=csrf_token]").attr("value");
      assertThat(csrf).isNotEmpty();
      String postId = commentedPage.selectFirst("form[action=/comment] input[name=post_id]").attr("value");
      Page comment = browser.post("/comment", "post_id", postId, "comment", "a comment", "csrf_token", csrf);
      assertThat(comment.status()).isEqualTo(302);
      assertThat(comment.redirectPath()).as("commented").isEqualTo(commented);
      Images.Image picture = Images.make(Images.PNG, 1);
      Page upload = browser.upload("/", picture.mime(), picture.bytes(), "body", "a picture", "csrf_token", csrf);
      assertThat(upload.status()).isEqualTo(302);
      assertThat(upload.redirectPath()).as("posted").matches("/posts/\\d+");
      TracesSection traces = traces(SnapshotJson.read(Files.readString(app.save())));

      // Each post's page: the post, its comment count, its comments, a users lookup per comment
      // and one for the post's author.
      for (int i = 0; i < postLinks.size(); i++) {
        int comments = postPages.get(i).select(".isu-comment").size();
        assertThat(postPages.get(i).selectFirst(".isu-post-comment-count b").text())
            .isEqualTo(String.valueOf(comments));
        Request post = only(traces, "GET", postLinks.get(i));
        assertThat(post.route()).isEqualTo("/posts/{id}");
        assertThat(post.status()).isEqualTo(200);
        assertThat(steps(post)).as(postLinks.get(i)).containsExactlyElementsOf(postPage(comments));
        assertThat(post.statements()).isEqualTo(post.timeline().size());
      }

      // The index: every post read, then for each post from the newest until 20 are shown (posts of
      // banned users are skipped) its count, its three newest comments and their authors' and its
      // author's lookups.
      Request first = only(traces, "GET", "/");
      assertNewestLoop(first, shown, lastShown);

      Request page = only(traces, "GET", "/posts?max_created_at="
          + URLEncoder.encode(last.attr("data-created-at"), StandardCharsets.UTF_8) + "&token=***");
      assertThat(page.route()).isEqualTo("/posts");
      assertThat(steps(page).get(0)).as("every post up to the last one shown").isEqualTo(step(BEFORE, lastShown));

      Request loggedIn = only(traces, "POST", "/login");
      assertThat(loggedIn.status()).isEqualTo(302);
      assertThat(steps(loggedIn)).containsExactly(step(LOGIN, 1));

      // Logged in, a post's page reads the post as before, then the session's user.
      Request commentedPost = only(traces, "GET", commented);
      List<String> withMe = new ArrayList<>(postPage(commentedPage.select(".isu-comment").size()));
      withMe.add(step(USER, 1));
      assertThat(steps(commentedPost)).containsExactlyElementsOf(withMe);

      // A comment and a new post: the session's user, then the one INSERT.
      Request added = only(traces, "POST", "/comment");
      assertThat(added.route()).isEqualTo("/comment");
      assertThat(added.status()).isEqualTo(302);
      assertThat(steps(added)).containsExactly(step(USER, 1), step(ADD_COMMENT, 1));
      Request posted = only(traces, "POST", "/");
      assertThat(posted.route()).isEqualTo("/");
      assertThat(posted.status()).isEqualTo(302);
      assertThat(steps(posted)).containsExactly(step(USER, 1), step(ADD_POST, 1));
      assertThat(traces.requests()).hasSize(9).allSatisfy(r -> {
        assertThat(r.top()).isTrue();
        assertThat(r.dropped()).isZero();
      });
    }
  }

  /** GET /'s timeline, statement by statement, and as the page shows it: its N+1 loop, counted. */
  private static void assertNewestLoop(Request index, List<Element> shown, int lastShown) {
    List<String> steps = steps(index);
    assertThat(steps.get(0)).isEqualTo(step(NEWEST, POSTS));
    int scanned = POSTS - lastShown + 1;
    int at = 1;
    int users = 0;
    for (int id = POSTS; id >= lastShown; id--) {
      assertThat(steps.get(at++)).as("post %d", id).isEqualTo(step(COUNT, 1));
      String comments = steps.get(at++);
      assertThat(comments).as("post %d", id).startsWith(THREE_COMMENTS + " | rows ");
      int read = Integer.parseInt(comments.substring(comments.lastIndexOf(' ') + 1));
      int postId = id;
      shown.stream().filter(p -> p.id().equals("pid_" + postId)).findFirst().ifPresent(p ->
          assertThat(p.select(".isu-comment")).as("post %d's comments shown", postId).hasSize(read));
      for (int i = 0; i <= read; i++) {
        assertThat(steps.get(at++)).as("post %d", id).isEqualTo(step(USER, 1));
        users++;
      }
    }
    assertThat(at).as("nothing after the loop").isEqualTo(steps.size());
    assertThat(index.statements()).isEqualTo(steps.size());

    List<TimelineLines.Line> lines = TimelineLines.of(index.timeline());
    assertThat(lines).hasSize(2);
    TimelineLines.Line loop = lines.get(1);
    assertThat(loop.repeats()).as("one turn per post read").isEqualTo(scanned);
    assertThat(loop.parts()).extracting(TimelineLines.Part::fingerprint, TimelineLines.Part::count)
        .containsExactly(tuple(COUNT, scanned),
            tuple(THREE_COMMENTS, scanned),
            tuple(USER, users));
  }

  @Test
  void aRequestBeyondTheStatementLimitCountsTheRest() throws Exception {
    int limit = 40;
    try (IsugramJvm app = serve(List.of("-Disutools.traces.statements=" + limit))) {
      app.reset();
      assertThat(app.get("/").statusCode()).isEqualTo(200);
      Snapshot run = SnapshotJson.read(Files.readString(app.save()));
      HttpRow row = run.http().stream().filter(r -> r.method().equals("GET") && r.route().equals("/"))
          .findFirst().orElseThrow();
      assertThat(row.time().count()).isEqualTo(1);
      Request index = only(traces(run), "GET", "/");
      assertThat(traces(run).statementLimit()).isEqualTo(limit);
      assertThat(index.statements()).as("every statement the request ran").isEqualTo(row.maxQueriesPerRequest())
          .isGreaterThan(limit);
      assertThat(index.timeline()).hasSize(limit);
      assertThat(index.dropped()).isEqualTo(row.maxQueriesPerRequest() - limit);
      // The statements kept are the first ones: every post read, then the loop.
      assertThat(index.timeline().subList(0, 3)).extracting(TracesSection.Statement::fingerprint)
          .containsExactly(NEWEST, COUNT, THREE_COMMENTS);
    }
  }
}
