package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RouteRulesTest {

  @Test
  void namesPathsLikeTheDocumentedExample() {
    RouteRules rules = RouteRules.parse("^/@[^/]+$=/@{account};^/image/.*=/image/{file}");

    assertThat(rules.size()).isEqualTo(2);
    assertThat(rules.problems()).isEmpty();
    assertThat(rules.match("/@alice")).isEqualTo("/@{account}");
    assertThat(rules.match("/image/cat.png")).isEqualTo("/image/{file}");
    assertThat(rules.match("/@alice/posts")).isNull();
    assertThat(rules.match("/posts/1")).isNull();
  }

  @Test
  void theFirstMatchingRuleWins() {
    RouteRules rules = RouteRules.parse("/api/me=/api/me;/api/[^/]+=/api/{user};/api/.*=/api/*");

    assertThat(rules.match("/api/me")).isEqualTo("/api/me");
    assertThat(rules.match("/api/alice")).isEqualTo("/api/{user}");
    assertThat(rules.match("/api/alice/posts")).isEqualTo("/api/*");
  }

  @Test
  void theRegexMustMatchTheWholePath() {
    RouteRules rules = RouteRules.parse("/image=/img");

    assertThat(rules.match("/image")).isEqualTo("/img");
    assertThat(rules.match("/image/1")).isNull();
    assertThat(rules.match("/x/image")).isNull();
  }

  @Test
  void badRegexesAreReportedAndSkipped() {
    RouteRules rules = RouteRules.parse("/a/([0-9=/broken;/a/.*=/a/{rest};*/b=/b");

    assertThat(rules.size()).isEqualTo(1);
    assertThat(rules.match("/a/1")).isEqualTo("/a/{rest}");
    assertThat(rules.problems()).hasSize(2);
    assertThat(rules.problems().get(0)).contains("/a/([0-9=/broken").contains("does not compile");
    assertThat(rules.problems().get(1)).contains("*/b=/b");
  }

  @Test
  void entriesWithoutRegexOrNameAreReportedAndSkipped() {
    RouteRules rules = RouteRules.parse("no-equals-sign; =/name; /regex= ; /ok=/ok");

    assertThat(rules.size()).isEqualTo(1);
    assertThat(rules.problems()).hasSize(3);
    assertThat(rules.problems().get(0)).contains("no '='");
    assertThat(rules.problems().get(1)).contains("empty regex");
    assertThat(rules.problems().get(2)).contains("empty name");
  }

  @Test
  void splitsAtTheLastEqualsSoRegexesMayContainOne() {
    RouteRules rules = RouteRules.parse("/q/(?=k)k=v=/q/{kv};/(?!admin)[a-z]+=/{page}");

    assertThat(rules.problems()).isEmpty();
    assertThat(rules.match("/q/k=v")).isEqualTo("/q/{kv}");
    assertThat(rules.match("/about")).isEqualTo("/{page}");
    assertThat(rules.match("/admin")).isNull();
  }

  @Test
  void trimsWhitespaceAndAcceptsLineBreaks() {
    RouteRules rules = RouteRules.parse(
        "\n  ^/@[^/]+$ = /@{account}  \r\n\n\t/image/.*=/image/{file}\n ; ;\n/b/.*=/b/{x}\n");

    assertThat(rules.problems()).isEmpty();
    assertThat(rules.size()).isEqualTo(3);
    assertThat(rules.match("/@bob")).isEqualTo("/@{account}");
    assertThat(rules.match("/image/1.png")).isEqualTo("/image/{file}");
    assertThat(rules.match("/b/c")).isEqualTo("/b/{x}");
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {"  ", ";", " ;\n; "})
  void nothingGivesNoRules(String spec) {
    RouteRules rules = RouteRules.parse(spec);

    assertThat(rules.isEmpty()).isTrue();
    assertThat(rules.problems()).isEmpty();
    assertThat(rules.match("/anything")).isNull();
  }

  @Test
  void groupReferencesAreReplacedByTheGroupText() {
    RouteRules rules = RouteRules.parse(
        "/api/(\\w+)/(\\d+)(/edit)?=/api/$1/{id}$3;/price/\\d+=/price/$US;/all/(.*)=$0 $$1");

    assertThat(rules.problems()).isEmpty();
    assertThat(rules.match("/api/users/42/edit")).isEqualTo("/api/users/{id}/edit");
    assertThat(rules.match("/api/posts/7")).isEqualTo("/api/posts/{id}");
    assertThat(rules.match("/price/3")).isEqualTo("/price/$US");
    assertThat(rules.match("/all/x")).isEqualTo("/all/x $x");
  }

  @Test
  void aReferenceToAMissingGroupIsReportedAndSkipped() {
    RouteRules rules = RouteRules.parse("/a/(\\d+)=/a/$2;/a/.*=/a/{x}");

    assertThat(rules.size()).isEqualTo(1);
    assertThat(rules.match("/a/1")).isEqualTo("/a/{x}");
    assertThat(rules.problems()).singleElement().asString().contains("$2").contains("1 group");
  }

  @Test
  void aSemicolonIsMatchedByItsEscape() {
    RouteRules rules = RouteRules.parse("/m/a\\x3Bb=/m/semi");

    assertThat(rules.match("/m/a;b")).isEqualTo("/m/semi");
  }
}
