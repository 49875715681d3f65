package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndexSuggestionTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "select * from comments where post_id = ? order by created_at desc limit ?"
          + "|ALTER TABLE comments ADD INDEX (post_id, created_at)",
      "SELECT * FROM `comments` c WHERE c.`post_id` = 9 AND c.user_id = 'x' ORDER BY c.created_at DESC"
          + "|ALTER TABLE comments ADD INDEX (post_id, user_id, created_at)",
      "select * from t where a = ? and b = ? order by c desc|ALTER TABLE t ADD INDEX (a, b, c)",
      "select * from posts as p join users u on u.id = p.user_id where p.user_id in(?+) and u.del = ?"
          + "|ALTER TABLE posts ADD INDEX (user_id)",
      "select count(*) from isu.posts where created_at > ?|ALTER TABLE posts ADD INDEX (created_at)",
      "update users set name = ? where account_name = ?|ALTER TABLE users ADD INDEX (account_name)",
      "delete from sessions where expires < now()|ALTER TABLE sessions ADD INDEX (expires)",
      "select * from t where a = (select max(x) from u where y = ?)|ALTER TABLE t ADD INDEX (a)",
  })
  void suggests(String sql, String alter) {
    assertThat(IndexSuggestion.of(sql).alter()).isEqualTo(alter);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"select 1", "select * from t", "insert into t values (?)",
      "set names utf8mb4"})
  void nothingToSuggest(String sql) {
    assertThat(IndexSuggestion.of(sql)).isNull();
  }
}
