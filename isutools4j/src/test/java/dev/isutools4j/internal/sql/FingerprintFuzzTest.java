package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Any text the app sends as SQL, read by each dialect: the fingerprint never throws, is never
 * empty, reads back as itself, holds no literal, and stays within twice the text's length.
 * Seeds: {@code FingerprintFuzzTestInputs/fingerprint/}, one statement per file.
 */
class FingerprintFuzzTest {

  /** Longer statements take the same paths; the limit keeps each input fast. */
  private static final int MAX_INPUT = 16 * 1024;
  private static final Set<String> NAMED = Set.of(
      Fingerprint.NULL_STATEMENT, Fingerprint.BLANK, Fingerprint.COMMENT_ONLY);

  @FuzzTest
  void fingerprint(byte[] input) {
    if (input.length > MAX_INPUT) {
      return;
    }
    String sql = new String(input, StandardCharsets.UTF_8);
    String mysql = check(sql, false, SqlDialect.MYSQL);
    String standard = check(sql, false, SqlDialect.STANDARD);
    check(sql, true, SqlDialect.MYSQL);
    if (sql.indexOf('\\') < 0) {
      assertThat(standard).as("without a backslash the dialects agree").isEqualTo(mysql);
    }
    String label = Fingerprint.label(sql);
    assertThat(label == null || (!label.isEmpty() && label.equals(label.trim())))
        .as("label %s", label).isTrue();
  }

  private static String check(String sql, boolean ansiQuotes, SqlDialect dialect) {
    String once = Fingerprint.of(sql, ansiQuotes, dialect);
    assertThat(once).isNotEmpty();
    assertThat(once.length()).as("length of %s", once).isLessThanOrEqualTo(2 * sql.length() + 16);
    assertThat(Fingerprint.of(once, ansiQuotes, dialect)).as("fingerprint of %s", once)
        .isEqualTo(once);
    if (!NAMED.contains(once)) {
      SqlScanner again = new SqlScanner(once, ansiQuotes, dialect).scan();
      for (int t = 0; t < again.count; t++) {
        assertThat(again.type[t]).as("token %d of %s", t, once).isNotEqualTo(SqlScanner.LITERAL);
      }
    }
    return once;
  }
}
