package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.db.Dialect;
import java.time.LocalDateTime;
import java.util.ArrayList;
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

  private static final String POSTS = "SELECT p.id, p.user_id, p.body, p.mime, p.created_at, u.account_name"
      + " FROM posts p %s users u ON u.id = p.user_id WHERE u.del_flg = 0";
  private static final String COMMENTS = "SELECT c.id, c.post_id, c.user_id, c.comment, c.created_at, u.account_name"
      + " FROM comments c JOIN users u ON u.id = c.user_id";

  private final JdbcTemplate jdbc;
  private final String posts;

  BatchedPostLists(JdbcTemplate jdbc, Dialect dialect) {
    this.jdbc = jdbc;
    this.posts = String.format(POSTS, dialect.straightJoin());
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
    Map<Integer, Long> counts = new HashMap<>();
    Map<Integer, List<Comment>> recent = new HashMap<>();
    // One query for both, so that a count never disagrees with the comments shown.
    jdbc.query("SELECT * FROM (" + COMMENTS.replace("SELECT c.id,", "SELECT ROW_NUMBER() OVER"
        + " (PARTITION BY c.post_id ORDER BY c.created_at DESC, c.id DESC) AS rn,"
        + " COUNT(*) OVER (PARTITION BY c.post_id) AS comment_count, c.id,")
        + " WHERE c.post_id IN (" + in + ")) t WHERE rn <= 3 ORDER BY post_id, created_at, id",
        rs -> {
          Comment c = Rows.COMMENT_WITH_AUTHOR.mapRow(rs, 0);
          counts.put(c.postId(), rs.getLong("comment_count"));
          recent.computeIfAbsent(c.postId(), k -> new ArrayList<>()).add(c);
        }, ids);
    List<Post> posts = new ArrayList<>(rows.size());
    for (PostRow row : rows) {
      posts.add(new Post(row.id(), row.userId(), row.accountName(), row.body(), row.mime(), row.createdAt(),
          counts.getOrDefault(row.id(), 0L), recent.getOrDefault(row.id(), List.of())));
    }
    return posts;
  }
}
