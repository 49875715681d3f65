package dev.isutools4j.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CatchAllTemplatesTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "/**", "/*", "*", "**", "/**/*", "/*/*", "//**", "/**/",
      "/{*path}", "/{*rest}/", "/{path:.*}", "/{path: .+ }", "/{p:(.*)}", "/{p:.*?}",
      "/{+path}", "/{...}", "/{path...}", "/*path", "/<path>", "/**/{*rest}"})
  void patternsOfWildcardsOnlyAreCatchAlls(String template) {
    assertThat(CatchAllTemplates.isCatchAll(template)).as(template).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "/", "", "//", "/posts/{id}", "/{id}", "/{accountName}", "/@{accountName}",
      "/static/**", "/**/*.html", "/*.js", "/image/**", "/**/admin", "/api/{*rest}",
      "/{id:\\d+}", "/{path:[a-z]+}", "/{p:.*x}", "/{:.*}", "/{*}", "/{+}", "/{..}",
      "/***", "/*a.b", "/<>", "/<a/b>", "/{a}{b}", "/{ *path}"})
  void routesTheAppChoseAreNot(String template) {
    assertThat(CatchAllTemplates.isCatchAll(template)).as(template).isFalse();
  }
}
