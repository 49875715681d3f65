package dev.isutools4j.isugram.web;

import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.WebRequest;

/** Serves the pictures of posts. Thread-safe. */
interface ImageStore {

  /** The picture of post {@code id}, or 404 when there is none or its type does not match {@code ext}. */
  ResponseEntity<byte[]> serve(int id, String ext, WebRequest request);

  /** A post was just inserted with this picture. */
  void added(int id, String mime, byte[] bytes);

  /** Posts above {@code lastId} were deleted. */
  void deletedAbove(int lastId);
}
