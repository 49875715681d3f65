package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.isutools4j.internal.advise.NginxConfig.Directive;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Any text as {@code nginx -T} output: the parse never throws, its tree written back as nginx
 * configuration (every word quoted, each file after its header) parses to the same tree, and
 * every nginx rule judges it (as the advisor runs the rules, each with its own parse, on inputs up
 * to {@value #RULES_INPUT} bytes). Seeds: {@code NginxConfigFuzzTestInputs/nginxT/}.
 */
class NginxConfigFuzzTest {

  /** Longer dumps take the same paths; the limit keeps each input fast. */
  private static final int MAX_INPUT = 64 * 1024;
  /** Up to this size the rules also run as the advisor runs them, each parsing the text. */
  private static final int RULES_INPUT = 512;

  @FuzzTest
  void nginxT(byte[] input) {
    if (input.length > MAX_INPUT) {
      return;
    }
    String text = new String(input, StandardCharsets.UTF_8);
    NginxConfig config = NginxConfig.parse(text);
    String written = write(config.top());
    assertThat(NginxConfig.parse(written).top()).as("read back from%n%s", written)
        .isEqualTo(config.top());
    AdvisorInput run = new AdvisorInput(List.of(), List.of(), Map.of(), Environment.empty());
    for (Rule rule : NginxRules.all()) {
      // The rule's check on the tree already read: what Rule.check does after its own parse.
      NginxRules.Verdict verdict = ((NginxRules.NginxRule) rule).check().apply(config, run);
      assertThat(verdict.status())
          .isIn(Status.OK, Status.WARN, Status.MISSING, Status.INFO, Status.SKIP);
      assertThat(verdict.evidence().map()).isNotNull();
    }
    if (input.length <= RULES_INPUT) {
      AdvisorInput in = new AdvisorInput(List.of(), List.of(), Map.of(),
          Environment.empty().withNginx(text, NginxFront.CONF));
      for (Rule rule : NginxRules.all()) {
        assertThat(rule.check(in)).hasSize(1);
      }
    }
  }

  /** The directives as nginx configuration text; a header line wherever the file changes. */
  static String write(List<Directive> top) {
    StringBuilder out = new StringBuilder();
    write(top, out, new String[] {""});
    return out.toString();
  }

  private static void write(List<Directive> block, StringBuilder out, String[] file) {
    for (Directive d : block) {
      if (!d.file().equals(file[0])) {
        out.append("\n# configuration file ").append(d.file()).append(":\n");
        file[0] = d.file();
      }
      quote(d.name(), out);
      for (String arg : d.args()) {
        out.append(' ');
        quote(arg, out);
      }
      if (d.block().isEmpty()) {
        out.append(";\n");
      } else {
        out.append(" {\n");
        write(d.block(), out, file);
        out.append("}\n");
      }
    }
  }

  private static void quote(String word, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\');
      }
      out.append(c);
    }
    out.append('"');
  }
}
