package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.Scale;
import dev.isutools4j.isugram.db.Schema;
import java.sql.Connection;
import java.sql.SQLException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Puts the data back as loaded, before each benchmark run. */
@Controller
class InitializeController {

  private final JdbcTemplate jdbc;
  private final Users users;
  private final ImageStore images;

  InitializeController(JdbcTemplate jdbc, Users users, ImageStore images) {
    this.jdbc = jdbc;
    this.users = users;
    this.images = images;
  }

  @GetMapping("/initialize")
  ResponseEntity<byte[]> initialize() {
    int[] size = jdbc.execute((ConnectionCallback<int[]>) InitializeController::datasetSize);
    jdbc.update("DELETE FROM users WHERE id > ?", size[0]);
    jdbc.update("DELETE FROM posts WHERE id > ?", size[1]);
    jdbc.update("DELETE FROM comments WHERE id > ?", size[2]);
    jdbc.update("UPDATE users SET del_flg = 0");
    jdbc.update("UPDATE users SET del_flg = 1 WHERE MOD(id, 50) = 0");
    users.clear();
    images.deletedAbove(size[1]);
    return Responses.text(HttpStatus.OK, "ok");
  }

  private static int[] datasetSize(Connection connection) throws SQLException {
    int[] size = Schema.datasetSize(connection);
    Scale full = Scale.FULL;
    return size != null ? size : new int[] {full.users(), full.posts(), full.comments()};
  }
}
