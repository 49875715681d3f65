package dev.isutools4j.isugram.data;

import dev.isutools4j.isugram.db.Dialect;
import dev.isutools4j.isugram.db.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Generates the data set into a database: drops and recreates the tables, then inserts users, posts
 * (with generated pictures) and comments in multi-row INSERTs. The same scale gives the same rows,
 * byte for byte.
 *
 * <pre>{@code
 * DataLoader.Summary s = DataLoader.load("jdbc:mariadb://127.0.0.1:3306/isugram?user=isucon&password=isucon", 0.05);
 * }</pre>
 */
public final class DataLoader {

  /** What a load wrote. */
  public record Summary(Scale scale, long millis) {}

  /** One generated post (without its picture, which comes from {@link #image(int)}). */
  record PostRow(int id, int userId, String body, LocalDateTime createdAt) {}

  /** One generated comment. */
  record CommentRow(int id, int postId, int userId, String comment, LocalDateTime createdAt) {}

  /** The app stores Tokyo wall-clock times (and shows them with +09:00). */
  private static final ZoneOffset STORED_ZONE = ZoneOffset.ofHours(9);
  // The base times are midnight UTC, as in the original's data: its newest post is 11:46:40+09:00,
  // where the public benchmarker starts paging back.
  static final LocalDateTime USERS_EPOCH = storedTime(LocalDate.of(2016, 1, 1));
  static final LocalDateTime POSTS_EPOCH = storedTime(LocalDate.of(2016, 1, 2));
  static final LocalDateTime COMMENTS_EPOCH = storedTime(LocalDate.of(2016, 1, 3));
  private static final long POSTS_SEED = 0x9057_0001L;
  private static final long COMMENTS_SEED = 0xC033_0001L;
  private static final long IMAGE_SEED = 0x1A6E_0001L;
  private static final int USER_BATCH = 500;
  private static final int POST_BATCH = 200;
  private static final int COMMENT_BATCH = 1000;

  private static final String[] WORDS = {
    "sunny", "morning", "coffee", "cat", "ramen", "sea", "mountain", "train", "friends", "lunch",
    "tokyo", "walk", "sunset", "rain", "flower", "dog", "festival", "night", "bridge", "snow",
    "今日", "散歩", "ご飯", "最高", "写真", "晴れ", "桜", "海", "夜景", "ありがとう",
  };

  private DataLoader() {}

  /** Loads the data set of scale {@code factor} into the database at a plain JDBC URL. */
  public static Summary load(String jdbcUrl, double factor) throws SQLException {
    return load(jdbcUrl, factor, null);
  }

  /**
   * Loads the data set; also writes the account names, one a line in id order, to {@code namesFile}
   * when it is not null.
   */
  public static Summary load(String jdbcUrl, double factor, Path namesFile) throws SQLException {
    long start = System.nanoTime();
    Scale scale = Scale.of(factor);
    Dialect dialect = Dialect.of(jdbcUrl);
    List<String> names = AccountNames.first(scale.users());
    try (Connection connection = DriverManager.getConnection(jdbcUrl)) {
      Schema.recreate(connection, dialect);
      insertUsers(connection, names);
      insertPosts(connection, scale);
      insertComments(connection, scale);
      try (PreparedStatement ps = connection.prepareStatement(
          "INSERT INTO isugram_dataset (id, users, posts, comments) VALUES (1, ?, ?, ?)")) {
        ps.setInt(1, scale.users());
        ps.setInt(2, scale.posts());
        ps.setInt(3, scale.comments());
        ps.executeUpdate();
      }
    }
    if (namesFile != null) {
      writeNames(namesFile, names);
    }
    return new Summary(scale, (System.nanoTime() - start) / 1_000_000);
  }

  /** Writes account names one a line, the list the public benchmarker reads. */
  public static void writeNames(Path file, List<String> names) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.write(file, names, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void insertUsers(Connection connection, List<String> names) throws SQLException {
    for (int from = 0; from < names.size(); from += USER_BATCH) {
      int to = Math.min(names.size(), from + USER_BATCH);
      try (PreparedStatement ps = connection.prepareStatement(multiRow(
          "INSERT INTO users (id, account_name, passhash, authority, del_flg, created_at) VALUES ", 6, to - from))) {
        int p = 1;
        for (int i = from; i < to; i++) {
          int id = i + 1;
          String name = names.get(i);
          ps.setInt(p++, id);
          ps.setString(p++, name);
          ps.setString(p++, Sha512.passhash(name, AccountNames.password(name)));
          ps.setInt(p++, Scale.admin(id) ? 1 : 0);
          ps.setInt(p++, Scale.banned(id) ? 1 : 0);
          ps.setObject(p++, USERS_EPOCH.plusSeconds(id));
        }
        ps.executeUpdate();
      }
    }
  }

  private static void insertPosts(Connection connection, Scale scale) throws SQLException {
    List<PostRow> rows = posts(scale);
    for (int from = 0; from < rows.size(); from += POST_BATCH) {
      List<PostRow> batch = rows.subList(from, Math.min(rows.size(), from + POST_BATCH));
      Images.Image[] images = IntStream.range(0, batch.size()).parallel()
          .mapToObj(i -> image(batch.get(i).id())).toArray(Images.Image[]::new);
      try (PreparedStatement ps = connection.prepareStatement(multiRow(
          "INSERT INTO posts (id, user_id, mime, imgdata, body, created_at) VALUES ", 6, batch.size()))) {
        int p = 1;
        for (int i = 0; i < batch.size(); i++) {
          PostRow row = batch.get(i);
          ps.setInt(p++, row.id());
          ps.setInt(p++, row.userId());
          ps.setString(p++, images[i].mime());
          ps.setBytes(p++, images[i].bytes());
          ps.setString(p++, row.body());
          ps.setObject(p++, row.createdAt());
        }
        ps.executeUpdate();
      }
    }
  }

  private static void insertComments(Connection connection, Scale scale) throws SQLException {
    List<CommentRow> rows = comments(scale);
    for (int from = 0; from < rows.size(); from += COMMENT_BATCH) {
      List<CommentRow> batch = rows.subList(from, Math.min(rows.size(), from + COMMENT_BATCH));
      try (PreparedStatement ps = connection.prepareStatement(multiRow(
          "INSERT INTO comments (id, post_id, user_id, comment, created_at) VALUES ", 5, batch.size()))) {
        int p = 1;
        for (CommentRow row : batch) {
          ps.setInt(p++, row.id());
          ps.setInt(p++, row.postId());
          ps.setInt(p++, row.userId());
          ps.setString(p++, row.comment());
          ps.setObject(p++, row.createdAt());
        }
        ps.executeUpdate();
      }
    }
  }

  /** The generated posts, in id order. */
  static List<PostRow> posts(Scale scale) {
    SplittableRandom random = new SplittableRandom(POSTS_SEED);
    return IntStream.rangeClosed(1, scale.posts()).mapToObj(id -> new PostRow(id,
        1 + random.nextInt(scale.users()), text(random, 3 + random.nextInt(10)), POSTS_EPOCH.plusSeconds(id)))
        .toList();
  }

  /** The generated comments, in id order. */
  static List<CommentRow> comments(Scale scale) {
    SplittableRandom random = new SplittableRandom(COMMENTS_SEED);
    return IntStream.rangeClosed(1, scale.comments()).mapToObj(id -> new CommentRow(id,
        1 + random.nextInt(scale.posts()), 1 + random.nextInt(scale.users()), text(random, 1 + random.nextInt(6)),
        COMMENTS_EPOCH.plusSeconds(id))).toList();
  }

  /** The picture of post {@code id}. */
  static Images.Image image(int postId) {
    return Images.make(IMAGE_SEED * 31 + postId);
  }

  /** Midnight UTC of {@code day}, as the app stores it. */
  private static LocalDateTime storedTime(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).withZoneSameInstant(STORED_ZONE).toLocalDateTime();
  }

  private static String text(SplittableRandom random, int words) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  private static String multiRow(String head, int columns, int rows) {
    String row = "(" + "?, ".repeat(columns - 1) + "?)";
    StringBuilder sql = new StringBuilder(head.length() + rows * (row.length() + 2));
    sql.append(head);
    for (int i = 0; i < rows; i++) {
      if (i > 0) {
        sql.append(", ");
      }
      sql.append(row);
    }
    return sql.toString();
  }
}
