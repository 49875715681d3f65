package dev.isutools4j.isugram.web;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** Plain-text answers for the statuses without a page. */
final class Responses {

  private Responses() {}

  static ResponseEntity<byte[]> unprocessable() {
    return text(HttpStatus.UNPROCESSABLE_ENTITY, "invalid csrf_token");
  }

  static ResponseEntity<byte[]> text(HttpStatus status, String body) {
    return ResponseEntity.status(status).contentType(new MediaType("text", "plain", StandardCharsets.UTF_8))
        .body(body.getBytes(StandardCharsets.UTF_8));
  }
}
