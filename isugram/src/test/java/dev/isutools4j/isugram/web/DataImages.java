package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.DataLoaderAccess;

/** The generated pictures, as the loader wrote them. */
final class DataImages {

  private DataImages() {}

  static String mime(int postId) {
    return DataLoaderAccess.image(postId).mime();
  }

  static byte[] bytes(int postId) {
    return DataLoaderAccess.image(postId).bytes();
  }
}
