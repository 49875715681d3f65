package dev.isutools4j.isugram.web;

import dev.isutools4j.Isutools;
import dev.isutools4j.isugram.data.Images;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.context.request.WebRequest;

/**
 * Pictures written to files named {@code <id>.<ext>} once (on upload, or on first request), then
 * served from there with an ETag and a long max-age: posts never change their picture.
 */
final class FileImages implements ImageStore {

  private static final CacheControl CACHE = CacheControl.maxAge(1, TimeUnit.DAYS).cachePublic();

  private final JdbcTemplate jdbc;
  private final Path dir;

  FileImages(JdbcTemplate jdbc, Path dir) {
    this.jdbc = jdbc;
    this.dir = dir;
    try {
      Files.createDirectories(dir);
      clear(0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + dir, e);
    }
  }

  @Override
  public ResponseEntity<byte[]> serve(int id, String ext, WebRequest request) {
    String etag = "\"" + id + "\"";
    Path file = dir.resolve(id + "." + ext);
    byte[] bytes;
    try {
      if (etag.equals(request.getHeader("If-None-Match")) && Files.exists(file)) {
        Isutools.hit("image-file", true);
        return ResponseEntity.status(304).cacheControl(CACHE).eTag(etag).build();
      }
      bytes = Files.readAllBytes(file);
      Isutools.hit("image-file", true);
    } catch (NoSuchFileException e) {
      Isutools.hit("image-file", false);
      List<Object[]> rows = jdbc.query("SELECT mime, imgdata FROM posts WHERE id = ?",
          (rs, n) -> new Object[] {rs.getString(1), rs.getBytes(2)}, id);
      if (rows.isEmpty() || !Images.extension((String) rows.get(0)[0]).equals(ext)) {
        return ResponseEntity.notFound().build();
      }
      bytes = (byte[]) rows.get(0)[1];
      write(id, ext, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ResponseEntity.ok().contentType(MediaType.parseMediaType(mimeOf(ext))).cacheControl(CACHE).eTag(etag)
        .body(bytes);
  }

  @Override
  public void added(int id, String mime, byte[] bytes) {
    write(id, Images.extension(mime), bytes);
  }

  @Override
  public void deletedAbove(int lastId) {
    try {
      clear(lastId);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void clear(int lastId) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        int dot = name.indexOf('.');
        if (dot <= 0 || !name.substring(0, dot).chars().allMatch(Character::isDigit)
            || Integer.parseInt(name.substring(0, dot)) > lastId) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  private void write(int id, String ext, byte[] bytes) {
    try {
      Path tmp = Files.createTempFile(dir, "." + id, ".tmp");
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, dir.resolve(id + "." + ext), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, dir.resolve(id + "." + ext), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the picture of post " + id, e);
    }
  }

  private static String mimeOf(String ext) {
    return switch (ext) {
      case "jpg" -> Images.JPEG;
      case "png" -> Images.PNG;
      default -> Images.GIF;
    };
  }
}
