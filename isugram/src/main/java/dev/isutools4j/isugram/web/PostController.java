package dev.isutools4j.isugram.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.server.ResponseStatusException;

/** The index, the post form, pages of posts, one post, comments. */
@Controller
class PostController {

  static final String IMAGE_REQUIRED = "画像が必須です";
  static final String WRONG_TYPE = "投稿できる画像形式はjpgとpngとgifだけです";
  static final String TOO_LARGE = "ファイルサイズが大きすぎます";
  static final long MAX_UPLOAD = 10 * 1024 * 1024;

  private final JdbcTemplate jdbc;
  private final PostLists postLists;
  private final Sessions sessions;
  private final ImageStore images;
  private final AppSettings settings;

  PostController(JdbcTemplate jdbc, PostLists postLists, Sessions sessions, ImageStore images, AppSettings settings) {
    this.jdbc = jdbc;
    this.postLists = postLists;
    this.sessions = sessions;
    this.images = images;
    this.settings = settings;
  }

  @GetMapping("/")
  String index(HttpServletRequest request, Model model) {
    User me = sessions.me(request);
    model.addAttribute("posts", postLists.newest());
    Pages.common(model, request, sessions, settings, me);
    return "index";
  }

  @GetMapping("/posts")
  String posts(HttpServletRequest request, Model model,
      @RequestParam(name = "max_created_at", defaultValue = "") String maxCreatedAt) {
    LocalDateTime max;
    try {
      // A '+' sent unencoded arrives as a space.
      max = OffsetDateTime.parse(maxCreatedAt.trim().replace(' ', '+')).atZoneSameInstant(Post.TOKYO)
          .toLocalDateTime();
    } catch (DateTimeParseException e) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "max_created_at is not an ISO 8601 time");
    }
    List<Post> posts = postLists.createdAtOrBefore(max);
    if (posts.isEmpty()) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND);
    }
    model.addAttribute("posts", posts);
    model.addAttribute("csrf", sessions.csrf(request));
    model.addAttribute("permalink", Pages.permalink(settings));
    return "posts";
  }

  @GetMapping("/posts/{id}")
  String post(HttpServletRequest request, Model model, @PathVariable("id") String id) {
    Integer postId = parseId(id);
    Post post = postId == null ? null : postLists.one(postId);
    if (post == null) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND);
    }
    User me = sessions.me(request);
    model.addAttribute("post", post);
    Pages.common(model, request, sessions, settings, me);
    return "post";
  }

  @PostMapping("/")
  Object upload(HttpServletRequest request, @RequestParam(name = "file", required = false) MultipartFile file,
      @RequestParam(name = "body", defaultValue = "") String body,
      @RequestParam(name = "csrf_token", defaultValue = "") String csrf) throws IOException {
    User me = sessions.me(request);
    if (me == null) {
      return "redirect:/login";
    }
    if (!sessions.csrfMatches(request, csrf)) {
      return Responses.unprocessable();
    }
    if (file == null || file.isEmpty()) {
      sessions.flash(request, IMAGE_REQUIRED);
      return "redirect:/";
    }
    String type = file.getContentType() == null ? "" : file.getContentType();
    String mime;
    if (type.contains("jpeg")) {
      mime = "image/jpeg";
    } else if (type.contains("png")) {
      mime = "image/png";
    } else if (type.contains("gif")) {
      mime = "image/gif";
    } else {
      sessions.flash(request, WRONG_TYPE);
      return "redirect:/";
    }
    if (file.getSize() > MAX_UPLOAD) {
      sessions.flash(request, TOO_LARGE);
      return "redirect:/";
    }
    byte[] bytes = file.getBytes();
    GeneratedKeyHolder key = new GeneratedKeyHolder();
    jdbc.update(c -> {
      PreparedStatement ps = c.prepareStatement(
          "INSERT INTO posts (user_id, mime, imgdata, body, created_at) VALUES (?, ?, ?, ?, ?)",
          Statement.RETURN_GENERATED_KEYS);
      ps.setInt(1, me.id());
      ps.setString(2, mime);
      ps.setBytes(3, bytes);
      ps.setString(4, body);
      ps.setObject(5, now());
      return ps;
    }, key);
    int id = Keys.id(key);
    images.added(id, mime, bytes);
    return "redirect:/posts/" + id;
  }

  @PostMapping("/comment")
  Object comment(HttpServletRequest request, @RequestParam(name = "post_id", defaultValue = "") String postId,
      @RequestParam(name = "comment", defaultValue = "") String comment,
      @RequestParam(name = "csrf_token", defaultValue = "") String csrf) {
    User me = sessions.me(request);
    if (me == null) {
      return "redirect:/login";
    }
    if (!sessions.csrfMatches(request, csrf)) {
      return Responses.unprocessable();
    }
    Integer id = parseId(postId);
    if (id == null) {
      return Responses.text(HttpStatus.BAD_REQUEST, "post_idは整数のみです");
    }
    jdbc.update("INSERT INTO comments (post_id, user_id, comment, created_at) VALUES (?, ?, ?, ?)",
        id, me.id(), comment, now());
    return "redirect:/posts/" + id;
  }

  static LocalDateTime now() {
    return LocalDateTime.now(Post.TOKYO).truncatedTo(ChronoUnit.SECONDS);
  }

  static Integer parseId(String text) {
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
