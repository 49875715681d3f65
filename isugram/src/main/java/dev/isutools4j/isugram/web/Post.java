package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.Images;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** A post as a page shows it: its author's name, its comment count and the comments shown. */
record Post(int id, int userId, String accountName, String body, String mime, LocalDateTime createdAt,
    long commentCount, List<Comment> comments) {

  /** Stored times are Tokyo wall-clock times. */
  static final ZoneOffset TOKYO = ZoneOffset.ofHours(9);
  private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");

  public String imageUrl() {
    return "/image/" + id + "." + Images.extension(mime);
  }

  public String createdAtIso() {
    return ISO.format(createdAt.atOffset(TOKYO));
  }
}
