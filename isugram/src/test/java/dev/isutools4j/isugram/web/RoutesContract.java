package dev.isutools4j.isugram.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.isugram.Browser;
import dev.isutools4j.isugram.Browser.Page;
import dev.isutools4j.isugram.Isugram;
import dev.isutools4j.isugram.MariaDbData;
import dev.isutools4j.isugram.ServeOptions;
import dev.isutools4j.isugram.data.AccountNames;
import dev.isutools4j.isugram.data.Images;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every route as the spec states it, run against one tuning level per subclass, on MariaDB. */
abstract class RoutesContract {

  private static final double SCALE = 0.05;
  private static final List<String> NAMES = AccountNames.first(100);
  private static MariaDbData data;
  private static Isugram.Running app;

  @TempDir
  static Path dataDir;

  abstract int level();

  @BeforeEach
  void startOnce() throws Exception {
    if (app == null || app.options().tuning().level() != level()) {
      if (app != null) {
        app.stop();
      }
      data = MariaDbData.load("routes" + level(), SCALE);
      app = Isugram.start(ServeOptions.defaults().withDb(data.url()).withPort(0).withTuning(level())
          .withDataDir(dataDir));
    }
    assertThat(new Browser(app.url()).get("/initialize").status()).isEqualTo(200);
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.stop();
      app = null;
    }
  }

  private static String name(int id) {
    return NAMES.get(id - 1);
  }

  private static Browser browser() {
    return new Browser(app.url());
  }

  /** A browser logged in as user {@code id}, and its CSRF token. */
  private static Browser loggedIn(int id, String[] csrf) {
    Browser browser = browser();
    Page login = browser.post("/login", "account_name", name(id), "password", name(id) + name(id));
    assertThat(login.status()).isEqualTo(302);
    assertThat(login.redirectPath()).isEqualTo("/");
    Document home = browser.get("/").html();
    assertThat(home.select(".isu-account-name").text()).isEqualTo(name(id));
    csrf[0] = home.select("form[enctype=multipart/form-data] input[name=csrf_token]").attr("value");
    assertThat(csrf[0]).isNotEmpty();
    return browser;
  }

  private static long count(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(data.url()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void indexShowsTwentyVisiblePostsNewestFirstWithTheirHooks() {
    Page page = browser().get("/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.contentType()).startsWith("text/html");
    Document html = page.html();
    assertThat(html.select(".isu-account-name")).isEmpty();
    assertThat(html.select("form[enctype=multipart/form-data] input[name=csrf_token]")).hasSize(1);
    List<Element> posts = html.select("div.isu-post");
    assertThat(posts).hasSize(20);
    String previous = "9999";
    for (Element post : posts) {
      String id = post.id().substring("pid_".length());
      assertThat(post.id()).matches("pid_\\d+");
      assertThat(post.attr("data-created-at")).matches("2016-01-02T\\d\\d:\\d\\d:\\d\\d\\+09:00");
      assertThat(post.attr("data-created-at")).isLessThanOrEqualTo(previous);
      previous = post.attr("data-created-at");
      assertThat(post.select("a.isu-post-permalink").attr("href")).isEqualTo("/posts/" + id);
      assertThat(post.select("img.isu-image").attr("src")).matches("/image/" + id + "\\.(jpg|png|gif)");
      assertThat(post.select(".isu-comment-form input[name=post_id]").attr("value")).isEqualTo(id);
      assertThat(post.select(".isu-comment-form input[name=csrf_token]")).hasSize(1);
      assertThat(post.select(".isu-comment").size()).isLessThanOrEqualTo(3);
      String author = post.select(".isu-post-account-name").first().text();
      int authorId = NAMES.indexOf(author) + 1;
      assertThat(authorId % 50).as("no post of a banned user").isNotZero();
    }
  }

  @Test
  void loginLogsInOrFlashesAndLogoutLogsOut() {
    String[] csrf = new String[1];
    Browser user = loggedIn(20, csrf);
    Page again = user.get("/login");
    assertThat(again.status()).isEqualTo(302);
    assertThat(again.redirectPath()).isEqualTo("/");
    Page logout = user.get("/logout");
    assertThat(logout.status()).isEqualTo(302);
    assertThat(logout.redirectPath()).isEqualTo("/");
    assertThat(user.get("/").html().select(".isu-account-name")).isEmpty();

    Browser wrong = browser();
    Page failed = wrong.post("/login", "account_name", name(20), "password", "nope");
    assertThat(failed.redirectPath()).isEqualTo("/login");
    assertThat(wrong.get("/login").html().select("#notice-message").text())
        .isEqualTo("アカウント名かパスワードが間違っています");
    assertThat(wrong.get("/login").html().select("#notice-message")).as("a flash shows once").isEmpty();

    Browser banned = browser();
    assertThat(banned.post("/login", "account_name", name(50), "password", name(50) + name(50)).redirectPath())
        .isEqualTo("/login");
  }

  @Test
  void registerValidatesRejectsTakenNamesAndLogsIn() {
    Browser browser = browser();
    Page invalid = browser.post("/register", "account_name", "ab", "password", "password");
    assertThat(invalid.redirectPath()).isEqualTo("/register");
    assertThat(browser.get("/register").html().select("#notice-message").text()).isNotEmpty();
    Page shortPassword = browser.post("/register", "account_name", "fresh_name_a", "password", "12345");
    assertThat(shortPassword.redirectPath()).isEqualTo("/register");
    browser.get("/register");
    Page taken = browser.post("/register", "account_name", name(30), "password", "password");
    assertThat(taken.redirectPath()).isEqualTo("/register");
    assertThat(browser.get("/register").html().select("#notice-message").text()).contains("すでに");
    Page ok = browser.post("/register", "account_name", "fresh_name_b", "password", "password_b");
    assertThat(ok.status()).isEqualTo(302);
    assertThat(ok.redirectPath()).isEqualTo("/");
    assertThat(browser.get("/").html().select(".isu-account-name").text()).isEqualTo("fresh_name_b");
  }

  @Test
  void uploadChecksLoginTokenFileTypeAndSize() {
    byte[] png = Images.make(Images.PNG, 42).bytes();
    Page anonymous = browser().upload("/", Images.PNG, png, "body", "x", "csrf_token", "");
    assertThat(anonymous.redirectPath()).isEqualTo("/login");

    String[] csrf = new String[1];
    Browser user = loggedIn(21, csrf);
    assertThat(user.upload("/", Images.PNG, png, "body", "x", "csrf_token", "wrong").status()).isEqualTo(422);
    assertThat(user.upload("/", null, null, "body", "x", "csrf_token", csrf[0]).redirectPath()).isEqualTo("/");
    assertThat(user.get("/").html().select("#notice-message").text()).isEqualTo("画像が必須です");
    assertThat(user.upload("/", "text/plain", "hello".getBytes(), "body", "x", "csrf_token", csrf[0])
        .redirectPath()).isEqualTo("/");
    assertThat(user.get("/").html().select("#notice-message").text()).isEqualTo("投稿できる画像形式はjpgとpngとgifだけです");
    byte[] huge = new byte[10 * 1024 * 1024 + 1];
    assertThat(user.upload("/", Images.JPEG, huge, "body", "x", "csrf_token", csrf[0]).redirectPath()).isEqualTo("/");
    assertThat(user.get("/").html().select("#notice-message").text()).isEqualTo("ファイルサイズが大きすぎます");

    Page created = user.upload("/", Images.PNG, png, "body", "a new picture", "csrf_token", csrf[0]);
    assertThat(created.status()).isEqualTo(302);
    assertThat(created.redirectPath()).matches("/posts/\\d+");
    Document post = user.get(created.redirectPath()).html();
    assertThat(post.select(".isu-post-text").text()).contains("a new picture");
    String src = post.select("img.isu-image").attr("src");
    assertThat(src).endsWith(".png");
    Page image = browser().get(src);
    assertThat(image.status()).isEqualTo(200);
    assertThat(image.contentType()).startsWith("image/png");
    assertThat(image.body()).isEqualTo(png);
    assertThat(browser().get("/").html().select("div.isu-post").first().id())
        .isEqualTo("pid_" + created.redirectPath().substring("/posts/".length()));
  }

  @Test
  void postsPageBackFromATimeAsAFragment() {
    List<Element> index = browser().get("/").html().select("div.isu-post");
    String last = index.get(19).attr("data-created-at");
    Page more = browser().get("/posts?max_created_at=" + URLEncoder.encode(last, StandardCharsets.UTF_8));
    assertThat(more.status()).isEqualTo(200);
    Document fragment = more.html();
    assertThat(fragment.select(".header, .isu-submit")).isEmpty();
    List<Element> older = fragment.select("div.isu-post");
    assertThat(older).hasSize(20);
    assertThat(older.get(0).id()).isEqualTo(index.get(19).id());
    assertThat(older).allSatisfy(p -> assertThat(p.attr("data-created-at")).isLessThanOrEqualTo(last));
    assertThat(browser().get("/posts?max_created_at=not-a-time").status()).isEqualTo(400);
    assertThat(browser().get("/posts").status()).isEqualTo(400);
    assertThat(browser().get("/posts?max_created_at=2015-01-01T00:00:00%2B09:00").status()).isEqualTo(404);
  }

  @Test
  void aPostShowsAllItsCommentsOr404() throws Exception {
    long id = count("SELECT MIN(p.id) FROM posts p JOIN users u ON u.id = p.user_id"
        + " WHERE u.del_flg = 0 AND (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id) > 3");
    Page page = browser().get("/posts/" + id);
    assertThat(page.status()).isEqualTo(200);
    Document html = page.html();
    assertThat(html.select("div.isu-post")).hasSize(1);
    long comments = count("SELECT COUNT(*) FROM comments WHERE post_id = " + id);
    assertThat(html.select(".isu-comment")).hasSize((int) comments);
    assertThat(html.select(".isu-post-comment-count b").text()).isEqualTo(Long.toString(comments));
    assertThat(browser().get("/posts/99999999").status()).isEqualTo(404);
    long banned = count("SELECT MIN(id) FROM posts WHERE MOD(user_id, 50) = 0");
    assertThat(browser().get("/posts/" + banned).status()).as("a banned user's post").isEqualTo(404);
  }

  @Test
  void imagesAnswerWithTheirTypeOnlyAtTheRightExtension() {
    for (int id = 1; id <= 6; id++) {
      String mime = DataImages.mime(id);
      String ext = Images.extension(mime);
      Page image = browser().get("/image/" + id + "." + ext);
      assertThat(image.status()).isEqualTo(200);
      assertThat(image.contentType()).startsWith(mime);
      assertThat(image.body()).isEqualTo(DataImages.bytes(id));
      String wrong = ext.equals("jpg") ? "png" : "jpg";
      assertThat(browser().get("/image/" + id + "." + wrong).status()).isEqualTo(404);
    }
    assertThat(browser().get("/image/99999999.jpg").status()).isEqualTo(404);
  }

  @Test
  void commentsNeedLoginAndTokenThenShowUp() {
    assertThat(browser().post("/comment", "post_id", "1", "comment", "x", "csrf_token", "").redirectPath())
        .isEqualTo("/login");
    String[] csrf = new String[1];
    Browser user = loggedIn(22, csrf);
    assertThat(user.post("/comment", "post_id", "1", "comment", "x", "csrf_token", "bad").status()).isEqualTo(422);
    assertThat(user.post("/comment", "post_id", "one", "comment", "x", "csrf_token", csrf[0]).status())
        .isEqualTo(400);
    Page ok = user.post("/comment", "post_id", "2", "comment", "a fine comment", "csrf_token", csrf[0]);
    assertThat(ok.status()).isEqualTo(302);
    assertThat(ok.redirectPath()).isEqualTo("/posts/2");
    assertThat(user.get("/posts/2").html().select(".isu-comment-text").eachText()).contains("a fine comment");
  }

  @Test
  void adminBansAndOthersMayNot() {
    Page anonymous = browser().get("/admin/banned");
    assertThat(anonymous.redirectPath()).isEqualTo("/");
    String[] csrf = new String[1];
    assertThat(loggedIn(23, csrf).get("/admin/banned").status()).isEqualTo(403);

    Browser admin = loggedIn(1, csrf);
    Document list = admin.get("/admin/banned").html();
    List<Element> boxes = list.select("input[name=\"uid[]\"]");
    assertThat(boxes).isNotEmpty();
    assertThat(boxes).allSatisfy(box -> {
      int id = Integer.parseInt(box.attr("value"));
      assertThat(id).isGreaterThanOrEqualTo(10);
      assertThat(id % 50).isNotZero();
      assertThat(box.attr("data-account-name")).isEqualTo(name(id));
    });
    String token = list.select("form[action=\"/admin/banned\"] input[name=csrf_token]").attr("value");
    Page ban = admin.post("/admin/banned", "uid[]", "24", "uid[]", "25", "csrf_token", token);
    assertThat(ban.status()).isEqualTo(302);
    assertThat(ban.redirectPath()).isEqualTo("/admin/banned");
    assertThat(admin.get("/admin/banned").html().select("input[data-account-name=" + name(24) + "]")).isEmpty();
    assertThat(browser().get("/@" + name(24)).status()).isEqualTo(404);
    assertThat(browser().post("/login", "account_name", name(25), "password", name(25) + name(25))
        .redirectPath()).isEqualTo("/login");
    assertThat(admin.post("/admin/banned", "uid[]", "26", "csrf_token", "bad").status()).isEqualTo(422);
  }

  @Test
  void userPageCountsPostsCommentsAndCommentsReceived() throws Exception {
    int id = 31;
    Page page = browser().get("/@" + name(id));
    assertThat(page.status()).isEqualTo(200);
    Document html = page.html();
    assertThat(html.select(".isu-user-account-name").text()).contains(name(id));
    assertThat(html.select(".isu-post-count").text())
        .isEqualTo(Long.toString(count("SELECT COUNT(*) FROM posts WHERE user_id = " + id)));
    assertThat(html.select(".isu-comment-count").text())
        .isEqualTo(Long.toString(count("SELECT COUNT(*) FROM comments WHERE user_id = " + id)));
    assertThat(html.select(".isu-commented-count").text()).isEqualTo(Long.toString(count(
        "SELECT COUNT(*) FROM comments WHERE post_id IN (SELECT id FROM posts WHERE user_id = " + id + ")")));
    assertThat(html.select(".isu-post .isu-post-account-name").eachText()).allMatch(name(id)::equals);
    assertThat(browser().get("/@nobody_at_all").status()).isEqualTo(404);
    assertThat(browser().get("/@" + name(50)).status()).isEqualTo(404);
  }

  @Test
  void initializePutsTheDataBack() throws Exception {
    String[] csrf = new String[1];
    Browser user = loggedIn(27, csrf);
    Page created = user.upload("/", Images.GIF, Images.make(Images.GIF, 3).bytes(), "body", "b", "csrf_token", csrf[0]);
    user.post("/comment", "post_id", "3", "comment", "c", "csrf_token", csrf[0]);
    browser().post("/register", "account_name", "fresh_name_c", "password", "password_c");
    long start = System.nanoTime();
    assertThat(browser().get("/initialize").status()).isEqualTo(200);
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000);
    assertThat(browser().get(created.redirectPath()).status()).isEqualTo(404);
    assertThat(count("SELECT COUNT(*) FROM users")).isEqualTo(100);
    assertThat(count("SELECT COUNT(*) FROM posts")).isEqualTo(500);
    assertThat(count("SELECT COUNT(*) FROM comments")).isEqualTo(5000);
    assertThat(count("SELECT COUNT(*) FROM users WHERE del_flg = 1")).isEqualTo(2);
  }

  @Test
  void staticFilesAreServed() {
    for (String[] asset : new String[][] {{"/css/style.css", "text/css"}, {"/js/main.js", "text/javascript"},
        {"/js/timeago.min.js", "text/javascript"}, {"/favicon.ico", "image/"}, {"/img/ajax-loader.gif", "image/gif"}}) {
      Page page = browser().get(asset[0]);
      assertThat(page.status()).as(asset[0]).isEqualTo(200);
      assertThat(page.contentType()).as(asset[0]).startsWith(asset[1]);
      assertThat(page.body()).isNotEmpty();
    }
  }
}
