package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FingerprintTest {

  /** One line of src/test/resources/fingerprint/cases.tsv; the file's header gives the format. */
  record Case(int line, String input, String expected, boolean ansiQuotes, SqlDialect dialect) {

    String fingerprint(String sql) {
      return Fingerprint.of(sql, ansiQuotes, dialect);
    }

    @Override
    public String toString() {
      String shown = input.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r");
      String options = (ansiQuotes ? " ansi" : "") + (dialect == SqlDialect.STANDARD ? " standard" : "");
      return "line " + line + (options.isEmpty() ? "" : " (" + options.trim() + ")") + ": "
          + (shown.length() > 90 ? shown.substring(0, 90) + "..." : shown);
    }
  }

  static List<Case> goldenCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    try (InputStream in = FingerprintTest.class.getResourceAsStream("/fingerprint/cases.tsv")) {
      assertThat(in).as("fingerprint/cases.tsv on the test class path").isNotNull();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      int number = 0;
      for (String line; (line = reader.readLine()) != null; ) {
        number++;
        if (line.isEmpty() || line.startsWith("##")) {
          continue;
        }
        String[] columns = line.split("\t", -1);
        assertThat(columns.length).as("columns on line %d", number).isBetween(2, 3);
        List<String> options = columns.length == 3 ? List.of(columns[2].split(" ")) : List.of();
        assertThat(options).as("options on line %d", number).isSubsetOf("ansi", "standard");
        cases.add(new Case(number, unescape(columns[0]), unescape(columns[1]),
            options.contains("ansi"), options.contains("standard") ? SqlDialect.STANDARD : SqlDialect.MYSQL));
      }
    }
    return cases;
  }

  /** \t, \n, \r and \\ are escapes; any other backslash stands for itself. */
  static String unescape(String column) {
    StringBuilder out = new StringBuilder(column.length());
    for (int i = 0; i < column.length(); i++) {
      char c = column.charAt(i);
      char next = i + 1 < column.length() ? column.charAt(i + 1) : 0;
      if (c == '\\' && "tnr\\".indexOf(next) >= 0 && next != 0) {
        out.append(switch (next) {
          case 't' -> '\t';
          case 'n' -> '\n';
          case 'r' -> '\r';
          default -> '\\';
        });
        i++;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  @Test
  void goldenFileHasEnoughCases() throws IOException {
    assertThat(goldenCases()).hasSizeGreaterThanOrEqualTo(70);
  }

  @TestFactory
  Stream<DynamicTest> goldenFingerprints() throws IOException {
    return goldenCases().stream()
        .map(c -> dynamicTest(c.toString(), () ->
            assertThat(c.fingerprint(c.input())).isEqualTo(c.expected())));
  }

  @TestFactory
  Stream<DynamicTest> aFingerprintIsItsOwnFingerprint() throws IOException {
    return goldenCases().stream()
        .map(c -> dynamicTest(c.toString(), () ->
            assertThat(c.fingerprint(c.expected())).isEqualTo(c.expected())));
  }

  @TestFactory
  Stream<DynamicTest> withoutBackslashesBothDialectsReadTheSame() throws IOException {
    return goldenCases().stream().filter(c -> c.input().indexOf('\\') < 0)
        .map(c -> dynamicTest(c.toString(), () ->
            assertThat(Fingerprint.of(c.input(), c.ansiQuotes(), SqlDialect.STANDARD))
                .isEqualTo(Fingerprint.of(c.input(), c.ansiQuotes(), SqlDialect.MYSQL))));
  }

  @Test
  void hibernatesLikeEscapeKeepsPagesApartOnlyUnderItsDialect() {
    String select = "select o1_0.id,o1_0.last_name from owners o1_0 where o1_0.last_name like ? escape '\\'";
    List<String> statements = List.of(select + " fetch first ? rows only",
        select + " offset ? rows fetch first ? rows only",
        select + " and o1_0.city=? fetch first ? rows only");
    assertThat(statements.stream().map(sql -> Fingerprint.of(sql, SqlDialect.STANDARD)).distinct())
        .hasSize(3);
    assertThat(statements.stream().map(sql -> Fingerprint.of(sql, SqlDialect.MYSQL)).distinct())
        .as("read as MySQL, the string after escape swallows the rest").hasSize(1);
  }

  @Test
  void unescapeKeepsOtherBackslashes() {
    assertThat(unescape("a\\tb\\nc\\\\d\\'e\\")).isEqualTo("a\tb\nc\\d\\'e\\");
  }

  static Stream<List<String>> sameFingerprint() {
    return Stream.of(
        List.of("select * from t where id=1", "SELECT * FROM t WHERE id = 1",
            "select * from t where id= 1", "select *\n  from t\twhere id =-7 ;"),
        List.of("select a from t where id IN (1,2)", "select a from t where id in(1, 2 ,3)",
            "select a from t where id in ( ? )", "select `a` from `t` where `id` in ('x')"),
        List.of("insert into t (a, b) values (1, 'x')",
            "INSERT INTO t(a,b) VALUES (2,'y'),(3,'z'),(4,'w')",
            "insert into `t` (`a`, `b`) values (?, ?)"),
        List.of("select * from t limit 5", "select * from t limit 5, 10",
            "select * from t limit 5 offset 10", "select * from t limit ?"),
        List.of("select 1 from t", "select -1.5e3 from t", "select 'x' from t",
            "select null from t", "select 0xff from t", "select /* c */ 2 from t -- tail"));
  }

  @ParameterizedTest
  @MethodSource
  void sameFingerprint(List<String> statements) {
    assertThat(statements.stream().map(Fingerprint::of).distinct()).hasSize(1);
  }

  static Stream<Arguments> differentFingerprint() {
    return Stream.of(
        Arguments.of("select * from users_2009", "select * from users_2010"),
        Arguments.of("select t1.col2 from t1", "select t1.col3 from t1"),
        Arguments.of("select a from t where x = ?", "select a from t where x = :x"),
        Arguments.of("select a from t where x is null", "select a from t where x is not null"),
        Arguments.of("select a from t where x in (select b from u)", "select a from t where x in (1)"),
        Arguments.of("select a from t", "select a from t union select b from u"),
        Arguments.of("select \"a\" from t", "select a from t"));
  }

  @ParameterizedTest
  @MethodSource
  void differentFingerprint(String one, String other) {
    assertThat(Fingerprint.of(one)).isNotEqualTo(Fingerprint.of(other));
  }

  @Test
  void ansiQuotesMakeDoubleQuotesNames() {
    String sql = "select \"Total\" from t where \"name\" = 'x'";
    assertThat(Fingerprint.of(sql)).isEqualTo("select ? from t where ? = ?");
    assertThat(Fingerprint.of(sql, true)).isEqualTo("select total from t where name = ?");
    assertThat(Fingerprint.of(sql, true)).isEqualTo(Fingerprint.of("select total from t where name = 'y'"));
  }

  @Test
  void nullBlankAndCommentOnlyStatementsHaveTheirOwnFingerprints() {
    assertThat(Fingerprint.of(null)).isEqualTo("(null)");
    assertThat(Fingerprint.of(null, true)).isEqualTo("(null)");
    assertThat(Fingerprint.of("")).isEqualTo("(blank)");
    assertThat(Fingerprint.of(" \t\r\n\u00a0")).isEqualTo("(blank)");
    assertThat(Fingerprint.of("/* just a note */")).isEqualTo("(comment)");
    assertThat(Fingerprint.of("-- note\n# other note")).isEqualTo("(comment)");
    assertThat(Fingerprint.of("/*!40101 SET NAMES utf8 */")).isEqualTo("(comment)");
  }

  static Stream<Arguments> labels() {
    return Stream.of(
        Arguments.of("/* endpoint=/posts */ SELECT * FROM posts", "endpoint=/posts"),
        Arguments.of("  \n/*  name  */select 1", "name"),
        Arguments.of("/* GET /api/users/:id */\nselect * from users where id = ?", "GET /api/users/:id"),
        Arguments.of("/**/ select 1", null),
        Arguments.of("/*   */ select 1", null),
        Arguments.of("/*!40001 SQL_NO_CACHE */ select 1", null),
        Arguments.of("/*+ BKA(t) */ select 1", null),
        Arguments.of("select /* later */ 1", null),
        Arguments.of("-- line comment\nselect 1", null),
        Arguments.of("/* unterminated select 1", null),
        Arguments.of("", null),
        Arguments.of(null, null));
  }

  @ParameterizedTest
  @MethodSource
  void labels(String sql, String expected) {
    assertThat(Fingerprint.label(sql)).isEqualTo(expected);
  }

  @Test
  void labelDoesNotSplitFingerprints() {
    assertThat(Fingerprint.of("/* endpoint=/a */ select * from t where id = 1"))
        .isEqualTo(Fingerprint.of("/* endpoint=/b */ select * from t where id = 2"))
        .isEqualTo("select * from t where id = ?");
  }

  @Test
  void longMultiRowInsertKeepsOneRow() {
    StringBuilder sql = new StringBuilder("INSERT INTO events (user_id, kind, payload, score) VALUES ");
    for (int i = 0; sql.length() < 12_000; i++) {
      sql.append(i == 0 ? "" : ", ").append('(').append(i).append(", 'kind").append(i % 7)
          .append("', '{\"k\": \"v").append(i).append("\"}', ").append(i * 0.25).append(')');
    }
    assertThat(Fingerprint.of(sql + " ON DUPLICATE KEY UPDATE score = VALUES(score)"))
        .isEqualTo("insert into events(user_id, kind, payload, score) values(?+)"
            + " on duplicate key update score = values(score)");
  }

  @Test
  void longInListCollapses() {
    String list = IntStream.range(0, 3_000).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    assertThat(list.length()).isGreaterThan(10_000);
    assertThat(Fingerprint.of("SELECT * FROM posts WHERE id IN (" + list + ") AND hidden = 0"))
        .isEqualTo("select * from posts where id in(?+) and hidden = ?");
  }

  @Test
  void longStatementIsNeverTruncated() {
    List<String> columns = IntStream.range(0, 1_500).mapToObj(i -> "column_" + i).toList();
    String sql = "SELECT " + String.join(",", columns) + " FROM wide WHERE column_1499 = 42";
    assertThat(sql.length()).isGreaterThan(10_000);
    String expected = "select " + String.join(", ", columns) + " from wide where column_1499 = ?";
    assertThat(Fingerprint.of(sql)).isEqualTo(expected);
    // A difference at the very end still makes a different fingerprint.
    assertThat(Fingerprint.of(sql.replace("column_1499 = 42", "column_1498 = 42")))
        .isNotEqualTo(expected);
  }

  @Test
  void longStringLiteralBecomesOnePlaceholder() {
    String text = "it''s \\' \" -- /* ".repeat(1_000);
    assertThat(Fingerprint.of("update notes set body = '" + text + "' where id = 5"))
        .isEqualTo("update notes set body = ? where id = ?");
  }

  @Test
  void hugeAndPathologicalTextStaysLinear() {
    String rows = "(1, 'x'), ".repeat(50_000) + "(2, 'y')";
    String nested = "(".repeat(50_000) + "select 1" + ")".repeat(50_000);
    String unbalanced = "values(".repeat(50_000);
    String unions = "select a from t union all ".repeat(20_000) + "select a from t";
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertThat(Fingerprint.of("insert into t (a, b) values " + rows))
          .isEqualTo("insert into t(a, b) values(?+)");
      assertThat(Fingerprint.of(nested)).startsWith("((((").contains("select ?").endsWith("))))");
      assertThatCode(() -> Fingerprint.of(unbalanced)).doesNotThrowAnyException();
      assertThat(Fingerprint.of(unions)).isEqualTo("select a from t");
    });
  }
}
