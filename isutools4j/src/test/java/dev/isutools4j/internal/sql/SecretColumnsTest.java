package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The values of secret columns are masked in every shape a statement carries them; others stay. */
class SecretColumnsTest {

  private static final SecretColumns SECRETS = SecretColumns.DEFAULT;

  private static String mask(String sql) {
    return SECRETS.mask(sql, SqlDialect.MYSQL);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      SELECT * FROM users WHERE passhash = 'abc'                | SELECT * FROM users WHERE passhash = '***'
      SELECT * FROM users WHERE password='x'                    | SELECT * FROM users WHERE password='***'
      SELECT * FROM users WHERE PassHash = 'abc' AND id = 5     | SELECT * FROM users WHERE PassHash = '***' AND id = 5
      SELECT * FROM users u WHERE u.passhash = 'abc'            | SELECT * FROM users u WHERE u.passhash = '***'
      SELECT * FROM users u WHERE `u`.`passhash` = 'abc'        | SELECT * FROM users u WHERE `u`.`passhash` = '***'
      SELECT * FROM users WHERE "passhash" = 'abc'              | SELECT * FROM users WHERE "passhash" = '***'
      SELECT * FROM users WHERE 'abc' = passhash                | SELECT * FROM users WHERE '***' = passhash
      SELECT * FROM users WHERE 'abc' = u.passhash AND id = 5   | SELECT * FROM users WHERE '***' = u.passhash AND id = 5
      SELECT * FROM users WHERE api_token = 42                  | SELECT * FROM users WHERE api_token = '***'
      SELECT * FROM users WHERE token IN ('a', 'b') AND id = 1  | SELECT * FROM users WHERE token IN ('***', '***') AND id = 1
      SELECT * FROM users WHERE token NOT LIKE 'a%' OR id = 1   | SELECT * FROM users WHERE token NOT LIKE '***' OR id = 1
      SELECT * FROM t WHERE secret BETWEEN 'a' AND 'b' AND id = 3 | SELECT * FROM t WHERE secret BETWEEN '***' AND '***' AND id = 3
      SELECT * FROM users WHERE passhash IS NULL AND id = 2     | SELECT * FROM users WHERE passhash IS NULL AND id = 2
      SELECT * FROM users WHERE passhash <=> 'x'                | SELECT * FROM users WHERE passhash <=> '***'
      SELECT * FROM users WHERE passhash = _utf8mb4'x' COLLATE utf8mb4_bin | SELECT * FROM users WHERE passhash = '***' COLLATE utf8mb4_bin
      SELECT * FROM users WHERE passhash = X'00ff'              | SELECT * FROM users WHERE passhash = '***'
      SELECT * FROM users WHERE passhash = SHA2(CONCAT('salt', 'pw'), 512) AND id = 1 | SELECT * FROM users WHERE passhash = SHA2(CONCAT('***', '***'), '***') AND id = 1
      SELECT * FROM users WHERE SHA2(password, 256) = 'abc'     | SELECT * FROM users WHERE SHA2(password, 256) = '***'
      SELECT * FROM users WHERE (account_name, passhash) = ('a', 'b') | SELECT * FROM users WHERE (account_name, passhash) = ('***', '***')
      SELECT * FROM users WHERE passhash = 'it''s' AND id = 1   | SELECT * FROM users WHERE passhash = '***' AND id = 1
      SELECT * FROM users WHERE passhash = 'a\\' AND id = 1' AND id = 2 | SELECT * FROM users WHERE passhash = '***' AND id = 2
      SELECT * FROM users WHERE passhash = "a"" b" AND id = 1   | SELECT * FROM users WHERE passhash = '***' AND id = 1
      SELECT * FROM users WHERE passhash = 'cut off and never end | SELECT * FROM users WHERE passhash = '***'
      SELECT * FROM users WHERE passhash = ?                    | SELECT * FROM users WHERE passhash = ?
      UPDATE users SET passhash = 'abc', account_name = 'bob' WHERE id = 7 | UPDATE users SET passhash = '***', account_name = 'bob' WHERE id = 7
      UPDATE users SET password = CASE WHEN id = 1 THEN 'a' ELSE 'b' END WHERE id < 3 | UPDATE users SET password = CASE WHEN id = '***' THEN '***' ELSE '***' END WHERE id < 3
      SET @secret := 'x'                                         | SET @secret := '***'
      SET password = 'x'                                         | SET password = '***'
      SET PASSWORD = PASSWORD('x')                               | SET PASSWORD = PASSWORD('***')
      SET PASSWORD FOR 'app'@'%' = 'x'                           | SET PASSWORD FOR 'app'@'%' = '***'
      CREATE USER 'app'@'%' IDENTIFIED BY 'pw', 'b'@'%' IDENTIFIED BY 'pw2' | CREATE USER 'app'@'%' IDENTIFIED BY '***', 'b'@'%' IDENTIFIED BY '***'
      ALTER USER app IDENTIFIED WITH caching_sha2_password BY 'pw' | ALTER USER app IDENTIFIED WITH caching_sha2_password BY '***'
      SELECT passhash FROM users WHERE account_name = 'bob'     | SELECT passhash FROM users WHERE account_name = 'bob'
      SELECT * FROM users WHERE account_name = 'bob' AND del_flg = 0 | SELECT * FROM users WHERE account_name = 'bob' AND del_flg = 0
      /* token='c' */ SELECT 1 FROM t WHERE token='x' -- token='y' | /* token='c' */ SELECT 1 FROM t WHERE token='***' -- token='y'
      """)
  void masksTheValuesOfSecretColumns(String sql, String masked) {
    assertThat(mask(sql)).isEqualTo(masked);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      INSERT INTO users (account_name, passhash) VALUES ('a', 'b') | INSERT INTO users (account_name, passhash) VALUES ('a', '***')
      INSERT INTO users (account_name, passhash) VALUES ('a', 'b'), ('c','d') | INSERT INTO users (account_name, passhash) VALUES ('a', '***'), ('c','***')
      insert into users(`passhash`, `account_name`, authority) values ('h', 'n', 1) | insert into users(`passhash`, `account_name`, authority) values ('***', 'n', 1)
      INSERT INTO users (u.account_name, u.PASSHASH) VALUE ('a', 'b') | INSERT INTO users (u.account_name, u.PASSHASH) VALUE ('a', '***')
      INSERT INTO users (account_name, passhash) VALUES ROW('a', 'b'), ROW('c', 'd') | INSERT INTO users (account_name, passhash) VALUES ROW('a', '***'), ROW('c', '***')
      INSERT INTO users (account_name, passhash) VALUES ('a', SHA2('b', 512)) | INSERT INTO users (account_name, passhash) VALUES ('a', SHA2('***', '***'))
      INSERT INTO users (account_name, passhash) VALUES ('a', 'b', 'c') | INSERT INTO users (account_name, passhash) VALUES ('***', '***', '***')
      INSERT INTO users (account_name, passhash) SELECT 'a', 'b' | INSERT INTO users (account_name, passhash) SELECT '***', '***'
      INSERT INTO users (account_name, passhash) VALUES ('a', 'b') ON DUPLICATE KEY UPDATE passhash = 'c' | INSERT INTO users (account_name, passhash) VALUES ('a', '***') ON DUPLICATE KEY UPDATE passhash = '***'
      INSERT INTO users SET account_name = 'a', passhash = 'b'   | INSERT INTO users SET account_name = 'a', passhash = '***'
      INSERT INTO posts (user_id, body) VALUES (1, 'password: hunter2') | INSERT INTO posts (user_id, body) VALUES (1, 'password: hunter2')
      REPLACE INTO sessions (id, token) VALUES (1, 't1'); SELECT 'x' | REPLACE INTO sessions (id, token) VALUES (1, '***'); SELECT 'x'
      INSERT INTO users (account_name, passhash) VALUES ('a', 'unterminated | INSERT INTO users (account_name, passhash) VALUES ('***', '***'
      INSERT INTO users (account_name, passhash | INSERT INTO users (account_name, passhash
      """)
  void masksTheInsertedValuesAtTheSecretColumnsPositions(String sql, String masked) {
    assertThat(mask(sql)).isEqualTo(masked);
  }

  @Test
  void aBackslashIsReadByTheDialect() {
    // To MySQL 'a\' is the start of a string that runs on; to H2 it is a whole string.
    String sql = "SELECT 1 FROM t WHERE passhash = 'a\\' AND note = 'c'";
    assertThat(SECRETS.mask(sql, SqlDialect.STANDARD))
        .isEqualTo("SELECT 1 FROM t WHERE passhash = '***' AND note = 'c'");
    assertThat(SECRETS.mask(sql, SqlDialect.MYSQL))
        .isEqualTo("SELECT 1 FROM t WHERE passhash = '***'c'***'")
        .doesNotContain("a\\");
    assertThat(SECRETS.mask(sql)).doesNotContain("a\\");
  }

  @Test
  void aStatementWithoutASecretNameIsReturnedAsItIs() {
    String sql = "SELECT * FROM users WHERE account_name = 'bob'";
    assertThat(mask(sql)).isSameAs(sql);
    assertThat(mask(null)).isNull();
  }

  @Test
  void theWordsAreConfigurable() {
    SecretColumns pin = SecretColumns.ofSetting(" PIN , card_number ");
    assertThat(pin.words()).containsExactly("pin", "card_number");
    assertThat(pin.mask("UPDATE cards SET card_number = '4111', pin = 1234, token = 't'",
        SqlDialect.MYSQL)).isEqualTo("UPDATE cards SET card_number = '***', pin = '***', token = 't'");
    assertThat(SecretColumns.ofSetting(null).words()).isEqualTo(SecretColumns.DEFAULT_WORDS);
    assertThat(SecretColumns.ofSetting("none").words()).isEmpty();
    assertThat(SecretColumns.ofSetting("none").mask("SELECT 1 WHERE passhash = 'x'", SqlDialect.MYSQL))
        .isEqualTo("SELECT 1 WHERE passhash = 'x'");
    assertThat(SecretColumns.of(List.of("token")).isSecret("X_TOKEN_ID")).isTrue();
  }

  @Test
  void aMaskNeverJoinsTheStringBesideIt() {
    // 'a'2026 is a string and a number; masked as '***''***' it would be one string, and the
    // sample another statement than its row's (found by fuzzing the slow log).
    for (String sql : List.of("SELECT 'a'2026, 1e5'x' FROM t WHERE token = 'a'7",
        "INSERT INTO users (passhash, token) VALUES ('b'3, 5'c')")) {
      String masked = SECRETS.maskEveryValue(sql, SqlDialect.MYSQL);
      assertThat(masked).doesNotContain("'***''");
      assertThat(Fingerprint.of(masked, SqlDialect.MYSQL)).as(masked)
          .isEqualTo(Fingerprint.of(sql, SqlDialect.MYSQL));
      assertThat(Fingerprint.of(mask(sql), SqlDialect.MYSQL)).as(mask(sql))
          .isEqualTo(Fingerprint.of(sql, SqlDialect.MYSQL));
    }
  }

  @Test
  void maskingTwiceChangesNothingMore() {
    String once = mask("INSERT INTO users (account_name, passhash) VALUES ('a', 'b'), ('c', 'd')");
    assertThat(mask(once)).isEqualTo(once);
  }

  @Test
  void aHugeOrBrokenStatementNeverThrows() {
    String deep = "SELECT * FROM t WHERE passhash = " + "(".repeat(50_000) + "'x'";
    assertThat(mask(deep)).doesNotContain("'x'");
    String unbalanced = "SELECT * FROM t WHERE passhash = 'x' " + ")".repeat(1000) + " AND a = 'y'";
    assertThat(mask(unbalanced)).doesNotContain("'x'").contains("'y'");
    assertThat(mask("passhash =")).isEqualTo("passhash =");
    assertThat(mask("= passhash")).isEqualTo("= passhash");
    assertThat(mask("'x' = passhash")).isEqualTo("'***' = passhash");
  }
}
