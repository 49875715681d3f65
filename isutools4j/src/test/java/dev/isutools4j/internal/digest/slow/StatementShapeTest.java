package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SqlDialect;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The shape is a cache key for the fingerprint: two statements with the same shape must have the
 * same fingerprint, whatever their bytes; statements that differ only in their values should share
 * a shape.
 */
class StatementShapeTest {

  private static final List<String> FRAGMENTS = List.of("SELECT", "select", " ", "  ", "\n", "\t",
      "FROM", "users", "t1", "users_2009", "2009_users", "123abc", "WHERE", "id", "=", "-", "+", ".",
      ",", "(", ")", ";", "*", "/", "IN", "VALUES", "LIMIT", "OFFSET", "UNION", "null", "true", "5",
      "42", "007", "1.5", ".5", "1e3", "1.5e-3", "0x1F", "0b101", "X'0f'", "_binary'ab'", "N'x'",
      "'it''s'", "'a\\'b'", "'a\\'", "E'x'", "e'\\''", "'", "\"", "\"dq\"", "`", "`a``b`",
      "`it's`", "--", "-- ", "--x", "#",
      "/*", "*/", "/* it's */", "/*!40001 x */", "$1", "$$", "$tag$", "@x", "@5", "@@v", ":name",
      ":5", "::", "?", "?+", "é", "\u00a0", "\u3000", "\\", "\0", "é5", "5é", "a--1", "in(?+)");

  @Provide
  Arbitrary<String> statements() {
    return Arbitraries.of(FRAGMENTS).list().ofMinSize(1).ofMaxSize(30).map(l -> String.join("", l));
  }

  private static byte[] shape(String sql) {
    return shape(sql, SqlDialect.MYSQL);
  }

  private static byte[] shape(String sql, SqlDialect dialect) {
    StatementShape s = new StatementShape(dialect);
    byte[] b = sql.getBytes(StandardCharsets.UTF_8);
    return s.of(b, b.length) ? Arrays.copyOf(s.bytes(), s.length()) : null;
  }

  /** The same text with some digits, letters and string contents changed, kept in their class. */
  private static String mutate(String sql, long seed) {
    Random r = new Random(seed);
    StringBuilder b = new StringBuilder(sql);
    for (int i = 0; i < b.length(); i++) {
      char c = b.charAt(i);
      if (r.nextInt(3) != 0) {
        continue;
      }
      if (c >= '0' && c <= '9') {
        b.setCharAt(i, (char) ('0' + r.nextInt(10)));
      } else if (c >= 'a' && c <= 'z') {
        b.setCharAt(i, (char) ('a' + r.nextInt(26)));
      } else if (c == 'é') {
        b.setCharAt(i, 'ü');
      }
    }
    if (r.nextBoolean()) {
      int at = r.nextInt(b.length() + 1);
      b.insert(at, "0123456789".charAt(r.nextInt(10)));
    }
    return b.toString();
  }

  @Property(tries = 3000)
  void sameShapeMeansSameFingerprint(@ForAll("statements") String a, @ForAll long seed) {
    String b = mutate(a, seed);
    byte[] x = shape(a);
    byte[] y = shape(b);
    if (x != null && Arrays.equals(x, y)) {
      assertThat(Fingerprint.of(b)).as("%s | %s", a, b).isEqualTo(Fingerprint.of(a));
    }
  }

  @Property(tries = 2000)
  void twoStatementsShareAShapeOnlyWithTheirFingerprint(@ForAll("statements") String a,
      @ForAll("statements") String b) {
    byte[] x = shape(a);
    if (x != null && Arrays.equals(x, shape(b))) {
      assertThat(Fingerprint.of(b)).as("%s | %s", a, b).isEqualTo(Fingerprint.of(a));
    }
  }

  @Property(tries = 3000)
  void sameShapeMeansSameFingerprintWithoutBackslashEscapes(@ForAll("statements") String a,
      @ForAll long seed) {
    String b = mutate(a, seed);
    byte[] x = shape(a, SqlDialect.STANDARD);
    if (x != null && Arrays.equals(x, shape(b, SqlDialect.STANDARD))) {
      assertThat(Fingerprint.of(b, SqlDialect.STANDARD)).as("%s | %s", a, b)
          .isEqualTo(Fingerprint.of(a, SqlDialect.STANDARD));
    }
  }

  @Test
  void withoutBackslashEscapesABackslashEndsNoString() {
    String select = "SELECT * FROM owners WHERE last_name LIKE 'a%' ESCAPE '\\'";
    assertThat(shape(select + " AND city = 'x' LIMIT 5", SqlDialect.STANDARD))
        .isEqualTo(shape(select + " AND city = 'y' LIMIT 7", SqlDialect.STANDARD))
        .isNotEqualTo(shape(select + " LIMIT 5", SqlDialect.STANDARD));
    // Read with escapes, the string after ESCAPE runs to the end: page 1 and page 2 are one shape.
    assertThat(shape(select + " LIMIT 5")).isEqualTo(shape(select + " LIMIT 5 OFFSET 10"));
    assertThat(shape(select + " LIMIT 5", SqlDialect.STANDARD))
        .isNotEqualTo(shape(select + " LIMIT 5 OFFSET 10", SqlDialect.STANDARD));
    assertThat(shape("SELECT E'it\\'s', 1", SqlDialect.STANDARD))
        .as("E'..' escapes whatever the dialect: left to the fingerprint").isNull();
  }

  @Test
  void valuesShareAShapeNamesDoNot() {
    assertThat(shape("SELECT * FROM users WHERE id = 1 AND name = 'a'"))
        .isEqualTo(shape("SELECT * FROM users WHERE id = 12345 AND name = 'it''s \\' -- x'"));
    assertThat(shape("SELECT * FROM t1")).isNotEqualTo(shape("SELECT * FROM t2"));
    assertThat(shape("SELECT @5")).isNotEqualTo(shape("SELECT @6"));
    assertThat(shape("SELECT :5")).isNotEqualTo(shape("SELECT :6"));
    assertThat(shape("SELECT 1.5")).isNotEqualTo(shape("SELECT 2.5"));
    assertThat(shape("SELECT 1 /* 2 */")).isNotEqualTo(shape("SELECT 1 /* 3 */"));
    assertThat(shape("SELECT `it's`, 1")).isNotEqualTo(shape("SELECT `it's`, 'x'"));
    assertThat(shape("SELECT $$a$$")).isNull();
    assertThat(shape("SELECT 1\0")).isNull();
    assertThat(shape("SELECT 'x$'")).as("a $ inside a string is part of a value").isNotNull();
  }

  @Test
  void aDollarAfterADigitIsLeftToTheFingerprint() {
    // Found by sameShapeMeansSameFingerprint: "1.5$$...'$$select" is a number, a dollar-quoted
    // string and a keyword to the fingerprint, a name and an open string to the shape.
    String a = " 1.5$$SELECT'$$select";
    String b = " 1.5$$SELECT'$$sxlect";
    assertThat(Fingerprint.of(a)).isNotEqualTo(Fingerprint.of(b));
    assertThat(shape(a)).isNull();
    assertThat(shape("SELECT 5$x")).isNull();
    assertThat(shape("SELECT 5e3 FROM t")).isNotNull();
  }

  @Test
  void twoDashesOpenACommentOnlyBeforeASpace() {
    // Found by sameShapeMeansSameFingerprint: "--'" is a minus, a minus and a string, so what
    // follows on the next line is still inside the backquoted name.
    assertThat(shape("--'  `it's`\n007`")).isNotEqualTo(shape("--'  `it's`\n507`"));
    assertThat(Fingerprint.of("--'  `it's`\n007`")).isNotEqualTo(Fingerprint.of("--'  `it's`\n507`"));
    assertThat(shape("SELECT 1 -- 2\nFROM t")).isEqualTo(shape("SELECT 5 -- 2\nFROM t"));
    assertThat(shape("SELECT 1 -- 2\nFROM t")).isNotEqualTo(shape("SELECT 1 -- 3\nFROM t"));
    assertThat(shape("SELECT 1 --\u00a02")).as("a space beyond ASCII: left to the fingerprint").isNull();
  }

  @Test
  void aShapeMayBeTwiceAsLongAsItsStatement() {
    // Every one-digit number becomes two bytes: a list of them outgrows a buffer the statement's size.
    StatementShape s = new StatementShape(SqlDialect.MYSQL);
    for (int items : new int[] {3, 1_400, 3_000}) {
      String sql = "SELECT * FROM t WHERE id IN ("
          + String.join(",", Collections.nCopies(items, "7")) + ")";
      byte[] b = sql.getBytes(StandardCharsets.US_ASCII);
      assertThat(s.of(b, b.length)).isTrue();
      assertThat(s.length()).isEqualTo(b.length + items);
      assertThat(new String(s.bytes(), 0, s.length(), StandardCharsets.US_ASCII))
          .endsWith(",\0N)");
    }
  }

  @Test
  void aStringEndsAtItsQuoteWhereverTheEscapesAre() {
    // Strings of up to three words, an escaped or doubled quote or an escaped backslash at each
    // place: a string's end is searched a word at a time for its quote or a backslash.
    for (int length = 0; length <= 24; length++) {
      for (String escape : new String[] {"\\'", "''", "\\\\", "\\\"", "\""}) {
        for (int at = 0; at <= length; at++) {
          String body = "x".repeat(at) + escape + "y".repeat(length - at);
          assertThat(shape("SELECT '" + body + "', 7"))
              .as(body).isEqualTo("SELECT \0S, \0N".getBytes(StandardCharsets.US_ASCII));
          assertThat(shape("SELECT \"" + body.replace("\"", "'") + "\", 7"))
              .as(body).isEqualTo("SELECT \0S, \0N".getBytes(StandardCharsets.US_ASCII));
        }
      }
      assertThat(shape("SELECT 'unterminated " + "z".repeat(length)))
          .isEqualTo("SELECT \0S".getBytes(StandardCharsets.US_ASCII));
    }
  }
}
