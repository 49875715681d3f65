package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.digest.access.AccessLine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code --filter} language: precedence, operators, units, and errors that point at the spot. */
class FilterTest {

  record Line(String method, String uri, int status, long bodyBytes, long requestMicros,
      long upstreamMicros) implements AccessLine {}

  private static final Line GET_POST = new Line("GET", "/api/posts/1?page=2", 200, 1532, 12_000, 11_000);
  private static final Line SLOW_500 = new Line("POST", "/api/posts", 500, 0, 250_000, 248_000);
  private static final Line NO_TIME = new Line("GET", "/image/1.jpg", 304, 0, -1, -1);

  private static Filter filter(String expr) {
    return Filter.parse(expr, LineFields.ACCESS, Columns.ACCESS);
  }

  private static boolean line(String expr, Line l) {
    return filter(expr).acceptsLine(l);
  }

  @Test
  void comparesNumbersWithUnits() {
    assertThat(line("time > 100", SLOW_500)).isTrue();
    assertThat(line("time > 100", GET_POST)).isFalse();
    assertThat(line("time >= 12ms", GET_POST)).isTrue();
    assertThat(line("time < 0.2s", GET_POST)).isTrue();
    assertThat(line("time > 11999us", GET_POST)).isTrue();
    assertThat(line("time > 12001us", GET_POST)).isFalse();
    assertThat(line("apptime = 248", SLOW_500)).isTrue();
    assertThat(line("bytes > 1k", GET_POST)).isTrue();
    assertThat(line("size <= 1k", GET_POST)).isFalse();
  }

  @Test
  void aLineWithoutTheValueNeverMatches() {
    assertThat(line("time > 0", NO_TIME)).isFalse();
    assertThat(line("time <= 0", NO_TIME)).isFalse();
    assertThat(line("not time > 0", NO_TIME)).isTrue();
  }

  @Test
  void statusByNumberOrClass() {
    assertThat(line("status = 5xx", SLOW_500)).isTrue();
    assertThat(line("status = 5XX", GET_POST)).isFalse();
    assertThat(line("status != 2xx", NO_TIME)).isTrue();
    assertThat(line("status >= 400", SLOW_500)).isTrue();
    assertThat(line("status in (304, 5xx)", NO_TIME)).isTrue();
    assertThat(line("status not in (304, 5xx)", GET_POST)).isTrue();
    assertThat(line("status not in (304, 5xx)", SLOW_500)).isFalse();
  }

  @Test
  void textExactlyOrByRegexFoundAnywhere() {
    assertThat(line("method = GET", GET_POST)).isTrue();
    assertThat(line("method == 'POST'", GET_POST)).isFalse();
    assertThat(line("method in (POST, DELETE)", SLOW_500)).isTrue();
    assertThat(line("uri =~ '^/api/posts/\\d+'", GET_POST)).isTrue();
    assertThat(line("uri =~ 'page=2'", GET_POST)).as("the query string is part of uri").isTrue();
    assertThat(line("uri !~ \"^/api\"", NO_TIME)).isTrue();
    assertThat(line("uri = '/api/posts'", SLOW_500)).isTrue();
  }

  @Test
  void andBindsTighterThanOrAndParenthesesRegroup() {
    // true or (false and false) = true; (true or false) and false = false
    assertThat(line("method = GET or status = 5xx and time > 1s", GET_POST)).isTrue();
    assertThat(line("(method = GET or status = 5xx) and time > 1s", GET_POST)).isFalse();
    assertThat(line("! (method = GET) && status >= 500 || bytes > 1m", SLOW_500)).isTrue();
    assertThat(line("NOT method = GET AND NOT status = 5xx", SLOW_500)).isFalse();
  }

  @Test
  void rowColumnsChooseRowsAndLineFieldsLines() {
    Filter f = filter("status >= 500 and count > 1 and sum > 100ms");
    assertThat(f.hasLinePart()).isTrue();
    assertThat(f.acceptsLine(SLOW_500)).isTrue();
    assertThat(f.acceptsLine(GET_POST)).isFalse();
    assertThat(f.acceptsRow(Map.of("count", 2L, "totalMs", 355.0))).isTrue();
    assertThat(f.acceptsRow(Map.of("count", 2L, "totalMs", 99.0))).isFalse();
    assertThat(f.acceptsRow(Map.of("count", 1L, "totalMs", 355.0))).isFalse();
    assertThat(f.rowKeys()).containsExactly("count", "totalMs");

    Filter rowsOnly = filter("p99 > 1s or route =~ '^/image'");
    assertThat(rowsOnly.hasLinePart()).isFalse();
    assertThat(rowsOnly.acceptsRow(Map.of("route", "/image/{id}.jpg"))).isTrue();
    assertThat(rowsOnly.acceptsRow(Map.of("route", "/", "p99Ms", 1500.0))).isTrue();
    assertThat(rowsOnly.acceptsRow(Map.of("route", "/", "p99Ms", 15.0))).isFalse();
    assertThat(rowsOnly.rowKeys()).containsExactly("p99Ms", "route");
  }

  @Test
  void mixingLinesAndRowsUnderOrIsRefused() {
    assertThatThrownBy(() -> filter("status >= 500 or count > 10"))
        .hasMessageContaining("status (per line)").hasMessageContaining("count (per row)")
        .hasMessageContaining("top-level `and`");
    assertThatThrownBy(() -> filter("not (time > 1 and avg > 1)")).hasMessageContaining("mixes");
  }

  @Test
  void errorsSayWhatAndWhere() {
    assertThatThrownBy(() -> filter("stauts >= 500"))
        .hasMessageContaining("no field `stauts`").hasMessageContaining("status")
        .hasMessageContaining("\n  stauts >= 500\n  ^");
    assertThatThrownBy(() -> filter("status >= 500 and"))
        .hasMessageContaining("expected a field name at the end");
    assertThatThrownBy(() -> filter("time > 1h")).hasMessageContaining("is not one");
    assertThatThrownBy(() -> filter("time > 1k")).hasMessageContaining("the unit `k` does not fit time");
    assertThatThrownBy(() -> filter("method > GET")).hasMessageContaining("is text");
    assertThatThrownBy(() -> filter("time =~ 1")).hasMessageContaining("compares text");
    assertThatThrownBy(() -> filter("uri =~ '(unclosed'")).hasMessageContaining("not a regex");
    assertThatThrownBy(() -> filter("uri = 'open")).hasMessageContaining("never closed");
    assertThatThrownBy(() -> filter("(status = 200")).hasMessageContaining("expected `)`");
    assertThatThrownBy(() -> filter("status 200")).hasMessageContaining("expected an operator")
        .hasMessageContaining("\n  status 200\n         ^");
    assertThatThrownBy(() -> filter("status = 200 200")).hasMessageContaining("unexpected `200`");
    assertThatThrownBy(() -> filter("status = 7xx")).hasMessageContaining("is not one");
  }

  @Test
  void noFilterAcceptsEverything() {
    assertThat(filter(null)).isSameAs(Filter.NONE);
    assertThat(filter("  ").acceptsLine(NO_TIME)).isTrue();
    assertThat(Filter.NONE.acceptsRow(Map.of())).isTrue();
  }
}
