package dev.isutools4j.isugram.web;

import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

/** Every lookup is a query, as the original does it. */
final class DatabaseUsers implements Users {

  private final JdbcTemplate jdbc;

  DatabaseUsers(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public User byId(int id) {
    return first(jdbc.query("SELECT * FROM users WHERE id = ?", Rows.USER, id));
  }

  @Override
  public User activeByName(String accountName) {
    return first(jdbc.query("SELECT * FROM users WHERE account_name = ? AND del_flg = 0", Rows.USER, accountName));
  }

  @Override
  public void changed(Collection<Integer> ids) {}

  @Override
  public void clear() {}

  private static User first(List<User> users) {
    return users.isEmpty() ? null : users.get(0);
  }
}
