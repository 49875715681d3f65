package dev.isutools4j.isugram.data;

/** Test access to the loader's generated rows. */
public final class DataLoaderAccess {

  private DataLoaderAccess() {}

  public static Images.Image image(int postId) {
    return DataLoader.image(postId);
  }
}
