package dev.isutools4j.internal.digest.slow;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A varied, repeatable SQL workload for the slow log tests: about thirty shapes (IN lists of any
 * length, string and number literals, comments, multi-row inserts, mixed case, backquotes, LIMIT
 * with offsets, UNIONs, multi-line text), each statement with the label of the class it must
 * land in. Statements of one label differ only in their values, or in ways a fingerprint ignores.
 */
public final class SlowWorkload {

  /** One statement and the class it belongs to. */
  public record Statement(String label, String sql) {}

  private record Shape(String label, Function<Random, String> sql) {}

  /** The tables the workload reads and writes, created in an empty database. */
  public static final List<String> SCHEMA = List.of(
      "CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(64), email VARCHAR(128),"
          + " active BOOLEAN, created_at DATETIME, KEY idx_name (name))",
      "CREATE TABLE posts (id INT PRIMARY KEY AUTO_INCREMENT, user_id INT, body TEXT,"
          + " created_at DATETIME, KEY idx_user (user_id))",
      "CREATE TABLE comments (id INT PRIMARY KEY AUTO_INCREMENT, post_id INT, user_id INT, body TEXT)",
      "CREATE TABLE items (id INT PRIMARY KEY, price INT)",
      "CREATE TABLE users_2009 (id INT PRIMARY KEY, name VARCHAR(64))",
      "CREATE TABLE users_2010 (id INT PRIMARY KEY, name VARCHAR(64))",
      "INSERT INTO users SELECT seq, CONCAT('user', seq), CONCAT('u', seq, '@example.com'), seq % 2,"
          + " '2026-01-01' + INTERVAL seq MINUTE FROM seq_1_to_500",
      "INSERT INTO posts (user_id, body, created_at) SELECT seq % 500 + 1, CONCAT('post body ', seq),"
          + " '2026-01-01' + INTERVAL seq MINUTE FROM seq_1_to_2000",
      "INSERT INTO items SELECT seq, seq * 3 FROM seq_1_to_300",
      "INSERT INTO users_2009 SELECT seq, CONCAT('old', seq) FROM seq_1_to_50",
      "INSERT INTO users_2010 SELECT seq, CONCAT('older', seq) FROM seq_1_to_50");

  private static final String[] WORDS = {"alice", "bob", "carol", "dave", "erin", "frank", "grace",
      "heidi", "ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert", "sybil"};

  private static final List<Shape> SHAPES = List.of(
      new Shape("user-by-id", r -> "SELECT * FROM users WHERE id = " + id(r)),
      new Shape("user-by-id", r -> "select * from `users` where `id` = " + id(r)),
      new Shape("user-by-id", r -> "SeLeCt * FrOm users WhErE id = " + id(r)),
      new Shape("user-by-name", r -> "SELECT id, email FROM users WHERE name = '" + word(r) + "'"),
      new Shape("user-by-name", r -> "SELECT id, email FROM users WHERE name = \"" + word(r) + "\""),
      new Shape("posts-in", r -> "SELECT * FROM posts WHERE user_id IN (" + ids(r, 1 + r.nextInt(20)) + ")"),
      new Shape("names-in", r -> "SELECT id FROM users WHERE name IN (" + words(r, 1 + r.nextInt(6)) + ")"),
      new Shape("comments-insert", r -> "INSERT INTO comments (post_id, user_id, body) VALUES "
          + rows(r, 1 + r.nextInt(8))),
      new Shape("posts-insert", r -> "INSERT INTO posts (user_id, body, created_at) VALUES (" + id(r)
          + ", '" + word(r) + " says hi', NOW())"),
      new Shape("user-rename", r -> "UPDATE users SET name = '" + word(r) + id(r) + "' WHERE id = " + id(r)),
      new Shape("comment-delete", r -> "DELETE FROM comments WHERE id = " + r.nextInt(100_000)),
      new Shape("post-count", r -> "/* endpoint=/posts */ SELECT COUNT(*) FROM posts WHERE user_id = " + id(r)),
      new Shape("post-count", r -> "SELECT COUNT(*) FROM posts WHERE user_id = " + id(r) + " -- per user"),
      new Shape("post-count", r -> "SELECT COUNT(*)  FROM posts\n WHERE user_id = " + id(r)),
      new Shape("timeline", r -> "SELECT p.id, u.name\n  FROM posts p\n  JOIN users u ON u.id = p.user_id\n"
          + " WHERE p.id > " + r.nextInt(2000) + "\n ORDER BY p.id DESC\n LIMIT 10"),
      new Shape("page", r -> "SELECT * FROM posts ORDER BY created_at DESC LIMIT " + 20 * r.nextInt(50) + ", 20"),
      new Shape("page", r -> "SELECT * FROM posts ORDER BY created_at DESC LIMIT 20 OFFSET " + 20 * r.nextInt(50)),
      new Shape("search", r -> "SELECT id FROM posts WHERE body LIKE '%" + word(r) + "%'"),
      new Shape("recent-users", r -> "SELECT id FROM users WHERE created_at > '2026-01-0" + (1 + r.nextInt(9))
          + " 00:00:00' AND id < " + id(r)),
      new Shape("cheap-items", r -> "SELECT * FROM items WHERE price > -" + r.nextInt(50)),
      new Shape("item-by-id", r -> "SELECT * FROM items WHERE id = " + r.nextInt(300)),
      new Shape("item-by-id", r -> "SELECT * FROM items WHERE id = 0x" + Integer.toHexString(r.nextInt(300))),
      new Shape("item-taxed", r -> "SELECT id, price * 1.08 FROM items WHERE id = " + r.nextInt(300)),
      new Shape("post-edit", r -> "UPDATE posts SET body = 'edited " + r.nextInt(99) + "' WHERE id = " + id(r)),
      new Shape("post-edit", r -> "UPDATE posts SET body = 'it''s " + word(r) + "' WHERE id = " + id(r)),
      new Shape("posts-of-name", r -> "SELECT * FROM posts WHERE user_id IN (SELECT id FROM users WHERE name = '"
          + word(r) + "')"),
      new Shape("no-email", r -> "SELECT id FROM users WHERE email IS NULL AND id > " + id(r)),
      new Shape("either-user", r -> "SELECT id FROM users WHERE id = " + id(r)
          + " UNION SELECT id FROM users WHERE id = " + id(r)),
      new Shape("price-upsert", r -> "INSERT INTO items (id, price) VALUES (" + r.nextInt(300) + ", "
          + r.nextInt(999) + ") ON DUPLICATE KEY UPDATE price = VALUES(price)"),
      new Shape("old-users-2009", r -> "SELECT name FROM users_2009 WHERE id = " + (1 + r.nextInt(50))),
      new Shape("old-users-2010", r -> "SELECT name FROM users_2010 WHERE id = " + (1 + r.nextInt(50))),
      new Shape("user-active", r -> "UPDATE users SET active = " + (r.nextBoolean() ? "TRUE" : "FALSE")
          + " WHERE id = " + id(r)),
      new Shape("user-email", r -> "UPDATE users SET email = " + (r.nextBoolean() ? "NULL"
          : "'" + word(r) + "@example.org'") + " WHERE id = " + id(r)),
      new Shape("posts-by-user", r -> "SELECT id FROM posts WHERE user_id = " + id(r) + " ORDER BY created_at"),
      new Shape("posts-by-user-asc", r -> "SELECT id FROM posts WHERE user_id = " + id(r)
          + " ORDER BY created_at ASC"),
      new Shape("first-users", r -> "SELECT * FROM users ORDER BY id LIMIT " + (1 + r.nextInt(30))));

  private SlowWorkload() {}

  /** {@code n} statements in a repeatable order: every shape comes round, in a shuffled mix. */
  public static List<Statement> statements(int n, long seed) {
    Random r = new Random(seed);
    List<Statement> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Shape shape = i < SHAPES.size() ? SHAPES.get(i) : SHAPES.get(r.nextInt(SHAPES.size()));
      out.add(new Statement(shape.label(), shape.sql().apply(r)));
    }
    return out;
  }

  /** The distinct labels, in shape order. */
  public static List<String> labels() {
    return SHAPES.stream().map(Shape::label).distinct().toList();
  }

  private static int id(Random r) {
    return 1 + r.nextInt(500);
  }

  private static String word(Random r) {
    return WORDS[r.nextInt(WORDS.length)];
  }

  private static String ids(Random r, int n) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(i == 0 ? "" : ", ").append(id(r));
    }
    return out.toString();
  }

  private static String words(Random r, int n) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(i == 0 ? "'" : ", '").append(word(r)).append('\'');
    }
    return out.toString();
  }

  private static String rows(Random r, int n) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(i == 0 ? "(" : ", (").append(r.nextInt(2000)).append(", ").append(id(r))
          .append(", '").append(word(r)).append(" was here')");
    }
    return out.toString();
  }
}
