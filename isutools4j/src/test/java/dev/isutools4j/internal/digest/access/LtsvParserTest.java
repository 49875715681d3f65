package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A parser that remembers the labels of the lines before reads every line as a parser that never
 * saw one: whatever the lines' labels, their order, and their changes from line to line.
 */
class LtsvParserTest {

  /** Labels read and not, many of them one byte from another, and ones that are no label. */
  private static final List<String> LABELS = List.of("method", "metho", "methods", "uri", "ur",
      "uri2", "status", "statu", "req", "reqtime", "reqtim", "apptime", "size", "sizes",
      "forwardedfor", "request_time", "x", "", "st:atus", "sta\ttus");

  @Provide
  Arbitrary<List<String>> logs() {
    Arbitrary<String> value = Arbitraries.of("GET", "POST", "/a/1", "/b?x=1", "200", "404", "0.012",
        "-", "", "1234", "a:b", "GET /c HTTP/1.1");
    Arbitrary<String> field = net.jqwik.api.Combinators.combine(Arbitraries.of(LABELS), value,
        Arbitraries.integers().between(0, 9)).as((l, v, kind) -> kind == 0 ? l + v : l + ":" + v);
    Arbitrary<List<String>> layout = field.list().ofMaxSize(10);
    // A few layouts, each line one of them with now and then one field changed, as a log goes.
    return layout.list().ofMinSize(1).ofMaxSize(4).flatMap(layouts -> net.jqwik.api.Combinators
        .combine(Arbitraries.of(layouts), field, Arbitraries.integers().between(0, 14))
        .as((fields, changed, at) -> {
          List<String> line = new ArrayList<>(fields);
          if (at < line.size()) {
            line.set(at, changed);
          }
          return String.join("\t", line);
        }).list().ofMinSize(1).ofMaxSize(30));
  }

  @Property(tries = 2000)
  void aLineIsReadAsAFreshParserReadsIt(@ForAll("logs") List<String> lines) {
    LtsvParser reused = new LtsvParser(AccessKeys.defaults());
    for (String line : lines) {
      assertThat(read(reused, line)).as(line)
          .isEqualTo(read(new LtsvParser(AccessKeys.defaults()), line));
    }
  }

  @Test
  void theSameLayoutWithOtherValuesGivesTheValues() {
    LtsvParser parser = new LtsvParser(AccessKeys.defaults());
    String layout = "time:t\thost:h\tmethod:%s\turi:%s\tstatus:%s\treqtime:%s\tua:u";
    read(parser, String.format(layout, "GET", "/a", "200", "0.001"));
    assertThat(read(parser, String.format(layout, "POST", "/b/c?d=1", "503", "2.500")))
        .containsExactly("POST", "/b/c?d=1", "503", "0", "2500000", "-1", null);
  }

  /** What the parser read from {@code line}, its problem last. */
  private static List<String> read(LtsvParser parser, String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    AccessEntry e = new AccessEntry();
    String problem = parser.parse(b, 0, b.length, e);
    List<String> values = new ArrayList<>();
    values.add(e.methodTo < 0 ? null : Bytes.utf8(e.methodBuf, e.methodFrom, e.methodTo));
    values.add(e.uriTo < 0 ? null : Bytes.utf8(e.uriBuf, e.uriFrom, e.uriTo));
    values.add(Long.toString(e.status));
    values.add(Long.toString(e.bytes));
    values.add(Long.toString(e.requestMicros));
    values.add(Long.toString(e.upstreamMicros));
    values.add(problem);
    return values;
  }
}
