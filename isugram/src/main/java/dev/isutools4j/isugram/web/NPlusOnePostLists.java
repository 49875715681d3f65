package dev.isutools4j.isugram.web;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The post list as the original builds it: every post is read (no LIMIT), then for each one a count
 * of its comments, its comments, one users lookup per comment and one for the author, until enough
 * visible posts are found.
 */
final class NPlusOnePostLists implements PostLists {

  private static final String COLUMNS = "SELECT id, user_id, body, mime, created_at FROM posts";

  private final JdbcTemplate jdbc;
  private final Users users;

  NPlusOnePostLists(JdbcTemplate jdbc, Users users) {
    this.jdbc = jdbc;
    this.users = users;
  }

  @Override
  public List<Post> newest() {
    return make(jdbc.query(COLUMNS + " ORDER BY created_at DESC", Rows.POST), false);
  }

  @Override
  public List<Post> createdAtOrBefore(LocalDateTime max) {
    return make(jdbc.query(COLUMNS + " WHERE created_at <= ? ORDER BY created_at DESC", Rows.POST, max), false);
  }

  @Override
  public List<Post> ofUser(int userId) {
    return make(jdbc.query(COLUMNS + " WHERE user_id = ? ORDER BY created_at DESC", Rows.POST, userId), false);
  }

  @Override
  public Post one(int id) {
    List<Post> posts = make(jdbc.query("SELECT * FROM posts WHERE id = ?", Rows.POST, id), true);
    return posts.isEmpty() ? null : posts.get(0);
  }

  @Override
  public UserCounts counts(int userId) {
    long comments = jdbc.queryForObject("SELECT COUNT(*) AS count FROM comments WHERE user_id = ?", Long.class, userId);
    List<Integer> postIds = jdbc.queryForList("SELECT id FROM posts WHERE user_id = ?", Integer.class, userId);
    long commented = 0;
    if (!postIds.isEmpty()) {
      String in = postIds.stream().map(i -> "?").collect(Collectors.joining(", "));
      commented = jdbc.queryForObject("SELECT COUNT(*) AS count FROM comments WHERE post_id IN (" + in + ")",
          Long.class, postIds.toArray());
    }
    return new UserCounts(postIds.size(), comments, commented);
  }

  private List<Post> make(List<PostRow> rows, boolean allComments) {
    List<Post> posts = new ArrayList<>();
    for (PostRow row : rows) {
      long count = jdbc.queryForObject("SELECT COUNT(*) AS count FROM comments WHERE post_id = ?", Long.class,
          row.id());
      String query = "SELECT * FROM comments WHERE post_id = ? ORDER BY created_at DESC" + (allComments ? "" : " LIMIT 3");
      List<Comment> comments = new ArrayList<>(jdbc.query(query, (rs, n) -> {
        int userId = rs.getInt("user_id");
        return new Comment(rs.getInt("id"), rs.getInt("post_id"), userId, null, rs.getString("comment"),
            Rows.time(rs, "created_at"));
      }, row.id()));
      for (int i = 0; i < comments.size(); i++) {
        Comment c = comments.get(i);
        User author = users.byId(c.userId());
        comments.set(i, new Comment(c.id(), c.postId(), c.userId(), author == null ? "" : author.accountName(),
            c.comment(), c.createdAt()));
      }
      Collections.reverse(comments);
      User author = users.byId(row.userId());
      if (author != null && !author.banned()) {
        posts.add(new Post(row.id(), row.userId(), author.accountName(), row.body(), row.mime(), row.createdAt(),
            count, comments));
      }
      if (posts.size() >= PER_PAGE) {
        break;
      }
    }
    return posts;
  }
}
