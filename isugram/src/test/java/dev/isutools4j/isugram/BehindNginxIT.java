package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.isugram.Browser.Page;
import dev.isutools4j.isugram.data.AccountNames;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.isugram.data.Images;
import dev.isutools4j.testing.NginxServer;
import dev.isutools4j.testing.Requirements;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * isugram on the embedded database behind a private nginx on a free port other than 80, set up as
 * the public benchmarker's reference: static files from a folder, the rest proxied with
 * {@code proxy_set_header Host $host} (the host without the port). Every redirect leads back
 * through that port, and the benchmarker's first "see more" times page back through the full data
 * set.
 */
class BehindNginxIT {

  private static final String SERVER = """
        access_log {{DIR}}/access.log;
        server {
          listen 127.0.0.1:{{PORT}};
          client_max_body_size 10m;
          root %s;
          location ~ ^/(css|js|img)/ { }
          location = /favicon.ico { }
          location / {
            proxy_set_header Host $host;
            proxy_pass http://127.0.0.1:%d;
          }
        }
      """;
  /** Where the public benchmarker starts paging back, and its step (a page of 20 posts a second). */
  private static final OffsetDateTime BENCH_FIRST = OffsetDateTime.of(2016, 1, 2, 11, 46, 21, 0,
      ZoneOffset.ofHours(9));
  private static final int BENCH_STEP_SECONDS = 20;
  private static final List<String> NAMES = AccountNames.first(1000);

  @TempDir
  static Path dir;
  private static Isugram.Running app;
  private static NginxServer nginx;
  private static Path staticRoot;

  @BeforeEach
  void startOnce() throws Exception {
    Path binary = Requirements.nginx();
    if (app == null) {
      Path dataDir = Files.createDirectories(dir.resolve("data"));
      // The full scale: the benchmarker's times fall on the newest of its 10000 posts.
      ServeOptions options = ServeOptions.defaults().withDataDir(dataDir).withPort(0).withTuning(1);
      DataLoader.Summary loaded = DataLoader.load(options.jdbcUrl(), 1);
      System.out.println("[nginx] loaded scale 1 into H2 in " + loaded.millis() + " ms");
      app = Isugram.start(options);
    }
    if (nginx == null) {
      staticRoot = Path.of(BehindNginxIT.class.getResource("/static/css/style.css").toURI()).getParent().getParent();
      nginx = NginxServer.start(binary, Files.createDirectories(dir.resolve("nginx")),
          SERVER.formatted(staticRoot, app.port()));
    }
    assertThat(nginx.port()).isNotEqualTo(80);
    assertThat(browser().get("/initialize").status()).isEqualTo(200);
  }

  @AfterAll
  static void stop() {
    if (nginx != null) {
      nginx.close();
      nginx = null;
    }
    if (app != null) {
      app.stop();
      app = null;
    }
  }

  private static Browser browser() {
    return new Browser(base().toString());
  }

  private static URI base() {
    return URI.create("http://127.0.0.1:" + nginx.port() + "/");
  }

  /** Follows a 302 as a browser would, from nginx's address; it must stay on nginx's port. */
  private static Page follow(Browser browser, Page redirect, String pathPattern) {
    assertThat(redirect.status()).as("status, nginx said: %s", nginx.output()).isEqualTo(302);
    assertThat(redirect.location()).as("a relative Location").matches(pathPattern);
    URI target = base().resolve(redirect.location());
    assertThat(target.getPort()).as("the port of %s", redirect.location()).isEqualTo(nginx.port());
    Page page = browser.get(target.toString());
    assertThat(page.status()).as("GET %s through nginx", target).isEqualTo(200);
    return page;
  }

  private static String name(int id) {
    return NAMES.get(id - 1);
  }

  private static Browser loggedIn(int id) {
    Browser browser = browser();
    Page home = follow(browser, browser.post("/login", "account_name", name(id), "password", name(id) + name(id)),
        "/");
    assertThat(home.html().select(".isu-account-name").text()).isEqualTo(name(id));
    return browser;
  }

  @Test
  void loginFailedLoginAndLogoutRedirectThroughTheProxyPort() {
    Browser wrong = browser();
    assertThat(wrong.get("/login").status()).isEqualTo(200);
    Page again = follow(wrong, wrong.post("/login", "account_name", name(20), "password", "nope"), "/login");
    assertThat(again.html().select("#notice-message").text()).isEqualTo("アカウント名かパスワードが間違っています");

    Browser user = loggedIn(20);
    follow(user, user.get("/login"), "/");
    Page home = follow(user, user.get("/logout"), "/");
    assertThat(home.html().select(".isu-account-name")).isEmpty();
    assertThat(home.html().select("div.isu-post")).hasSize(20);
  }

  @Test
  void registerRedirectsThroughTheProxyPort() {
    Browser browser = browser();
    Page invalid = follow(browser, browser.post("/register", "account_name", "ab", "password", "password"),
        "/register");
    assertThat(invalid.html().select("#notice-message").text()).isNotEmpty();
    String fresh = "nginx_" + Long.toString(System.nanoTime(), 36);
    Page home = follow(browser, browser.post("/register", "account_name", fresh, "password", "password"), "/");
    assertThat(home.html().select(".isu-account-name").text()).isEqualTo(fresh);
  }

  @Test
  void postAndCommentRedirectThroughTheProxyPort() {
    Browser anonymous = browser();
    follow(anonymous, anonymous.post("/comment", "post_id", "1", "comment", "x", "csrf_token", ""), "/login");

    Browser user = loggedIn(21);
    String csrf = follow(user, user.get("/login"), "/").html()
        .select("form[enctype=multipart/form-data] input[name=csrf_token]").attr("value");
    assertThat(csrf).isNotEmpty();
    byte[] png = Images.make(Images.PNG, 7).bytes();
    Page created = user.upload("/", Images.PNG, png, "body", "through nginx", "csrf_token", csrf);
    Page post = follow(user, created, "/posts/\\d+");
    String id = created.location().substring("/posts/".length());
    assertThat(post.html().select("div.isu-post").attr("id")).isEqualTo("pid_" + id);
    assertThat(post.html().select(".isu-post-text").text()).contains("through nginx");

    Page commented = follow(user, user.post("/comment", "post_id", id, "comment", "a comment via nginx",
        "csrf_token", csrf), "/posts/" + id);
    assertThat(commented.html().select(".isu-comment-text").eachText()).contains("a comment via nginx");
  }

  @Test
  void staticFilesComeFromTheFolderNginxServes() throws Exception {
    Page css = browser().get("/css/style.css");
    assertThat(css.status()).isEqualTo(200);
    assertThat(css.body()).isEqualTo(Files.readAllBytes(staticRoot.resolve("css/style.css")));
  }

  @Test
  void seeMoreAtTheBenchmarksTimesPagesBackNewestFirst() {
    Element newest = browser().get("/").html().selectFirst("div.isu-post");
    assertThat(newest).isNotNull();
    assertThat(OffsetDateTime.parse(newest.attr("data-created-at"))).isAfter(BENCH_FIRST);

    List<Integer> previous = List.of();
    for (int page = 0; page < 5; page++) {
      OffsetDateTime max = BENCH_FIRST.minusSeconds((long) BENCH_STEP_SECONDS * page);
      String query = URLEncoder.encode(max.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), StandardCharsets.UTF_8);
      Page more = browser().get("/posts?max_created_at=" + query);
      assertThat(more.status()).as("page at %s", max).isEqualTo(200);
      Document fragment = more.html();
      List<Element> posts = fragment.select("div.isu-post");
      assertThat(posts).as("page at %s", max).hasSize(20);
      List<Integer> ids = new ArrayList<>();
      OffsetDateTime before = max;
      for (Element post : posts) {
        OffsetDateTime created = OffsetDateTime.parse(post.attr("data-created-at"));
        assertThat(created).as("post %s on the page at %s, newest first", post.id(), max)
            .isBeforeOrEqualTo(before);
        before = created;
        ids.add(Integer.valueOf(post.id().substring("pid_".length())));
      }
      OffsetDateTime first = OffsetDateTime.parse(posts.get(0).attr("data-created-at"));
      assertThat(first).as("the page at %s starts at that time", max).isAfter(max.minusSeconds(BENCH_STEP_SECONDS));
      assertThat(ids).as("page %d differs from the one before", page).isNotEqualTo(previous);
      if (!previous.isEmpty()) {
        assertThat(ids.get(0)).as("page %d starts older than the one before", page).isLessThan(previous.get(0));
      }
      previous = ids;
    }
  }
}
