package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.Images;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.context.request.WebRequest;

/** Every picture is read from the database with SELECT *, as the original does it. */
final class DatabaseImages implements ImageStore {

  private final JdbcTemplate jdbc;

  DatabaseImages(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public ResponseEntity<byte[]> serve(int id, String ext, WebRequest request) {
    List<Object[]> rows = jdbc.query("SELECT * FROM posts WHERE id = ?",
        (rs, n) -> new Object[] {rs.getString("mime"), rs.getBytes("imgdata")}, id);
    if (rows.isEmpty() || !Images.extension((String) rows.get(0)[0]).equals(ext)) {
      return ResponseEntity.notFound().build();
    }
    return ResponseEntity.ok().contentType(MediaType.parseMediaType((String) rows.get(0)[0]))
        .body((byte[]) rows.get(0)[1]);
  }

  @Override
  public void added(int id, String mime, byte[] bytes) {}

  @Override
  public void deletedAbove(int lastId) {}
}
