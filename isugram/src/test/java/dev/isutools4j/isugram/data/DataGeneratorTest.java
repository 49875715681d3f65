package dev.isutools4j.isugram.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class DataGeneratorTest {

  private static final Scale SMALL = Scale.of(0.01);

  @Test
  void accountNamesAreDeterministicUniqueAndValid() {
    List<String> names = AccountNames.first(1000);
    assertThat(AccountNames.first(1000)).isEqualTo(names);
    assertThat(new HashSet<>(names)).hasSize(1000);
    assertThat(names).allSatisfy(name -> {
      assertThat(name).matches("[0-9a-zA-Z_]{3,12}");
      assertThat(AccountNames.VALID.matcher(name).matches()).isTrue();
    });
    assertThat(AccountNames.first(100)).isEqualTo(names.subList(0, 100));
    assertThat(AccountNames.password("abc")).isEqualTo("abcabc");
  }

  @Test
  void scaleKeepsEnoughUsersForEveryRole() {
    assertThat(Scale.of(1)).isEqualTo(new Scale(1000, 10000, 100000));
    assertThat(Scale.of(0.01)).isEqualTo(new Scale(100, 100, 1000));
    assertThat(Scale.admin(9)).isTrue();
    assertThat(Scale.admin(10)).isFalse();
    assertThat(Scale.banned(50)).isTrue();
    assertThat(Scale.banned(51)).isFalse();
    assertThatThrownBy(() -> Scale.of(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void postsCommentsAndPicturesAreTheSameEveryTime() {
    assertThat(DataLoader.posts(SMALL)).isEqualTo(DataLoader.posts(SMALL));
    assertThat(DataLoader.comments(SMALL)).isEqualTo(DataLoader.comments(SMALL));
    for (int id = 1; id <= 5; id++) {
      Images.Image first = DataLoader.image(id);
      Images.Image again = DataLoader.image(id);
      assertThat(again.mime()).isEqualTo(first.mime());
      assertThat(again.bytes()).isEqualTo(first.bytes());
    }
    DataLoader.PostRow post = DataLoader.posts(SMALL).get(0);
    assertThat(post.id()).isEqualTo(1);
    assertThat(post.createdAt()).hasToString("2016-01-02T09:00:01");
    assertThat(post.userId()).isBetween(1, SMALL.users());
    assertThat(DataLoader.comments(SMALL).get(9).createdAt()).hasToString("2016-01-03T09:00:10");
  }

  @Test
  void timesAreMidnightUtcPlusIdSecondsStoredAsTokyoWallClock() {
    // The public benchmarker pages back from 2016-01-02T11:46:21+09:00: the newest posts must be there.
    List<DataLoader.PostRow> posts = DataLoader.posts(Scale.of(1));
    assertThat(posts.get(posts.size() - 1).createdAt()).hasToString("2016-01-02T11:46:40");
    assertThat(posts.get(0).createdAt()).hasToString("2016-01-02T09:00:01");
    assertThat(DataLoader.USERS_EPOCH).hasToString("2016-01-01T09:00");
    assertThat(DataLoader.COMMENTS_EPOCH).hasToString("2016-01-03T09:00");
  }

  @Test
  void picturesAreSmallAndOfTheirType() {
    assertThat(Images.make(Images.JPEG, 7).bytes()).startsWith(0xFF, 0xD8);
    assertThat(Images.make(Images.PNG, 7).bytes()).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Images.make(Images.GIF, 7).bytes()).startsWith('G', 'I', 'F', '8');
    for (int id = 1; id <= 30; id++) {
      assertThat(DataLoader.image(id).bytes().length).isBetween(300, 20_000);
    }
    assertThat(Images.extension(Images.JPEG)).isEqualTo("jpg");
  }

  @Test
  void passhashIsSha512OfPasswordColonSha512OfName() throws Exception {
    assertThat(Sha512.hex("abc")).isEqualTo("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    String name = AccountNames.first(1).get(0);
    String password = AccountNames.password(name);
    MessageDigest sha = MessageDigest.getInstance("SHA-512");
    String inner = HexFormat.of().formatHex(sha.digest(name.getBytes(StandardCharsets.UTF_8)));
    String outer = HexFormat.of().formatHex(sha.digest((password + ":" + inner).getBytes(StandardCharsets.UTF_8)));
    assertThat(Sha512.passhash(name, password)).isEqualTo(outer).hasSize(128).isLowerCase();
    String viaOpenssl = Openssl.sha512Hex(password + ":" + Openssl.sha512Hex(name));
    assertThat(viaOpenssl).isEqualTo(outer);
  }

  @Test
  void twoLoadsWriteIdenticalRows() throws Exception {
    String a = "jdbc:h2:mem:gen_a;MODE=MySQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1";
    String b = "jdbc:h2:mem:gen_b;MODE=MySQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1";
    DataLoader.load(a, 0.01);
    DataLoader.load(b, 0.01);
    for (String table : List.of("users", "posts", "comments")) {
      assertThat(digest(a, table)).as(table).isEqualTo(digest(b, table));
    }
    try (Connection c = DriverManager.getConnection(a); Statement s = c.createStatement()) {
      assertThat(count(s, "SELECT COUNT(*) FROM users")).isEqualTo(100);
      assertThat(count(s, "SELECT COUNT(*) FROM posts")).isEqualTo(100);
      assertThat(count(s, "SELECT COUNT(*) FROM comments")).isEqualTo(1000);
      assertThat(count(s, "SELECT COUNT(*) FROM users WHERE authority = 1")).isEqualTo(9);
      assertThat(count(s, "SELECT COUNT(*) FROM users WHERE del_flg = 1")).isEqualTo(2);
      try (ResultSet rs = s.executeQuery("SELECT account_name, passhash, created_at FROM users WHERE id = 3")) {
        rs.next();
        String name = AccountNames.first(3).get(2);
        assertThat(rs.getString(1)).isEqualTo(name);
        assertThat(rs.getString(2)).isEqualTo(Sha512.passhash(name, name + name));
        assertThat(rs.getObject(3, java.time.LocalDateTime.class)).hasToString("2016-01-01T09:00:03");
      }
    }
  }

  private static long count(Statement s, String sql) throws Exception {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String digest(String url, String table) throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + table + " ORDER BY id")) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= columns; i++) {
          int type = rs.getMetaData().getColumnType(i);
          boolean binary = type == java.sql.Types.BLOB || type == java.sql.Types.VARBINARY
              || type == java.sql.Types.LONGVARBINARY;
          byte[] value = binary ? rs.getBytes(i) : rs.getString(i).getBytes(StandardCharsets.UTF_8);
          sha.update(value);
          sha.update((byte) 0);
        }
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
