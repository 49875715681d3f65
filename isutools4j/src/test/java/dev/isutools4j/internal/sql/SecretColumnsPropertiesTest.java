package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.jdbc.SampleStatement;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Generated statements, their values bound as a driver would and rendered into the sample as the
 * JDBC wrappers render them: the secret value never appears in the masked text, every other value
 * does, and masking again changes nothing. Any text at all is masked without throwing.
 */
class SecretColumnsPropertiesTest {

  private static final SecretColumns SECRETS = SecretColumns.DEFAULT;
  // Markers no template or column name contains, so finding one means its value leaked or stayed.
  private static final String SECRET = "QZXSECRETVALUE";
  private static final String OTHER = "QZXOTHERVALUE";

  /**
   * One statement: its text with ? for each value, the values in order, and which of them are
   * secret.
   */
  record Statement(String sql, List<Object> values, List<Boolean> secret, SqlDialect dialect) {

    String sample() {
      SampleStatement bound = new SampleStatement();
      for (int i = 0; i < values.size(); i++) {
        bound.setAny(i + 1, values.get(i));
      }
      return bound.render(new SqlShape(sql, dialect, "", 0));
    }

    @Override
    public String toString() {
      return sample();
    }
  }

  @Provide
  Arbitrary<Statement> statements() {
    Arbitrary<String> secretColumn = Combinators.combine(Arbitraries.of(SecretColumns.DEFAULT_WORDS),
            Arbitraries.of("", "u.", "`u`.", "users."), Arbitraries.of("%s", "`%s`", "\"%s\"", "%s_hash",
                "api_%s"), Arbitraries.of(true, false))
        .as((word, qualifier, form, upper) -> {
          String name = String.format(form, upper ? word.toUpperCase() : word);
          return name.startsWith("\"") ? name : qualifier + name;
        });
    Arbitrary<String> otherColumn = Arbitraries.of("account_name", "u.del_flg", "`body`", "id", "mime");
    Arbitrary<Object> secretValue = value(SECRET);
    Arbitrary<Object> otherValue = value(OTHER);
    return Combinators.combine(Arbitraries.integers().between(0, 8), secretColumn, otherColumn,
            secretValue.list().ofSize(2), otherValue.list().ofSize(2),
            Arbitraries.of(SqlDialect.values()))
        .as((shape, c, n, s, o, dialect) -> switch (shape) {
          case 0 -> new Statement("SELECT * FROM users u WHERE " + n + " = ? AND " + c + " = ?",
              List.of(o.get(0), s.get(0)), List.of(false, true), dialect);
          case 1 -> new Statement("SELECT * FROM users u WHERE " + c + "=? AND " + n + "=? LIMIT 1",
              List.of(s.get(0), o.get(0)), List.of(true, false), dialect);
          case 2 -> new Statement("UPDATE users SET " + c + " = ?, " + n + " = ? WHERE id = ?",
              List.of(s.get(0), o.get(0), o.get(1)), List.of(true, false, false), dialect);
          case 3 -> new Statement("INSERT INTO users (" + n + ", " + c + ") VALUES (?, ?), (?,?)",
              List.of(o.get(0), s.get(0), o.get(1), s.get(1)), List.of(false, true, false, true), dialect);
          case 4 -> new Statement("INSERT INTO users (" + c + ", " + n + ") VALUES (?, ?)",
              List.of(s.get(0), o.get(0)), List.of(true, false), dialect);
          case 5 -> new Statement("SELECT * FROM users u WHERE ? = " + c + " OR " + n + " = ?",
              List.of(s.get(0), o.get(0)), List.of(true, false), dialect);
          case 6 -> new Statement("SELECT 1 FROM users u WHERE " + c + " IN (?, ?) AND " + n + " <> ?",
              List.of(s.get(0), s.get(1), o.get(0)), List.of(true, true, false), dialect);
          case 7 -> new Statement("INSERT INTO users SET " + n + " = ?, " + c + " = ? /* c */",
              List.of(o.get(0), s.get(0)), List.of(false, true), dialect);
          default -> new Statement("SELECT * FROM users u WHERE " + n + " LIKE ? AND " + c
              + " BETWEEN ? AND ? ORDER BY id", List.of(o.get(0), s.get(0), s.get(1)),
              List.of(false, true, true), dialect);
        });
  }

  /** A string holding {@code marker} among characters that end strings and statements, or a number. */
  private static Arbitrary<Object> value(String marker) {
    Arbitrary<String> noise = Arbitraries.strings().withChars("ab'\"\\;,()-/*#=? \n`$").ofMaxLength(8);
    Arbitrary<Object> text = Combinators.combine(noise, noise).as((a, b) -> (Object) (a + marker + b));
    long base = marker.equals(SECRET) ? 7_000_000_000L : 8_000_000_000L;
    Arbitrary<Object> number = Arbitraries.longs().between(base, base + 999_999_999L).map(n -> (Object) n);
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, text), net.jqwik.api.Tuple.of(1, number));
  }

  @Property(tries = 2000)
  void theSecretValuesNeverAppearAndTheOthersStay(@ForAll("statements") Statement s) {
    String sample = s.sample();
    String masked = SECRETS.mask(sample, s.dialect());
    for (int i = 0; i < s.values().size(); i++) {
      String shown = shown(s.values().get(i));
      if (s.secret().get(i)) {
        assertThat(masked).as("sample %s", sample).doesNotContain(shown);
      } else {
        assertThat(masked).as("sample %s", sample).contains(shown);
      }
    }
    assertThat(SECRETS.mask(masked, s.dialect())).as("masked twice").isEqualTo(masked);
    assertThat(SECRETS.mask(sample)).doesNotContain(SECRET);
  }

  /** What of a value is seen in the text: a number as written, a string's marker. */
  private static String shown(Object value) {
    if (value instanceof Long n) {
      return n.toString();
    }
    String text = (String) value;
    return text.contains(SECRET) ? SECRET : OTHER;
  }

  @Property(tries = 2000)
  void anyTextIsMaskedWithoutThrowing(@ForAll("texts") String text) {
    String masked = SECRETS.mask(text, SqlDialect.MYSQL);
    assertThat(masked).isNotNull();
    assertThat(SECRETS.mask(text, SqlDialect.STANDARD)).isNotNull();
    if (!SECRETS.containsAny(text, 0, text.length()) && !text.toLowerCase().contains("identified")) {
      assertThat(masked).isSameAs(text);
    }
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> pieces = Arbitraries.of("passhash", "PASSWORD", "`token`", "\"secret\"", "=", "<=>",
        " IN ", " VALUES ", "INSERT INTO t", "(", ")", ",", "'", "\"", "\\", "--", "/*", "*/", "#", ";",
        " AND ", " BETWEEN ", "CASE", "END", "?", "'x'", "12", "x'ab'", "$$", " SET ", "identified", " ");
    return Arbitraries.oneOf(pieces.list().ofMaxSize(40).map(l -> String.join("", l)),
        Arbitraries.strings().ofMaxLength(200));
  }
}
