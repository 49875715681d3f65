package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.advise.NginxConfig.Directive;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class NginxConfigTest {

  static String resource(String name) {
    try (InputStream in = NginxConfigTest.class.getResourceAsStream("/nginx/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void readsBothFilesOfTheGoldenDumpWithTheirNames() {
    NginxConfig config = NginxConfig.parse(resource("good.nginx-T.txt"));
    Directive upstream = config.all("upstream").get(0);
    assertThat(upstream.arg(0)).isEqualTo("app");
    assertThat(upstream.file()).isEqualTo("/PREFIX/conf.d/app.conf");
    assertThat(config.all("worker_connections")).singleElement()
        .satisfies(d -> assertThat(d.file()).isEqualTo("/PREFIX/good.conf"));
    assertThat(config.all("proxy_set_header")).extracting(d -> d.args())
        .contains(List.of("Connection", ""), List.of("Host", "$host"));
    assertThat(config.all("add_header").get(0).args())
        .containsExactly("Cache-Control", "public, max-age=86400");
  }

  @Test
  void toleratesCommentsQuotesEscapesAndUnbalancedBraces() {
    NginxConfig config = NginxConfig.parse("""
        http { # a comment with { and ;
          log_format x 'a "b" \\' c;' ;
          server { listen 80;
        """);
    Directive http = config.top().get(0);
    assertThat(http.name()).isEqualTo("http");
    assertThat(http.block().get(0).args()).containsExactly("x", "a \"b\" ' c;");
    assertThat(config.all("listen")).singleElement().satisfies(d -> assertThat(d.arg(0)).isEqualTo("80"));
    assertThat(NginxConfig.parse("}}};;{").top()).isNotNull();
    assertThat(NginxConfig.parse("").top()).isEmpty();
  }

  @Test
  void aQuotedBraceOrSemicolonIsAWord() {
    NginxConfig config = NginxConfig.parse("""
        http {
          add_header X-Brace "}" always;
          return 200 '{"ok";}';
          gzip on;
        }
        """);
    Directive http = config.top().get(0);
    assertThat(config.top()).hasSize(1);
    assertThat(http.block()).extracting(Directive::name).containsExactly("add_header", "return", "gzip");
    assertThat(http.block().get(0).args()).containsExactly("X-Brace", "}", "always");
    assertThat(http.block().get(1).args()).containsExactly("200", "{\"ok\";}");
  }

  @Test
  void blocksDeeperThanTheLimitAreSkippedWholeAndNothingOverflows() {
    String deep = "a {".repeat(NginxConfig.MAX_DEPTH + 10) + " inner on; "
        + "}".repeat(NginxConfig.MAX_DEPTH + 10) + " after on;";
    NginxConfig config = NginxConfig.parse(deep);
    assertThat(config.all("inner")).isEmpty();
    assertThat(config.all("after")).singleElement()
        .satisfies(d -> assertThat(config.top()).contains(d));
    assertThat(config.all("a")).hasSize(NginxConfig.MAX_DEPTH + 1);
    assertThat(NginxConfig.parse("{".repeat(100_000)).all("a")).isEmpty();
  }
}
