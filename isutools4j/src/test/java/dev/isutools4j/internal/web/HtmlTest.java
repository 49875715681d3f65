package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class HtmlTest {

  @Test
  void escapesTheFiveSpecialCharacters() {
    assertThat(Html.escape("<script>alert(\"x\" + 'y') && 1</script>"))
        .isEqualTo("&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;) &amp;&amp; 1&lt;/script&gt;");
  }

  @Test
  void leavesPlainTextAndNullAlone() {
    String plain = "SELECT id FROM users WHERE name = ? -- héllo µs";
    assertThat(Html.escape(plain)).isSameAs(plain);
    assertThat(Html.escape((String) null)).isEmpty();
    assertThat(Html.escape(new StringBuilder("a"), null).toString()).isEqualTo("a");
  }

  @Test
  void alreadyEscapedTextIsEscapedAgain() {
    assertThat(Html.escape("&amp;")).isEqualTo("&amp;amp;");
  }

  @Test
  void appendingVariantMatchesTheStringOne() {
    StringBuilder out = new StringBuilder("x:");
    Html.escape(out, "a<b>&'\"");
    assertThat(out.toString()).isEqualTo("x:" + Html.escape("a<b>&'\""));
  }

  @Test
  void pathSegmentsAreEncodedSoTheyStayOneRelativeSegment() {
    assertThat(Html.pathSegment("2026-05-01T12-00-00_ab.c~d")).isEqualTo("2026-05-01T12-00-00_ab.c~d");
    assertThat(Html.pathSegment("a b/c?d#e\"<")).isEqualTo("a%20b%2Fc%3Fd%23e%22%3C");
    assertThat(Html.pathSegment("é")).isEqualTo("%C3%A9");
    assertThat(Html.pathSegment("..")).isEqualTo("%2E%2E");
  }

  @Property
  void escapedTextHasNoMarkupAndUnescapesToTheInput(@ForAll String text) {
    String escaped = Html.escape(text);
    assertThat(escaped).doesNotContain("<", ">", "\"", "'");
    String back = escaped.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#39;", "'").replace("&amp;", "&");
    assertThat(back).isEqualTo(text);
  }

  @Test
  void jsonInAScriptElementHasNoLessThanSign() {
    String json = "{\"name\":\"a</script><!--<script>b\",\"n\":1}";
    String inline = Html.scriptJson(new StringBuilder("x"), json).toString();
    assertThat(inline).isEqualTo("x{\"name\":\"a\\u003c/script>\\u003c!--\\u003cscript>b\",\"n\":1}");
    assertThat(Html.scriptJson(new StringBuilder(), "[1,2]").toString()).isEqualTo("[1,2]");
  }

  @Property
  void jsonInAScriptElementReadsBackAsTheSameValue(@ForAll String text) throws Exception {
    String json = com.fasterxml.jackson.jr.ob.JSON.std.asString(java.util.Map.of("s", text));
    String inline = Html.scriptJson(new StringBuilder(), json).toString();
    assertThat(inline).doesNotContain("<");
    assertThat(com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(inline)).isEqualTo(java.util.Map.of("s", text));
  }
}
