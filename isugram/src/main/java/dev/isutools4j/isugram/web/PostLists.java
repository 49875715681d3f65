package dev.isutools4j.isugram.web;

import java.time.LocalDateTime;
import java.util.List;

/** Builds the posts pages show. Thread-safe. */
interface PostLists {

  int PER_PAGE = 20;

  /** The newest visible posts (author not banned), with their 3 newest comments. */
  List<Post> newest();

  /** The newest visible posts created at or before {@code max}. */
  List<Post> createdAtOrBefore(LocalDateTime max);

  /** The newest posts of one user. */
  List<Post> ofUser(int userId);

  /** One visible post with all its comments; null when absent or its author is banned. */
  Post one(int id);

  /** Counts shown on a user's page. */
  record UserCounts(long posts, long comments, long commented) {}

  UserCounts counts(int userId);
}
