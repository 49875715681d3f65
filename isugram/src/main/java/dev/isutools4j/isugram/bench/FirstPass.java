package dev.isutools4j.isugram.bench;

import dev.isutools4j.isugram.data.Images;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The first pass of a run: every flow once, plus the answers that only need checking once (static
 * files, 404s, 400s, redirects of anonymous posts, validation flashes, logout).
 */
final class FirstPass {

  private final Scenarios s;

  FirstPass(Scenarios scenarios) {
    this.s = scenarios;
  }

  /** Every flow once, then the answers that only need checking once. */
  void run() {
    for (String asset : List.of("/css/style.css", "/js/main.js", "/js/timeago.min.js", "/favicon.ico",
        "/img/ajax-loader.gif")) {
      Response r = s.anon.get(asset);
      Checks.status(r, 200);
      if (r.body().length == 0) {
        throw Checks.fail(r, "empty");
      }
      s.ok(r);
    }
    for (String path : List.of("/login", "/register")) {
      Response r = s.anon.get(path);
      Checks.loggedOut(r, Checks.page(r));
      s.ok(r);
    }
    s.browse();
    s.viewPost();
    s.comment();
    s.upload();
    s.failedLogin();
    s.forbidden();
    s.ban();
    edgeCases();
  }

  private void edgeCases() {
    s.expectStatus(s.anon.get("/posts/0"), 404);
    s.expectStatus(s.anon.get("/@" + s.accounts.name(s.accounts.randomBanned(s.random))), 404);
    s.expectStatus(s.anon.get("/@no_such_user_" + s.shared.nonce()), 404);
    s.expectStatus(s.anon.get("/posts?max_created_at=yesterday"), 400);
    s.expectStatus(s.anon.get("/posts?max_created_at=" + URLEncoder.encode("2000-01-01T00:00:00+09:00",
        StandardCharsets.UTF_8)), 404);
    int id = s.shared.seen().random(s.random);
    Response listed = s.anon.get("/posts/" + id);
    String src = Checks.posts(listed, Checks.page(listed), -1, null).get(0).imageSrc();
    s.ok(listed);
    String wrong = src.endsWith(".jpg") ? src.replace(".jpg", ".png") : src.replaceAll("\\.(png|gif)$", ".jpg");
    s.expectStatus(s.anon.get(wrong), 404);

    s.anon.newSession();
    Response comment = s.anon.postForm("/comment", List.of(Map.entry("post_id", Integer.toString(id)),
        Map.entry("comment", "anonymous"), Map.entry("csrf_token", "")));
    Checks.redirect(comment, "/login");
    s.ok(comment);
    Response upload = s.anon.postUpload("/", Map.of("body", "anonymous", "csrf_token", ""), "file", "a.gif",
        Images.GIF, Images.make(Images.GIF, 1).bytes(), Score.Kind.POST);
    Checks.redirect(upload, "/login");
    s.ok(upload);
    Response adminPage = s.anon.get("/admin/banned");
    Checks.redirect(adminPage, "/");
    s.ok(adminPage);

    Response register = s.anon.postForm("/register", List.of(Map.entry("account_name", "ab"),
        Map.entry("password", "password")));
    Checks.redirect(register, "/register");
    s.ok(register);
    Response registerPage = s.anon.get("/register");
    Checks.notice(registerPage, Checks.page(registerPage));
    s.ok(registerPage);

    Scenarios.LoggedIn in = s.logIn(s.user, s.accounts.name(s.accounts.randomPlain(s.random)));
    Response comment422 = s.user.postForm("/comment", List.of(Map.entry("post_id", Integer.toString(id)),
        Map.entry("comment", "wrong token"), Map.entry("csrf_token", in.csrf() + "0")));
    Checks.status(comment422, 422);
    s.ok(comment422);
    Checks.redirect(s.user.get("/login"), "/");
    s.score.ok(Score.Kind.GET);
    Response logout = s.user.get("/logout");
    Checks.redirect(logout, "/");
    s.ok(logout);
    Response after = s.user.get("/");
    Checks.loggedOut(after, Checks.page(after));
    s.ok(after);
  }
}
