package dev.isutools4j.isugram;

/**
 * How far the app is tuned, 0 to 5; each level keeps the ones below it.
 *
 * <ol start="0">
 *   <li>as the original ships: no secondary index, N+1 post lists over every post, pictures served
 *       from the database with SELECT *, the password digest in an external openssl process, the
 *       session user read from the database on every request;
 *   <li>indexes on comments(post_id, created_at), comments(user_id), posts(created_at), posts(user_id);
 *   <li>post lists in a fixed number of queries, with LIMIT;
 *   <li>the password digest in process;
 *   <li>pictures written to files once and served with cache headers;
 *   <li>users cached in memory.
 * </ol>
 */
public record Tuning(int level) {

  public static final int MAX = 5;

  public Tuning {
    if (level < 0 || level > MAX) {
      throw new IllegalArgumentException("tuning level must be 0.." + MAX + ": " + level);
    }
  }

  public boolean indexes() {
    return level >= 1;
  }

  public boolean batchedPostLists() {
    return level >= 2;
  }

  public boolean inProcessDigest() {
    return level >= 3;
  }

  public boolean imageFiles() {
    return level >= 4;
  }

  public boolean userCache() {
    return level >= 5;
  }
}
