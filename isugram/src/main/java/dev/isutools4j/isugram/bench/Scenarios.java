package dev.isutools4j.isugram.bench;

import dev.isutools4j.isugram.data.Images;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * What simulated users do, each flow checking every answer. One instance per worker, with its own
 * browsers: an anonymous one, a user's and an admin's. Not thread-safe.
 */
final class Scenarios {

  static final String WRONG_LOGIN = "アカウント名かパスワードが間違っています";
  private static final String[] MIMES = {Images.JPEG, Images.PNG, Images.GIF};
  private static final AtomicLong SERIAL = new AtomicLong();

  /** What a run's workers share; the journal takes every request of their browsers. */
  record Shared(Score score, Accounts accounts, SeenPosts seen, Set<String> banned, String nonce,
      Journal journal) {}

  /** A logged-in session: its CSRF token and the index it saw. */
  record LoggedIn(String name, String csrf, List<Checks.PostView> posts) {}

  final Shared shared;
  final Score score;
  final Accounts accounts;
  final SplittableRandom random;
  final Agent anon;
  final Agent user;
  final Agent admin;

  Scenarios(URI base, long deadlineNanos, Shared shared, long seed) {
    this.shared = shared;
    this.score = shared.score();
    this.accounts = shared.accounts();
    this.random = new SplittableRandom(seed);
    this.anon = new Agent(base, deadlineNanos, shared.journal());
    this.user = new Agent(base, deadlineNanos, shared.journal());
    this.admin = new Agent(base, deadlineNanos, shared.journal());
  }

  void ok(Response response) {
    score.ok(response.kind());
  }

  // ---------------------------------------------------------------- flows

  /** The index logged out, its pictures, and the page before it. */
  void browse() {
    Response r = anon.get("/");
    Document page = Checks.page(r);
    Checks.loggedOut(r, page);
    List<Checks.PostView> posts = checkList(r, page, null);
    if (page.selectFirst("form[enctype=multipart/form-data] input[name=csrf_token]") == null) {
      throw Checks.fail(r, "the post form has no input[name=csrf_token]");
    }
    ok(r);
    loadImages(anon, posts);
    String max = page.select("div.isu-post").last().attr("data-created-at");
    Response more = anon.get("/posts?max_created_at=" + URLEncoder.encode(max, StandardCharsets.UTF_8));
    Document fragment = Checks.page(more);
    if (fragment.selectFirst(".isu-submit, .header") != null) {
      throw Checks.fail(more, "a fragment of posts, not a whole page, is expected");
    }
    List<Checks.PostView> older = checkList(more, fragment, null);
    for (Checks.PostView post : older) {
      if (post.createdAt().isAfter(java.time.OffsetDateTime.parse(max))) {
        throw Checks.fail(more, "post " + post.id() + " is newer than max_created_at");
      }
    }
    ok(more);
    loadImages(anon, older);
  }

  /** A post's own page with all its comments, then its author's page. */
  void viewPost() {
    int id = shared.seen().random(random);
    if (id == 0) {
      browse();
      return;
    }
    Response r = anon.get("/posts/" + id);
    Document page = Checks.page(r);
    List<Checks.PostView> posts = Checks.posts(r, page, -1, null);
    if (posts.size() != 1 || posts.get(0).id() != id) {
      throw Checks.fail(r, "expected exactly post " + id);
    }
    ok(r);
    loadImages(anon, posts);
    String author = posts.get(0).author();
    Response u = anon.get("/@" + author);
    Document userPage = Checks.page(u);
    Element name = userPage.selectFirst(".isu-user-account-name");
    if (name == null || !name.text().contains(author)) {
      throw Checks.fail(u, "no .isu-user-account-name with " + author);
    }
    long postCount = number(u, userPage, ".isu-post-count");
    number(u, userPage, ".isu-comment-count");
    number(u, userPage, ".isu-commented-count");
    List<Checks.PostView> own = Checks.posts(u, userPage, 3, null);
    if (own.isEmpty() || own.size() > 20 || own.size() > postCount) {
      throw Checks.fail(u, own.size() + " posts shown for a post count of " + postCount);
    }
    for (Checks.PostView post : own) {
      if (!post.author().equals(author)) {
        throw Checks.fail(u, "a post of " + post.author() + " on the page of " + author);
      }
    }
    ok(u);
  }

  /** A plain user logs in and comments on a post of the index. */
  void comment() {
    LoggedIn in = logIn(user, accounts.name(accounts.randomPlain(random)));
    Checks.PostView target = in.posts().get(random.nextInt(in.posts().size()));
    String text = "comment " + shared.nonce() + " " + SERIAL.incrementAndGet();
    Response r = user.postForm("/comment",
        List.of(Map.entry("post_id", Integer.toString(target.id())), Map.entry("comment", text),
            Map.entry("csrf_token", in.csrf())));
    Checks.redirect(r, "/posts/" + target.id());
    ok(r);
    Response p = user.get("/posts/" + target.id());
    Document page = Checks.page(p);
    Checks.loggedInAs(p, page, in.name());
    List<Checks.PostView> posts = Checks.posts(p, page, -1, in.csrf());
    if (posts.size() != 1 || !posts.get(0).comments().contains(text)) {
      throw Checks.fail(p, "the new comment is not shown");
    }
    ok(p);
  }

  /** A plain user uploads a picture, finds it, then tries once with a wrong token. */
  void upload() {
    LoggedIn in = logIn(user, accounts.name(accounts.randomPlain(random)));
    String mime = MIMES[random.nextInt(MIMES.length)];
    Images.Image image = Images.make(mime, random.nextLong());
    String body = "upload " + shared.nonce() + " " + SERIAL.incrementAndGet();
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("body", body);
    fields.put("csrf_token", in.csrf());
    Response r = user.postUpload("/", fields, "file", "picture." + image.extension(), mime, image.bytes(),
        Score.Kind.UPLOAD);
    int id = Checks.redirectToPost(r);
    ok(r);
    Response p = user.get("/posts/" + id);
    Document page = Checks.page(p);
    List<Checks.PostView> posts = Checks.posts(p, page, -1, in.csrf());
    if (posts.size() != 1 || posts.get(0).id() != id || !posts.get(0).author().equals(in.name())) {
      throw Checks.fail(p, "the new post is not shown with its author");
    }
    Element text = page.selectFirst(".isu-post-text");
    if (text == null || !text.text().contains(body)) {
      throw Checks.fail(p, "the new post's text is not shown");
    }
    if (!posts.get(0).imageSrc().endsWith("." + image.extension())) {
      throw Checks.fail(p, "the new picture has the wrong extension: " + posts.get(0).imageSrc());
    }
    ok(p);
    Response i = user.get(posts.get(0).imageSrc());
    Checks.image(i, posts.get(0).imageSrc());
    if (!Arrays.equals(i.body(), image.bytes())) {
      throw Checks.fail(i, "the picture differs from the one uploaded");
    }
    ok(i);
    shared.seen().add(id);
    fields.put("csrf_token", in.csrf() + "0");
    Response bad = user.postUpload("/", fields, "file", "picture." + image.extension(), mime, image.bytes(),
        Score.Kind.POST);
    Checks.status(bad, 422);
    ok(bad);
  }

  /** A wrong password, or a banned user's right one, is refused with the flash. */
  void failedLogin() {
    user.newSession();
    String name;
    String password;
    if (random.nextBoolean()) {
      name = accounts.name(accounts.randomPlain(random));
      password = Accounts.password(name) + "x";
    } else {
      name = accounts.name(accounts.randomBanned(random));
      password = Accounts.password(name);
    }
    Response r = user.postForm("/login", List.of(Map.entry("account_name", name), Map.entry("password", password)));
    Checks.redirect(r, "/login");
    ok(r);
    Response page = user.get("/login");
    Document login = Checks.page(page);
    Checks.loggedOut(page, login);
    String notice = Checks.notice(page, login);
    if (!notice.equals(WRONG_LOGIN)) {
      throw Checks.fail(page, "#notice-message is \"" + notice + "\", expected \"" + WRONG_LOGIN + "\"");
    }
    ok(page);
  }

  /** A plain user may not open the admin page. */
  void forbidden() {
    logIn(user, accounts.name(accounts.randomPlain(random)));
    Response r = user.get("/admin/banned");
    Checks.status(r, 403);
    ok(r);
  }

  /** A new user registers; an admin bans them; their page is gone. */
  void ban() {
    String name = "u" + shared.nonce() + "_" + SERIAL.incrementAndGet();
    user.newSession();
    Response r = user.postForm("/register",
        List.of(Map.entry("account_name", name), Map.entry("password", name + "_pw")));
    Checks.redirect(r, "/");
    ok(r);
    Response home = user.get("/");
    Checks.loggedInAs(home, Checks.page(home), name);
    ok(home);

    logIn(admin, accounts.name(accounts.randomAdmin(random)));
    Response list = admin.get("/admin/banned");
    Document page = Checks.page(list);
    Element box = page.selectFirst("input[name=\"uid[]\"][data-account-name=\"" + name + "\"]");
    if (box == null) {
      throw Checks.fail(list, "no input[name=\"uid[]\"] with data-account-name of a new user");
    }
    String csrf = Checks.formCsrf(list, page, "form[action=\"/admin/banned\"]");
    ok(list);
    Response post = admin.postForm("/admin/banned",
        List.of(Map.entry("uid[]", box.attr("value")), Map.entry("csrf_token", csrf)));
    Checks.redirect(post, "/admin/banned");
    ok(post);
    shared.banned().add(name);
    Response again = admin.get("/admin/banned");
    if (Checks.page(again).selectFirst("input[name=\"uid[]\"][data-account-name=\"" + name + "\"]") != null) {
      throw Checks.fail(again, "a banned user is still listed");
    }
    ok(again);
    Response gone = anon.get("/@" + name);
    Checks.status(gone, 404);
    ok(gone);
  }

  /** Runs flows in a fixed rotation, starting at {@code offset}, until the deadline. */
  void loop(int offset) {
    loop(offset, Long.MAX_VALUE);
  }

  /** Runs {@code flows} flows of the rotation, starting at {@code offset}, or fewer at the deadline. */
  void loop(int offset, long flows) {
    Runnable[] rotation = {
      this::browse, this::viewPost, this::browse, this::comment, this::viewPost, this::browse, this::upload,
      this::failedLogin, this::browse, this::viewPost, this::forbidden, this::browse, this::ban,
    };
    for (long step = offset; step - offset < flows; step++) {
      try {
        rotation[(int) (step % rotation.length)].run();
      } catch (DeadlineReached e) {
        return;
      } catch (CheckFailed e) {
        score.failedCheck(e.getMessage());
      } catch (Unreachable e) {
        score.unreachable(e.getMessage());
        pause();
      } catch (RuntimeException e) {
        score.failedCheck("unexpected answer: " + e);
      }
    }
  }

  // ---------------------------------------------------------------- parts

  LoggedIn logIn(Agent agent, String name) {
    agent.newSession();
    Response r = agent.postForm("/login",
        List.of(Map.entry("account_name", name), Map.entry("password", Accounts.password(name))));
    Checks.redirect(r, "/");
    ok(r);
    Response home = agent.get("/");
    Document page = Checks.page(home);
    Checks.loggedInAs(home, page, name);
    String csrf = Checks.formCsrf(home, page, "form[enctype=multipart/form-data]");
    if (csrf.isEmpty()) {
      throw Checks.fail(home, "empty csrf_token for a logged-in user");
    }
    List<Checks.PostView> posts = checkList(home, page, csrf);
    ok(home);
    return new LoggedIn(name, csrf, posts);
  }

  /** A list of posts: 1 to 20, none by a banned user. */
  private List<Checks.PostView> checkList(Response r, Document page, String csrf) {
    List<Checks.PostView> posts = Checks.posts(r, page, 3, csrf);
    if (posts.isEmpty() || posts.size() > 20) {
      throw Checks.fail(r, posts.size() + " posts, expected 1 to 20");
    }
    for (Checks.PostView post : posts) {
      if (accounts.banned(post.author()) || shared.banned().contains(post.author())) {
        throw Checks.fail(r, "a post of a banned user is listed");
      }
      shared.seen().add(post.id());
    }
    return posts;
  }

  private void loadImages(Agent agent, List<Checks.PostView> posts) {
    for (Checks.PostView post : posts) {
      Response r = agent.getCached(post.imageSrc());
      Checks.image(r, post.imageSrc());
      ok(r);
    }
  }

  private long number(Response r, Document page, String selector) {
    Element element = page.selectFirst(selector);
    try {
      return Long.parseLong(element == null ? "" : element.text().trim());
    } catch (NumberFormatException e) {
      throw Checks.fail(r, "no number in " + selector);
    }
  }

  void expectStatus(Response r, int status) {
    Checks.status(r, status);
    ok(r);
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeadlineReached();
    }
  }
}
