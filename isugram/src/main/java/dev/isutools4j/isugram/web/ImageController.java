package dev.isutools4j.isugram.web;

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

  @GetMapping("/image/{id:[0-9]+}.{ext:jpg|png|gif}")
  ResponseEntity<byte[]> image(@PathVariable("id") String id, @PathVariable("ext") String ext, WebRequest request) {
    Integer postId = PostController.parseId(id);
    return postId == null ? ResponseEntity.notFound().build() : images.serve(postId, ext, request);
  }
}
