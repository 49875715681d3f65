package dev.isutools4j.benchmarks.logs;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * An ISUCON-like application's statements against a small photo-sharing schema: 44 shapes
 * (lookups by key, joins of two and three tables, IN lists of 1 to 40 values, aggregates,
 * LIKE, a correlated subquery, UNION, multi-row and upsert INSERTs, UPDATEs, DELETEs, short
 * transactions, comment tags, double-quoted strings), each with fresh literals, sent as text so
 * the slow log holds the values as an application's driver sends them. One statement in eight is
 * of the kinds that make a real log hard ({@link #hard}): statements of 1 to 5 KB, IN lists of up
 * to 400 values, multi-row INSERTs of up to 30 rows, statements over several lines, {@code /* *}{@code /},
 * {@code -- } and {@code /*!40001 *}{@code /} comments, {@code 'it\'s'} beside {@code 'it''s'},
 * UTF-8 text, statements that are a comment alone; and some connections log InnoDB and
 * query-plan lines with each entry ({@link #VERBOSITY}).
 */
final class SlowLogWorkload {

  static final String DATABASE = "isulog";
  private static final int USERS = 2_000;
  private static final int POSTS = 20_000;
  private static final int COMMENTS = 60_000;
  private static final int TAGS = 50;
  private static final String[] WORDS = {"cat", "sunset", "isucon", "coffee", "ramen", "tokyo",
      "mountain", "sea", "code", "night", "cherry", "snow", "train", "bridge", "festival"};
  private static final String[] UTF8_WORDS = {"猫", "夕焼け", "ラーメン", "東京", "桜", "雪", "電車",
      "祭り", "café", "naïve", "Grüße", "🍣", "🚃", "✨"};
  /** log_slow_verbosity per connection, in turn: what MariaDB adds to each entry it logs. */
  static final String[] VERBOSITY = {"query_plan,innodb,explain", "", "innodb", "", "query_plan", ""};

  private SlowLogWorkload() {}

  /** The schema and its data, written before the slow log is switched on. */
  static void load(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE + " CHARACTER SET utf8mb4");
      s.execute("USE " + DATABASE);
      s.execute("CREATE TABLE users (id INT PRIMARY KEY AUTO_INCREMENT, account_name VARCHAR(64)"
          + " NOT NULL UNIQUE, passhash VARCHAR(128) NOT NULL, authority TINYINT NOT NULL DEFAULT 0,"
          + " del_flg TINYINT NOT NULL DEFAULT 0, created_at DATETIME NOT NULL)");
      s.execute("CREATE TABLE posts (id INT PRIMARY KEY AUTO_INCREMENT, user_id INT NOT NULL,"
          + " mime VARCHAR(64) NOT NULL, body TEXT NOT NULL, created_at DATETIME NOT NULL,"
          + " KEY idx_user (user_id, created_at), KEY idx_created (created_at))");
      s.execute("CREATE TABLE comments (id INT PRIMARY KEY AUTO_INCREMENT, post_id INT NOT NULL,"
          + " user_id INT NOT NULL, comment TEXT NOT NULL, created_at DATETIME NOT NULL,"
          + " KEY idx_post (post_id, created_at), KEY idx_user (user_id))");
      s.execute("CREATE TABLE tags (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32) NOT NULL UNIQUE)");
      s.execute("CREATE TABLE post_tags (post_id INT NOT NULL, tag_id INT NOT NULL,"
          + " PRIMARY KEY (post_id, tag_id), KEY idx_tag (tag_id))");
      s.execute("CREATE TABLE sessions (id VARCHAR(64) PRIMARY KEY, user_id INT NOT NULL,"
          + " expires_at DATETIME NOT NULL, KEY idx_expires (expires_at))");
      s.execute("CREATE TABLE counters (name VARCHAR(32) PRIMARY KEY, value BIGINT NOT NULL)");
      s.execute("CREATE TABLE events_2024 (id BIGINT PRIMARY KEY AUTO_INCREMENT, user_id INT NOT NULL,"
          + " kind VARCHAR(16) NOT NULL, payload VARCHAR(255), KEY idx_user (user_id))");
      SplittableRandom r = new SplittableRandom(1);
      insertRows(s, "users (account_name, passhash, authority, del_flg, created_at)", USERS,
          i -> "('user" + i + "', '" + hex(r, 64) + "', " + (i % 50 == 0 ? 1 : 0) + ", "
              + (i % 97 == 0 ? 1 : 0) + ", " + date(r) + ")");
      insertRows(s, "posts (user_id, mime, body, created_at)", POSTS,
          i -> "(" + (1 + r.nextInt(USERS)) + ", 'image/jpeg', '" + sentence(r) + "', " + date(r) + ")");
      insertRows(s, "comments (post_id, user_id, comment, created_at)", COMMENTS,
          i -> "(" + (1 + r.nextInt(POSTS)) + ", " + (1 + r.nextInt(USERS)) + ", '" + sentence(r)
              + "', " + date(r) + ")");
      insertRows(s, "tags (name)", TAGS, i -> "('tag" + i + "')");
      s.execute("INSERT IGNORE INTO post_tags (post_id, tag_id) SELECT id, 1 + (id * 7) % " + TAGS
          + " FROM posts");
      s.execute("INSERT IGNORE INTO post_tags (post_id, tag_id) SELECT id, 1 + (id * 13) % " + TAGS
          + " FROM posts WHERE id % 2 = 0");
      insertRows(s, "counters (name, value)", 20, i -> "('counter" + i + "', 0)");
    }
  }

  private static void insertRows(Statement s, String table, int n, Function<Integer, String> row)
      throws SQLException {
    for (int from = 1; from <= n; from += 500) {
      StringBuilder b = new StringBuilder("INSERT INTO ").append(table).append(" VALUES ");
      for (int i = from; i < Math.min(n + 1, from + 500); i++) {
        b.append(i == from ? "" : ", ").append(row.apply(i));
      }
      s.execute(b.toString());
    }
  }

  /**
   * Runs statements on {@code connections} connections until {@code total} have been sent.
   *
   * @return statements sent
   */
  static long run(PrivateMariaDb db, int connections, long total) throws Exception {
    AtomicLong sent = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    List<Exception> failures = new ArrayList<>();
    for (int t = 0; t < connections; t++) {
      long seed = 100 + t;
      Thread thread = new Thread(() -> {
        try (Connection c = db.connect(DATABASE); Statement s = c.createStatement()) {
          String verbosity = VERBOSITY[(int) (seed % VERBOSITY.length)];
          if (!verbosity.isEmpty()) {
            s.execute("SET SESSION log_slow_verbosity = '" + verbosity + "'");
          }
          SplittableRandom r = new SplittableRandom(seed);
          while (sent.get() < total) {
            for (String sql : next(r)) {
              execute(s, sql);
              sent.incrementAndGet();
            }
          }
        } catch (Exception e) {
          synchronized (failures) {
            failures.add(e);
          }
        }
      }, "workload-" + t);
      thread.start();
      threads.add(thread);
    }
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
    return sent.get();
  }

  private static void execute(Statement s, String sql) throws SQLException {
    if (sql.startsWith("/* ") && sql.endsWith(" */") || sql.startsWith("-- ")) {
      try {
        s.execute(sql); // a comment alone: the server logs it and answers "Query was empty"
      } catch (SQLException empty) {
        if (empty.getErrorCode() != 1065) {
          throw empty;
        }
      }
      return;
    }
    if (s.execute(sql)) {
      try (ResultSet rs = s.getResultSet()) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
    }
  }

  /** The next request's statements: usually one, a transaction's four. */
  static List<String> next(SplittableRandom r) {
    int user = 1 + r.nextInt(USERS);
    int post = 1 + r.nextInt(POSTS);
    String name = "user" + user;
    String counter = "counter" + r.nextInt(20);
    if (r.nextInt(8) == 0) {
      return List.of(hard(r, user, post));
    }
    int shape = r.nextInt(100);
    String sql = switch (shape) {
      case 0, 1, 2, 3, 4, 5 -> "SELECT * FROM users WHERE id = " + user;
      case 6, 7 -> "SELECT * FROM `users` WHERE `account_name` = '" + name + "'";
      case 8, 9, 10 -> "SELECT id, account_name, del_flg FROM users WHERE id IN (" + ids(r, USERS, 1 + r.nextInt(30)) + ")";
      case 11, 12, 13, 14 -> "SELECT * FROM posts WHERE id = " + post;
      case 15, 16 -> "SELECT p.id, p.user_id, p.body, p.mime, p.created_at FROM posts p ORDER BY p.created_at DESC LIMIT 20";
      case 17, 18, 19 -> "SELECT p.id, p.user_id, p.body, p.created_at, u.account_name FROM posts p"
          + " JOIN users u ON u.id = p.user_id WHERE u.del_flg = 0 ORDER BY p.created_at DESC LIMIT " + (10 + r.nextInt(3) * 10);
      case 20, 21 -> "SELECT * FROM posts WHERE user_id = " + user + " ORDER BY created_at DESC LIMIT 20";
      case 22, 23, 24, 25 -> "SELECT COUNT(*) AS count FROM comments WHERE post_id = " + post;
      case 26, 27, 28 -> "SELECT * FROM comments WHERE post_id = " + post + " ORDER BY created_at DESC LIMIT 3";
      case 29, 30 -> "SELECT c.id, c.comment, c.created_at, u.account_name FROM comments c JOIN users u"
          + " ON u.id = c.user_id WHERE c.post_id IN (" + ids(r, POSTS, 1 + r.nextInt(20)) + ") ORDER BY c.created_at";
      case 31, 32 -> "SELECT post_id, COUNT(*) FROM comments WHERE post_id IN (" + ids(r, POSTS, 1 + r.nextInt(40)) + ") GROUP BY post_id";
      case 33 -> "SELECT COUNT(*) FROM posts WHERE user_id = " + user;
      case 34, 35 -> "SELECT t.name FROM tags t JOIN post_tags pt ON pt.tag_id = t.id WHERE pt.post_id = " + post;
      case 36 -> "SELECT p.id, p.created_at FROM posts p JOIN post_tags pt ON pt.post_id = p.id JOIN tags t"
          + " ON t.id = pt.tag_id WHERE t.name = 'tag" + r.nextInt(TAGS) + "' ORDER BY p.id DESC LIMIT 10 OFFSET " + 10 * r.nextInt(20);
      case 37 -> "SELECT id, body FROM posts WHERE body LIKE '%" + WORDS[r.nextInt(WORDS.length)] + "%' LIMIT 10";
      case 38 -> "SELECT * FROM users WHERE authority = 1 AND del_flg = 0";
      case 39 -> "SELECT id FROM posts WHERE created_at BETWEEN " + date(r) + " AND " + date(r) + " ORDER BY id LIMIT 50";
      case 40 -> "SELECT u.id, (SELECT COUNT(*) FROM posts p WHERE p.user_id = u.id) AS posts FROM users u"
          + " WHERE u.id BETWEEN " + user + " AND " + (user + 5);
      case 41, 42, 43 -> "SELECT * FROM sessions WHERE id = '" + hex(r, 32) + "'";
      case 44, 45 -> "SELECT value FROM counters WHERE name = '" + counter + "'";
      case 46 -> "SELECT EXISTS(SELECT 1 FROM users WHERE account_name = '" + name + "') AS taken";
      case 47 -> "SELECT id FROM posts WHERE user_id = " + user + " UNION SELECT post_id FROM comments WHERE user_id = " + user;
      case 48 -> "SELECT MAX(id) FROM posts";
      case 49, 50 -> "SELECT * FROM events_2024 WHERE user_id = " + user + " ORDER BY id DESC LIMIT 5";
      case 51 -> "SELECT 1";
      case 52, 53 -> "SELECT id, account_name FROM users WHERE id = " + user + " AND passhash = '" + hex(r, 64) + "'";
      case 54 -> "SELECT COUNT(*) FROM users WHERE created_at > " + date(r);
      case 55 -> "SELECT id FROM users WHERE account_name = \"" + name + "\"";
      case 56, 57 -> "SELECT /* endpoint=/api/user */ id, account_name, created_at FROM users WHERE id = " + user;
      case 58, 59 -> "SELECT p.id, u.account_name, COUNT(c.id) AS comments FROM posts p JOIN users u ON u.id = p.user_id"
          + " LEFT JOIN comments c ON c.post_id = p.id WHERE p.user_id = " + user + " GROUP BY p.id, u.account_name LIMIT 10";
      case 60, 61, 62, 63 -> "INSERT INTO posts (user_id, mime, body, created_at) VALUES (" + user + ", 'image/"
          + (r.nextBoolean() ? "png" : "jpeg") + "', '" + sentence(r) + "', NOW())";
      case 64, 65, 66, 67 -> "INSERT INTO comments (post_id, user_id, comment, created_at) VALUES (" + post + ", "
          + user + ", '" + sentence(r).replace("'", "''") + " it''s', NOW())";
      case 68 -> "INSERT IGNORE INTO post_tags (post_id, tag_id) VALUES " + tuples(r, post, 1 + r.nextInt(5));
      case 69, 70 -> "INSERT INTO events_2024 (user_id, kind, payload) VALUES " + events(r, user, 1 + r.nextInt(20));
      case 71, 72 -> "INSERT INTO sessions (id, user_id, expires_at) VALUES ('" + hex(r, 32) + "', " + user
          + ", NOW() + INTERVAL 1 HOUR) ON DUPLICATE KEY UPDATE expires_at = VALUES(expires_at)";
      case 73 -> "REPLACE INTO counters (name, value) VALUES ('" + counter + "', " + r.nextInt(1_000_000) + ")";
      case 74, 75, 76 -> "UPDATE counters SET value = value + 1 WHERE name = '" + counter + "'";
      case 77 -> "UPDATE users SET del_flg = " + (r.nextInt(50) == 0 ? 1 : 0) + " WHERE id = " + user;
      case 78 -> "UPDATE posts SET body = '" + sentence(r) + "' WHERE id = " + post;
      case 79 -> "DELETE FROM sessions WHERE expires_at < " + date(r);
      case 80 -> "DELETE FROM comments WHERE id = " + (COMMENTS * 10 + r.nextInt(1000));
      case 81, 82 -> "SELECT c.id FROM comments c WHERE c.user_id = " + user + " AND c.created_at > " + date(r)
          + " ORDER BY c.created_at DESC LIMIT 5";
      case 83 -> "SELECT id, name FROM tags ORDER BY name";
      case 84 -> "SELECT p.* FROM posts p WHERE p.id IN (SELECT post_id FROM post_tags WHERE tag_id = "
          + (1 + r.nextInt(TAGS)) + ") ORDER BY p.created_at DESC LIMIT 20";
      case 85 -> "SELECT u.account_name, COUNT(*) AS n FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id BETWEEN "
          + post + " AND " + (post + 50) + " GROUP BY u.account_name ORDER BY n DESC LIMIT 10";
      case 86 -> "SELECT SQL_NO_CACHE COUNT(*) FROM posts WHERE mime = 'image/png' AND user_id = " + user;
      case 87 -> "SELECT id FROM posts ORDER BY id DESC LIMIT " + (r.nextInt(100)) + ", 20";
      default -> null; // a transaction
    };
    if (sql != null) {
      return List.of(sql);
    }
    if (shape < 94) {
      return List.of("BEGIN", "SELECT value FROM counters WHERE name = '" + counter + "' FOR UPDATE",
          "UPDATE counters SET value = value + " + (1 + r.nextInt(9)) + " WHERE name = '" + counter + "'",
          "COMMIT");
    }
    return List.of("START TRANSACTION", "SELECT id, del_flg FROM users WHERE id = " + user + " FOR UPDATE",
        "INSERT INTO events_2024 (user_id, kind, payload) VALUES (" + user + ", 'login', NULL)", "COMMIT");
  }

  /**
   * A statement of the kinds real logs hold and easy generators leave out. Of all statements
   * (one in eight comes here): 3 % over 1 KB, 1.5 % a comment alone.
   */
  static String hard(SplittableRandom r, int user, int post) {
    int kind = r.nextInt(16);
    return switch (kind) {
      // Multi-row INSERTs of long UTF-8 comments, both ways of quoting a quote: 1 to 5 KB.
      case 0, 1, 2, 3 -> "INSERT INTO comments (post_id, user_id, comment, created_at) VALUES "
          + longRows(r, post, user, 1 + r.nextInt(12));
      case 4, 5, 6 -> r.nextBoolean() ? "/* ping */" : "-- healthcheck from " + (r.nextBoolean() ? "app1" : "app2");
      // An IN list of up to 400 values, over several lines, with both kinds of comment.
      case 7, 8 -> "SELECT c.id, c.post_id, c.comment\n  FROM comments c -- the page's comments\n"
          + "  WHERE c.post_id IN (" + ids(r, POSTS, 1 + r.nextInt(400)) + ")\n"
          + "  /* newest first */ ORDER BY c.created_at DESC";
      case 9 -> "SELECT /*!40001 SQL_NO_CACHE */ * FROM `posts` WHERE `id` = " + post;
      case 10 -> "SELECT id, body FROM posts WHERE body LIKE '%" + UTF8_WORDS[r.nextInt(UTF8_WORDS.length)]
          + "%' OR body = \"" + UTF8_WORDS[r.nextInt(UTF8_WORDS.length)] + "\" LIMIT 10";
      case 11 -> "UPDATE posts\n   SET body = 'it\\'s " + utf8Sentence(r) + "'\n WHERE id = " + post;
      case 12, 13 -> "INSERT INTO events_2024 (user_id, kind, payload) VALUES " + events(r, user, 1 + r.nextInt(30));
      default -> "SELECT u.id, u.account_name\nFROM users u\nWHERE u.id IN (" + ids(r, USERS, 1 + r.nextInt(400))
          + ")\n  AND u.del_flg = 0";
    };
  }

  private static String longRows(SplittableRandom r, int post, int user, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String text = utf8Sentence(r) + (r.nextBoolean() ? " it\\'s " : " it''s ") + sentence(r);
      int repeat = 1 + r.nextInt(3);
      b.append(i == 0 ? "" : ", ").append('(').append(post + i).append(", ").append(user).append(", '")
          .append(String.join(" ", java.util.Collections.nCopies(repeat, text))).append("', NOW())");
    }
    return b.toString();
  }

  private static String utf8Sentence(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = 3 + r.nextInt(12);
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(r.nextBoolean() ? UTF8_WORDS[r.nextInt(UTF8_WORDS.length)]
          : WORDS[r.nextInt(WORDS.length)]);
    }
    return b.toString();
  }

  private static String ids(SplittableRandom r, int max, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ", ").append(1 + r.nextInt(max));
    }
    return b.toString();
  }

  private static String tuples(SplittableRandom r, int post, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ", ").append('(').append(post).append(", ").append(1 + r.nextInt(TAGS)).append(')');
    }
    return b.toString();
  }

  private static String events(SplittableRandom r, int user, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",").append('(').append(user).append(", '")
          .append(r.nextBoolean() ? "view" : "like").append("', '").append(hex(r, 16)).append("')");
    }
    return b.toString();
  }

  private static String sentence(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = 3 + r.nextInt(12);
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
    }
    return b.toString();
  }

  private static String date(SplittableRandom r) {
    return String.format(Locale.ROOT, "'2024-%02d-%02d %02d:%02d:%02d'", 1 + r.nextInt(12),
        1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60));
  }

  private static String hex(SplittableRandom r, int n) {
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(Character.forDigit(r.nextInt(16), 16));
    }
    return b.toString();
  }
}
