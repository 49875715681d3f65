package dev.isutools4j.isugram.web;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.springframework.jdbc.core.RowMapper;

/** Row mappers, by column label. */
final class Rows {

  static final RowMapper<User> USER = (rs, n) -> new User(rs.getInt("id"), rs.getString("account_name"),
      rs.getString("passhash"), rs.getInt("authority"), rs.getInt("del_flg"), time(rs, "created_at"));

  static final RowMapper<PostRow> POST = (rs, n) -> new PostRow(rs.getInt("id"), rs.getInt("user_id"), null,
      rs.getString("body"), rs.getString("mime"), time(rs, "created_at"));

  static final RowMapper<PostRow> POST_WITH_AUTHOR = (rs, n) -> new PostRow(rs.getInt("id"), rs.getInt("user_id"),
      rs.getString("account_name"), rs.getString("body"), rs.getString("mime"), time(rs, "created_at"));

  static final RowMapper<Comment> COMMENT_WITH_AUTHOR = (rs, n) -> new Comment(rs.getInt("id"), rs.getInt("post_id"),
      rs.getInt("user_id"), rs.getString("account_name"), rs.getString("comment"), time(rs, "created_at"));

  private Rows() {}

  static LocalDateTime time(ResultSet rs, String column) throws SQLException {
    return rs.getObject(column, LocalDateTime.class);
  }
}
