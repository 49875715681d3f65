package dev.isutools4j.isugram.web;

import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.context.request.WebRequest;

/** The picture of a post. */
@Controller
class ImageController {

  private final ImageStore images;

  ImageController(ImageStore images) {
    this.images = images;
  }

  private static final Set<String> EXTENSIONS = Set.of("jpg", "png", "gif");

  // Plain variables keep the route readable on the isutools4j dashboard: /image/{id}.{ext}
  @GetMapping("/image/{id}.{ext}")
  ResponseEntity<byte[]> image(@PathVariable("id") String id, @PathVariable("ext") String ext, WebRequest request) {
    Integer postId = PostController.parseId(id);
    return postId == null || !EXTENSIONS.contains(ext) ? ResponseEntity.notFound().build()
        : images.serve(postId, ext, request);
  }
}
