package dev.isutools4j.isugram.data;

/**
 * Row counts of a data set. Scale 1 is 1000 users, 10000 posts and 100000 comments; smaller scales
 * keep at least 100 users, so that there are admins (id &lt; 10), banned users (id % 50 == 0) and
 * plain users.
 */
public record Scale(int users, int posts, int comments) {

  public static final Scale FULL = of(1.0);

  public static Scale of(double factor) {
    if (!(factor > 0) || factor > 100) {
      throw new IllegalArgumentException("scale must be in (0, 100]: " + factor);
    }
    return new Scale(Math.max(100, (int) Math.round(1000 * factor)),
        Math.max(20, (int) Math.round(10000 * factor)),
        Math.max(20, (int) Math.round(100000 * factor)));
  }

  /** Whether generated user {@code id} is an admin. */
  public static boolean admin(int id) {
    return id < 10;
  }

  /** Whether generated user {@code id} is banned after GET /initialize. */
  public static boolean banned(int id) {
    return id >= 10 && id % 50 == 0;
  }
}
