package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlDialectTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:mysql://127.0.0.1:3306/isugram                         | MYSQL",
      "jdbc:mariadb://127.0.0.1:3306/isugram?useSsl=false           | MYSQL",
      "jdbc:mysql:loadbalance://a,b/db                              | MYSQL",
      "jdbc:mariadb:replication://a,b/db                            | MYSQL",
      "jdbc:mysql+srv://_mysql._tcp.example/db                      | MYSQL",
      "JDBC:MySQL://host/db                                         | MYSQL",
      "jdbc:p6spy:mysql://host/db                                   | MYSQL",
      "jdbc:tc:mysql:8.0:///db                                      | MYSQL",
      "jdbc:mysql://h/db?sessionVariables=sql_mode=NO_BACKSLASH_ESCAPES | STANDARD",
      "jdbc:mariadb://h/db?sessionVariables=sql_mode=ANSI,no_backslash_escapes | STANDARD",
      "jdbc:h2:mem:owners                                           | STANDARD",
      "jdbc:h2:mem:mysql;MODE=MySQL                                 | STANDARD",
      "jdbc:h2:tcp://localhost/~/test                               | STANDARD",
      "jdbc:log4jdbc:h2:mem:x                                       | STANDARD",
      "jdbc:postgresql://localhost/petclinic                        | STANDARD",
      "jdbc:sqlserver://localhost:1433;databaseName=x               | STANDARD",
      "jdbc:oracle:thin:@//localhost:1521/xe                        | STANDARD",
      "jdbc:sqlite:/tmp/x.db                                        | STANDARD",
      "jdbc:hsqldb:mem:x                                            | STANDARD",
      "jdbc:derby:memory:x;create=true                              | STANDARD",
      "jdbc:memdb:bench                                             | MYSQL",
      "jdbc:unknown://host/mysql                                    | MYSQL",
      "not a url                                                    | MYSQL"})
  void theUrlNamesTheDialect(String url, SqlDialect expected) {
    assertThat(SqlDialect.ofUrl(url.trim())).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "sql_mode=NO_BACKSLASH_ESCAPES         | STANDARD",
      "sql_mode=STRICT_TRANS_TABLES | MYSQL",
      "time_zone=+00:00 | MYSQL"})
  void mysqlSessionVariablesInThePropertiesCountToo(String sessionVariables, SqlDialect expected) {
    Properties info = new Properties();
    info.setProperty("sessionVariables", sessionVariables.trim());
    assertThat(SqlDialect.ofUrl("jdbc:mariadb://127.0.0.1/db", info)).isEqualTo(expected);
    assertThat(SqlDialect.ofUrl("jdbc:h2:mem:x", info)).isEqualTo(SqlDialect.STANDARD);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', nullValues = "null", value = {"null", "''"})
  void noUrlKeepsMySqlsRule(String url) {
    assertThat(SqlDialect.ofUrl(url)).isEqualTo(SqlDialect.MYSQL);
    assertThat(SqlDialect.MYSQL.backslashEscapes()).isTrue();
    assertThat(SqlDialect.STANDARD.backslashEscapes()).isFalse();
  }
}
