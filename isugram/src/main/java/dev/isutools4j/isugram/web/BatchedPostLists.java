package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.db.Dialect;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A page of posts in two queries whatever its size: the posts joined with their authors (banned
 * ones filtered out, LIMIT a page), then their newest comments with authors and comment counts.
 */
final class BatchedPostLists implements PostLists {

  private static final String COMMENTS = "SELECT c.id, c.post_id, c.user_id, c.comment, c.created_at, u.account_name"
      + " FROM comments c JOIN users u ON u.id = c.user_id";

  private static final int RECENT_COMMENTS = 3;

  private final JdbcTemplate jdbc;
  private final String posts;

  BatchedPostLists(JdbcTemplate jdbc, Dialect dialect) {
    this.jdbc = jdbc;
    this.posts = dialect.visiblePostsWithAuthor();
  }

  @Override
  public List<Post> newest() {
    return page(jdbc.query(posts + " ORDER BY p.created_at DESC LIMIT " + PER_PAGE, Rows.POST_WITH_AUTHOR));
  }

  @Override
  public List<Post> createdAtOrBefore(LocalDateTime max) {
    return page(jdbc.query(posts + " AND p.created_at <= ? ORDER BY p.created_at DESC LIMIT " + PER_PAGE,
        Rows.POST_WITH_AUTHOR, max));
  }

  @Override
  public List<Post> ofUser(int userId) {
    return page(jdbc.query(posts + " AND p.user_id = ? ORDER BY p.created_at DESC LIMIT " + PER_PAGE,
        Rows.POST_WITH_AUTHOR, userId));
  }

  @Override
  public Post one(int id) {
    List<PostRow> rows = jdbc.query(posts + " AND p.id = ?", Rows.POST_WITH_AUTHOR, id);
    if (rows.isEmpty()) {
      return null;
    }
    PostRow row = rows.get(0);
    List<Comment> comments = jdbc.query(COMMENTS + " WHERE c.post_id = ? ORDER BY c.created_at, c.id",
        Rows.COMMENT_WITH_AUTHOR, id);
    return new Post(row.id(), row.userId(), row.accountName(), row.body(), row.mime(), row.createdAt(),
        comments.size(), comments);
  }

  @Override
  public UserCounts counts(int userId) {
    long posts = jdbc.queryForObject("SELECT COUNT(*) FROM posts WHERE user_id = ?", Long.class, userId);
    long comments = jdbc.queryForObject("SELECT COUNT(*) FROM comments WHERE user_id = ?", Long.class, userId);
    long commented = jdbc.queryForObject(
        "SELECT COUNT(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE p.user_id = ?", Long.class, userId);
    return new UserCounts(posts, comments, commented);
  }

  private List<Post> page(List<PostRow> rows) {
    if (rows.isEmpty()) {
      return List.of();
    }
    String in = rows.stream().map(r -> "?").collect(Collectors.joining(", "));
    Object[] ids = rows.stream().map(PostRow::id).toArray();
    // Every comment of the page's posts, newest first, in one query: its size is the count, so a
    // count never disagrees with the comments shown, and the newest few are what the page shows.
    // A window function (ROW_NUMBER() ... WHERE rn <= 3) reads the same rows and costs more.
    Map<Integer, List<Comment>> all = new HashMap<>();
    jdbc.query(COMMENTS + " WHERE c.post_id IN (" + in + ") ORDER BY c.post_id, c.created_at DESC, c.id DESC",
        rs -> {
          Comment c = Rows.COMMENT_WITH_AUTHOR.mapRow(rs, 0);
          all.computeIfAbsent(c.postId(), k -> new ArrayList<>()).add(c);
        }, ids);
    List<Post> posts = new ArrayList<>(rows.size());
    for (PostRow row : rows) {
      List<Comment> comments = all.getOrDefault(row.id(), List.of());
      posts.add(new Post(row.id(), row.userId(), row.accountName(), row.body(), row.mime(), row.createdAt(),
          comments.size(), newestOldestFirst(comments)));
    }
    return posts;
  }

  /** The page shows a post's newest comments, oldest of them first. */
  private static List<Comment> newestOldestFirst(List<Comment> newestFirst) {
    List<Comment> shown = new ArrayList<>(newestFirst.subList(0, Math.min(RECENT_COMMENTS, newestFirst.size())));
    Collections.reverse(shown);
    return shown;
  }
}
