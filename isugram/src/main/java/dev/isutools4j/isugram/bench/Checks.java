package dev.isutools4j.isugram.bench;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/** What a response must be; each method throws {@link CheckFailed} with what was wrong. */
final class Checks {

  static final Pattern CREATED_AT = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+09:00");
  static final Pattern IMAGE_SRC = Pattern.compile("/image/(\\d+)\\.(jpg|png|gif)");
  private static final Pattern IDS = Pattern.compile("/(posts|image)/\\d+");
  private static final Pattern USER = Pattern.compile("/@[0-9a-zA-Z_]+");

  /** One post as a list shows it. */
  record PostView(int id, String author, OffsetDateTime createdAt, String imageSrc, int commentCount,
      List<String> comments) {}

  private Checks() {}

  static CheckFailed fail(Response response, String what) {
    String path = USER.matcher(IDS.matcher(Agent.stripQuery(response.path())).replaceAll("/$1/{id}"))
        .replaceAll("/@{account_name}");
    return new CheckFailed(response.method() + " " + path + ": " + what);
  }

  static void status(Response response, int expected) {
    if (response.status() != expected) {
      throw fail(response, "status " + response.status() + ", expected " + expected);
    }
  }

  /** A 302 to {@code path} (absolute or relative Location). */
  static void redirect(Response response, String path) {
    status(response, 302);
    String location = response.header("Location");
    if (location == null) {
      throw fail(response, "302 without Location");
    }
    String target = response.base().resolve(location).getRawPath();
    if (!target.equals(path)) {
      throw fail(response, "redirected to " + target + ", expected " + path);
    }
  }

  /** The id a 302 to /posts/{id} points at. */
  static int redirectToPost(Response response) {
    status(response, 302);
    String location = response.header("Location");
    Matcher m = Pattern.compile("/posts/(\\d+)$").matcher(location == null ? "" : response.base().resolve(location).getRawPath());
    if (!m.matches() && !m.find()) {
      throw fail(response, "redirected to " + location + ", expected /posts/{id}");
    }
    return Integer.parseInt(m.group(1));
  }

  static Document page(Response response) {
    status(response, 200);
    String type = response.header("Content-Type");
    if (type == null || !type.startsWith("text/html")) {
      throw fail(response, "Content-Type " + type + ", expected text/html");
    }
    return response.html();
  }

  static void loggedInAs(Response response, Document page, String name) {
    Element account = page.selectFirst(".isu-account-name");
    if (account == null) {
      throw fail(response, "no .isu-account-name on a logged-in page");
    }
    if (!account.text().trim().equals(name)) {
      throw fail(response, ".isu-account-name is " + account.text() + ", expected " + name);
    }
  }

  static void loggedOut(Response response, Document page) {
    if (page.selectFirst(".isu-account-name") != null) {
      throw fail(response, ".isu-account-name on a logged-out page");
    }
  }

  static String notice(Response response, Document page) {
    Element notice = page.selectFirst("#notice-message");
    if (notice == null) {
      throw fail(response, "no #notice-message");
    }
    return notice.text().trim();
  }

  static String formCsrf(Response response, Document page, String formSelector) {
    Element input = page.selectFirst(formSelector + " input[name=csrf_token]");
    if (input == null) {
      throw fail(response, "no csrf_token input in " + formSelector);
    }
    return input.attr("value");
  }

  /**
   * The posts of a list, each checked for its hooks. {@code maxComments} is how many comments each
   * may show (3 on lists), or -1 for all of them (a post's own page).
   */
  static List<PostView> posts(Response response, Document page, int maxComments, String csrf) {
    Elements elements = page.select("div.isu-post");
    List<PostView> posts = new ArrayList<>(elements.size());
    for (Element post : elements) {
      String id = post.id();
      if (!id.matches("pid_\\d+")) {
        throw fail(response, "div.isu-post with id \"" + id + "\", expected pid_{id}");
      }
      int postId = Integer.parseInt(id.substring(4));
      String createdAt = post.attr("data-created-at");
      if (!CREATED_AT.matcher(createdAt).matches()) {
        throw fail(response, "data-created-at \"" + createdAt + "\" is not ISO 8601 with +09:00");
      }
      Element permalink = post.selectFirst("a.isu-post-permalink");
      if (permalink == null) {
        throw fail(response, "post without a.isu-post-permalink");
      }
      if (!permalink.attr("href").equals("/posts/" + postId)) {
        throw fail(response, "permalink " + permalink.attr("href") + ", expected /posts/" + postId);
      }
      Element image = post.selectFirst("img.isu-image");
      Matcher src = IMAGE_SRC.matcher(image == null ? "" : image.attr("src"));
      if (!src.matches() || Integer.parseInt(src.group(1)) != postId) {
        throw fail(response, "img.isu-image src \"" + (image == null ? null : image.attr("src"))
            + "\", expected /image/" + postId + ".{jpg,png,gif}");
      }
      Element author = post.selectFirst(".isu-post-account-name");
      if (author == null || author.text().isBlank()) {
        throw fail(response, "post without .isu-post-account-name");
      }
      Element count = post.selectFirst(".isu-post-comment-count b");
      int commentCount;
      try {
        commentCount = Integer.parseInt(count == null ? "" : count.text().trim());
      } catch (NumberFormatException e) {
        throw fail(response, "post without a comment count");
      }
      List<String> comments = post.select(".isu-comment .isu-comment-text").eachText();
      // Comments are only ever added, and an app may count them before it lists them: a list may show
      // more than the count it read, never fewer.
      if (maxComments >= 0 && comments.size() > maxComments) {
        throw fail(response, "post shows " + comments.size() + " comments, expected at most " + maxComments);
      }
      if (comments.size() < (maxComments >= 0 ? Math.min(maxComments, commentCount) : commentCount)) {
        throw fail(response, "post shows " + comments.size() + " comments of " + commentCount);
      }
      Element postIdInput = post.selectFirst(".isu-comment-form input[name=post_id]");
      if (postIdInput == null || !postIdInput.attr("value").equals(Integer.toString(postId))) {
        throw fail(response, "comment form without input[name=post_id] = " + postId);
      }
      Element csrfInput = post.selectFirst(".isu-comment-form input[name=csrf_token]");
      if (csrfInput == null) {
        throw fail(response, "comment form without input[name=csrf_token]");
      }
      if (csrf != null && !csrfInput.attr("value").equals(csrf)) {
        throw fail(response, "comment form carries another csrf_token than the page");
      }
      posts.add(new PostView(postId, author.text().trim(), OffsetDateTime.parse(createdAt), src.group(0),
          commentCount, comments));
    }
    for (int i = 1; i < posts.size(); i++) {
      if (posts.get(i).createdAt().isAfter(posts.get(i - 1).createdAt())) {
        throw fail(response, "posts are not newest first");
      }
    }
    return posts;
  }

  /** A picture: its type from the extension, its first bytes. */
  static void image(Response response, String src) {
    if (response.status() == 304) {
      return;
    }
    status(response, 200);
    String ext = src.substring(src.lastIndexOf('.') + 1);
    String expected = switch (ext) {
      case "jpg" -> "image/jpeg";
      case "png" -> "image/png";
      default -> "image/gif";
    };
    String type = response.header("Content-Type");
    if (type == null || !type.startsWith(expected)) {
      throw fail(response, "Content-Type " + type + ", expected " + expected);
    }
    byte[] b = response.body();
    boolean magic = switch (ext) {
      case "jpg" -> b.length > 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8;
      case "png" -> b.length > 4 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G';
      default -> b.length > 4 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F' && b[3] == '8';
    };
    if (!magic) {
      throw fail(response, "the body is not a " + expected + " picture");
    }
  }
}
