package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class FingerprintPropertiesTest {

  /** Statement shapes; each {} takes a literal. */
  static final List<String> LITERAL_TEMPLATES = List.of(
      "SELECT id, name FROM users WHERE id = {} AND name = {}",
      "select * from posts where user_id in ({}, {}, {}) and score > {} order by id desc limit 20",
      "INSERT INTO comments (post_id, body, score) VALUES ({}, {}, {})",
      "insert into comments (post_id, body) values ({}, {}), ({}, {})"
          + " on duplicate key update body = values(body)",
      "update items set price = {}, note = {} where id = {} limit {}",
      "select a + {} from t where b between {} and {}",
      "SELECT count(*) FROM t /* note */ WHERE c LIKE {} AND d <> {} OR e = {}",
      "select * from t where x = {} union all select * from t where x = {}",
      "select case when a = {} then {} else {} end from t where (a, b) in (({}, {}), ({}, {}))",
      "select * from t where a = {} limit {}, {}");

  /** Statement shapes; each {} takes a name. */
  static final List<String> NAME_TEMPLATES = List.of(
      "SELECT {} FROM users WHERE id = 1",
      "select id from {} where id in (1, 2)",
      "insert into {} (a, b) values (1, 2), (3, 4)",
      "insert into t ({}, b) values (1, 2)",
      "update t set {} = 5 where id = ?",
      "select * from t where {} is null limit 10",
      "select count(*) from t group by {}",
      "select a from t where x = 1 union select {} from t where x = 2",
      "select t.{} from t join u on u.id = t.id");

  /** Words a random name must not be: SQL keywords, including every one Fingerprint knows. */
  static final Set<String> KEYWORDS = new HashSet<>(Arrays.asList((
      "add all alter analyze and any as asc before between bigint binary blob both by call cascade"
          + " case change char character check collate column condition constraint continue"
          + " convert create cross current_date current_time current_timestamp current_user"
          + " cursor database databases day declare default delayed delete desc describe"
          + " distinct distinctrow div double drop dual each else elseif enclosed end escaped"
          + " except exists exit explain false fetch float for force foreign from fulltext"
          + " function grant group having high_priority if ignore in index infile inner inout"
          + " insert int integer intersect interval into is iterate join key keys kill lateral"
          + " leading leave left like limit lines load lock long loop low_priority match merge"
          + " mod modifies natural not null numeric of offset on optimize option optionally or"
          + " order out outer over partition precision primary procedure purge range read"
          + " real recursive references regexp release rename repeat replace require restrict"
          + " return returning revoke right rlike row rows schema schemas select separator set"
          + " show smallint some spatial sql ssl starting straight_join table terminated then"
          + " tinyint to trailing trigger true undo union unique unlock unsigned update usage use"
          + " using value values varchar varying when where while window with write xor"
          + " year_month zerofill")
      .split(" ")));

  // (a) Literals -----------------------------------------------------------------------------

  @Property(tries = 600)
  void literalValuesDoNotChangeTheFingerprint(
      @ForAll("literalTemplates") String template,
      @ForAll("literalLists") List<String> some,
      @ForAll("literalLists") List<String> others) {
    String one = fill(template, some);
    String other = fill(template, others);
    assertThat(Fingerprint.of(one)).as("%s%nvs%n%s", one, other).isEqualTo(Fingerprint.of(other));
  }

  @Provide
  Arbitrary<String> literalTemplates() {
    return Arbitraries.of(LITERAL_TEMPLATES);
  }

  @Provide
  Arbitrary<List<String>> literalLists() {
    return literals().list().ofSize(8);
  }

  @Provide
  Arbitrary<String> literals() {
    Arbitrary<String> text = Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(30),
        Arbitraries.strings().withChars("'\"\\`%_-/*#?:$ \n\t;()x0").ofMaxLength(20),
        Arbitraries.strings().withCharRange('\u00a0', '\uffff').ofMaxLength(10));
    return Arbitraries.oneOf(valueLiterals(),
        Combinators.combine(text, Arbitraries.integers().between(0, 4))
            .as(FingerprintPropertiesTest::quote));
  }

  /** Literals other than strings: numbers, hex, bits, booleans, null. */
  @Provide
  Arbitrary<String> valueLiterals() {
    Arbitrary<String> hexDigits = Arbitraries.strings().withChars("0123456789abcdefABCDEF")
        .ofMinLength(1).ofMaxLength(16);
    Arbitrary<String> bits = Arbitraries.strings().withChars("01").ofMinLength(1).ofMaxLength(16);
    return Arbitraries.oneOf(
        Arbitraries.longs().map(String::valueOf),
        Arbitraries.bigDecimals()
            .between(new BigDecimal("-1e12"), new BigDecimal("1e12")).ofScale(4)
            .map(BigDecimal::toPlainString),
        Arbitraries.doubles().filter(Double::isFinite).map(String::valueOf), // 1.0E-5
        hexDigits.map(h -> "0x" + h),
        hexDigits.map(h -> "X'" + h + "'"),
        bits.map(b -> "b'" + b + "'"),
        bits.map(b -> "0b" + b),
        Arbitraries.of("true", "FALSE", "null", "NULL", ".5", "-.5e3", "+7", "- 3"));
  }

  /** {@code text} as a MySQL string literal, escaped one of several valid ways. */
  static String quote(String text, int style) {
    return switch (style) {
      case 0 -> "'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
      case 1 -> "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
      case 2 -> "\"" + text.replace("\\", "\\\\").replace("\"", "\"\"") + "\"";
      case 3 -> "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
      default -> "_binary'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
    };
  }

  @Property(tries = 600)
  void standardLiteralValuesDoNotChangeTheFingerprint(
      @ForAll("literalTemplates") String template,
      @ForAll("standardLiteralLists") List<String> some,
      @ForAll("standardLiteralLists") List<String> others) {
    String one = fill(template, some);
    String other = fill(template, others);
    assertThat(Fingerprint.of(one, SqlDialect.STANDARD)).as("%s%nvs%n%s", one, other)
        .isEqualTo(Fingerprint.of(other, SqlDialect.STANDARD));
  }

  @Provide
  Arbitrary<List<String>> standardLiteralLists() {
    return Arbitraries.oneOf(valueLiterals(), standardStrings()).list().ofSize(8);
  }

  /** Strings as H2 or PostgreSQL write them: backslashes as they are, quotes doubled. */
  @Provide
  Arbitrary<String> standardStrings() {
    Arbitrary<String> text = Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(30),
        Arbitraries.strings().withChars("'\"\\`%_-/*#?:$ \n\t;()x0").ofMaxLength(20));
    return Combinators.combine(text, Arbitraries.of(true, false))
        .as(FingerprintPropertiesTest::standardQuote);
  }

  /** {@code text} as a standard string literal: quotes doubled, backslashes as they are. */
  static String standardQuote(String text, boolean single) {
    return single ? "'" + text.replace("'", "''") + "'"
        : "\"" + text.replace("\"", "\"\"") + "\"";
  }

  @Property(tries = 600)
  void aStandardStringWithBackslashesEndsWhereItsDatabaseEndsIt(
      @ForAll("literalTemplates") String template,
      @ForAll("standardStrings") String before,
      @ForAll("standardStrings") String after,
      @ForAll boolean single) {
    // Read as MySQL such a string may run on and swallow the rest; read as standard it never does.
    String literal = standardQuote(before + "\\" + after, single);
    String sql = fill(template, List.of(literal));
    assertThat(Fingerprint.of(sql, SqlDialect.STANDARD))
        .isEqualTo(Fingerprint.of(fill(template, List.of("'x'")), SqlDialect.STANDARD));
  }

  @Property(tries = 500)
  void withoutBackslashesTheDialectsAgree(@ForAll("anyText") String text) {
    Assume.that(text.indexOf('\\') < 0);
    assertThat(Fingerprint.of(text, SqlDialect.STANDARD)).isEqualTo(Fingerprint.of(text));
  }

  // (b) Names ---------------------------------------------------------------------------------

  @Property(tries = 600)
  void changingANameChangesTheFingerprint(
      @ForAll("nameTemplates") String template,
      @ForAll("names") String name,
      @ForAll("names") String other) {
    Assume.that(!name.equals(other));
    assertThat(Fingerprint.of(fill(template, List.of(name))))
        .isNotEqualTo(Fingerprint.of(fill(template, List.of(other))));
  }

  @Property(tries = 500)
  void backquotesAndCaseDoNotMakeADifferentName(
      @ForAll("nameTemplates") String template, @ForAll("names") String name) {
    String plain = Fingerprint.of(fill(template, List.of(name)));
    assertThat(Fingerprint.of(fill(template, List.of("`" + name + "`")))).isEqualTo(plain);
    assertThat(Fingerprint.of(fill(template, List.of(name.toUpperCase(Locale.ROOT)))))
        .isEqualTo(plain);
  }

  @Provide
  Arbitrary<String> nameTemplates() {
    return Arbitraries.of(NAME_TEMPLATES);
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<Character> first = Arbitraries.chars().range('a', 'z').with('_');
    Arbitrary<String> rest = Arbitraries.strings()
        .withCharRange('a', 'z').withCharRange('0', '9').withChars('_').ofMaxLength(20);
    return Combinators.combine(first, rest).as((f, r) -> f + r).filter(n -> !KEYWORDS.contains(n));
  }

  // (c) Any text ------------------------------------------------------------------------------

  static final List<String> FRAGMENTS = List.of(
      "'", "\"", "`", "\\", "''", "\\'", "/*", "*/", "/*!40001", "--", "-- ", "#", "\n", "\r", " ",
      "$$", "$a$", "$1", ":", "::", ":=", ":x", "?", "?+", "(", ")", ",", ";", ".", "@", "@@", "-",
      "+", "0x", "x'", "b'", "0b1", "1e", "1.5", ".5", "_binary'", "select ", "in (", "values (",
      " union ", "union all ", "limit ", "offset ", "use ", "null", "İN", "😀", "\uD83D", "\uDE00",
      "\u00a0", "\u0000", "a", "1");

  @Property(tries = 1000)
  void anyTextGetsANonEmptyFingerprint(@ForAll("anyText") String text) {
    assertThat(Fingerprint.of(text)).isNotEmpty();
    assertThat(Fingerprint.of(text, true)).isNotEmpty();
    assertThat(Fingerprint.of(text, SqlDialect.STANDARD)).isNotEmpty();
    String label = Fingerprint.label(text);
    assertThat(label == null || !label.isEmpty()).isTrue();
  }

  @Provide
  Arbitrary<String> anyText() {
    Arbitrary<String> pieces = Arbitraries.oneOf(
        Arbitraries.of(FRAGMENTS), Arbitraries.strings().all().ofMaxLength(3));
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(200),
        pieces.list().ofMaxSize(40).map(list -> String.join("", list)));
  }

  // (d) Idempotence ---------------------------------------------------------------------------

  @Property(tries = 600)
  void fingerprintingAFingerprintChangesNothing(@ForAll("statements") String sql) {
    String once = Fingerprint.of(sql);
    assertThat(Fingerprint.of(once)).as(sql).isEqualTo(once);
  }

  @Property(tries = 400)
  void fingerprintingAStandardFingerprintChangesNothing(@ForAll("statements") String sql,
      @ForAll("standardStrings") String literal) {
    String once = Fingerprint.of(sql + " and s = " + literal, SqlDialect.STANDARD);
    assertThat(Fingerprint.of(once, SqlDialect.STANDARD)).as(sql).isEqualTo(once);
  }

  @Property(tries = 600)
  void layoutDoesNotChangeTheFingerprint(
      @ForAll("literalTemplates") String template,
      @ForAll("literalLists") List<String> literals,
      @ForAll("layouts") List<String> layout,
      @ForAll boolean upperCase) {
    String plain = fill(template, literals);
    String relaid = fill(relayout(upperCase ? template.toUpperCase(Locale.ROOT) : template, layout), literals);
    assertThat(Fingerprint.of(relaid)).as("%s%nvs%n%s", plain, relaid).isEqualTo(Fingerprint.of(plain));
  }

  @Provide
  Arbitrary<String> statements() {
    Arbitrary<String> withLiterals = Combinators.combine(literalTemplates(), literalLists())
        .as(FingerprintPropertiesTest::fill);
    Arbitrary<String> withNames = Combinators.combine(nameTemplates(), names())
        .as((template, name) -> fill(template, List.of(name)));
    return Combinators.combine(Arbitraries.oneOf(withLiterals, withNames), layouts())
        .as(FingerprintPropertiesTest::relayout);
  }

  @Provide
  Arbitrary<List<String>> layouts() {
    return Arbitraries.of(" ", "  ", "\n", "\t ", " /* c */ ", " -- c\n", " # c\r\n", "\r\n  ")
        .list().ofSize(40);
  }

  /** {@code template} with its {} replaced, in order, by {@code values} (cycled if short). */
  static String fill(String template, List<String> values) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (int i = 0; i < template.length(); i++) {
      if (template.startsWith("{}", i)) {
        out.append(values.get(next++ % values.size()));
        i++;
      } else {
        out.append(template.charAt(i));
      }
    }
    return out.toString();
  }

  /**
   * {@code sql} with each single space replaced, in order, by one of {@code spaces} (cycled),
   * except inside block comments, which do not nest.
   */
  static String relayout(String sql, List<String> spaces) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    boolean inComment = false;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (sql.startsWith("/*", i)) {
        inComment = true;
      } else if (sql.startsWith("*/", i)) {
        inComment = false;
      }
      out.append(c == ' ' && !inComment ? spaces.get(next++ % spaces.size()) : String.valueOf(c));
    }
    return out.toString();
  }
}
