package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The accessLog section read and written back: the same document, optional fields kept absent. */
class AccessLogSectionJsonTest {

  private final AccessLogSectionJson codec = new AccessLogSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  private Map<String, Object> roundTrip(Object json) {
    return codec.write(codec.read(Fields.of(json)));
  }

  @ParameterizedTest
  @MethodSource("runs")
  void aSavedSectionIsWrittenBackAsItWas(Path run) throws IOException {
    Object saved = SavedRuns.tree(run).get(AccessLogSectionJson.NAME);
    assertThat(saved).isNotNull();
    Map<String, Object> written = roundTrip(saved);
    assertThat(SavedRuns.firstDifference(saved, written)).as("where the written section differs").isNull();
    assertThat(SnapshotJson.writeValue(written)).as("the same keys in the same order")
        .isEqualTo(SnapshotJson.writeValue(saved));
  }

  @Test
  void optionalFieldsAbsentStayAbsent() throws IOException {
    Map<String, Object> json = JSON.std.mapFrom("""
        {"source": {"file": "/l/access.log", "read": [{"file": "/l/access.log", "from": 0, "to": 90}], "bytes": 90},
         "notes": [], "format": null, "lines": 2, "requests": 1,
         "malformed": {"count": 1, "examples": [{"line": 2, "offset": 45, "reason": "no status", "text": "x"}]},
         "totals": %s,
         "rows": [{"method": "GET", "route": "/", "count": 1, "appCount": null, %s}]}
        """.formatted("{\"count\": 1, " + traffic() + "}", traffic()));
    AccessLogSection section = codec.read(Fields.of(json));
    AccessLogSection.Row row = section.rows().get(0);
    assertThat(row.appCount()).isNull();
    assertThat(row.appRoute()).isNull();
    assertThat(row.traffic().timed()).isNull();
    assertThat(row.traffic().upstream()).isNull();
    assertThat(section.digest().problems()).isEmpty();
    assertThat(section.log().source().missing()).isFalse();
    Map<String, Object> written = codec.write(section);
    assertThat(SavedRuns.firstDifference(json, written)).isNull();
    assertThat(written).doesNotContainKeys("problems", "error", "supported");
    assertThat(map(written.get("source"))).doesNotContainKey("missing");
    assertThat(map(((List<?>) written.get("rows")).get(0)))
        .containsEntry("appCount", null).doesNotContainKeys("appRoute", "timed", "upstreamCount");
  }

  @Test
  void optionalFieldsPresentAreKept() throws IOException {
    String upstream = "\"upstreamCount\": 1, \"upstreamTotalMs\": 1.5, \"upstreamAvgMs\": 1.5,"
        + " \"upstreamP95Ms\": 1.5, \"residualTotalMs\": 0.5, \"residualAvgMs\": 0.5";
    Map<String, Object> json = JSON.std.mapFrom("""
        {"source": {"file": "/l/access.log", "read": [], "bytes": 0, "missing": true},
         "notes": ["no such file: /l/access.log"], "format": "ltsv", "lines": 1, "requests": 1,
         "malformed": {"count": 0, "examples": []},
         "problems": ["isutools.access.log.format `x` is not ltsv, json nor combined: the format is detected"],
         "totals": {"count": 1, %1$s, "timed": 0, %2$s},
         "rows": [{"method": "GET", "route": "/posts/{id}", "count": 1, "appCount": 1,
                   "appRoute": "/posts/{postId}", %1$s, "timed": 0, %2$s}]}
        """.formatted(traffic(), upstream));
    AccessLogSection section = codec.read(Fields.of(json));
    assertThat(section.rows().get(0).traffic().upstream().residualAvgMs()).isEqualTo(0.5);
    assertThat(section.rows().get(0).appRoute()).isEqualTo("/posts/{postId}");
    assertThat(SavedRuns.firstDifference(json, codec.write(section))).isNull();
    assertThat(SnapshotJson.writeValue(codec.write(section))).isEqualTo(SnapshotJson.writeValue(json));
  }

  @Test
  void aLogNotReadAndALogThatFailedKeepTheirShapes() {
    Map<String, Object> unset = Map.of("supported", false, "reason", "isutools.access.log is not set");
    AccessLogSection notRead = codec.read(Fields.of(unset));
    assertThat(notRead.log().supported()).isFalse();
    assertThat(notRead.log().reason()).isEqualTo("isutools.access.log is not set");
    assertThat(notRead.digest()).isNull();
    assertThat(roundTrip(unset)).isEqualTo(unset);

    Map<String, Object> failed = Map.of(
        "source", Map.of("file", "/l/access.log", "read", List.of(), "bytes", 0L),
        "notes", List.of(), "error", "could not read /l/access.log: java.io.IOException: boom");
    AccessLogSection section = codec.read(Fields.of(failed));
    assertThat(section.log().error()).contains("boom");
    assertThat(section.digest()).isNull();
    assertThat(SavedRuns.firstDifference(failed, roundTrip(failed))).isNull();
  }

  @Test
  void missingOrMistypedFieldsReadAsEmpty() {
    AccessLogSection garbage = codec.read(Fields.of("not a section"));
    assertThat(garbage.rows()).isEmpty();
    assertThat(garbage.log().source()).isEqualTo(LogSource.EMPTY);
    AccessLogSection odd = codec.read(Fields.of(Map.of("rows", List.of(Map.of("count", "many")), "notes", 3)));
    assertThat(odd.rows()).singleElement().satisfies(r -> assertThat(r.traffic().count()).isZero());
    assertThat(odd.log().notes()).isEmpty();
  }

  /** Every traffic field but count, timed and the upstream ones. */
  private static String traffic() {
    return "\"status1xx\": 0, \"status2xx\": 1, \"status3xx\": 0, \"status4xx\": 0, \"status5xx\": 0,"
        + " \"count304\": 0, \"count499\": 0, \"count5xx\": 0, \"minMs\": 2.0, \"maxMs\": 2.0,"
        + " \"totalMs\": 2.0, \"avgMs\": 2.0, \"p50Ms\": 2.0, \"p90Ms\": 2.0, \"p95Ms\": 2.0,"
        + " \"p99Ms\": 2.0, \"stddevMs\": 0.0, \"minBytes\": 10, \"maxBytes\": 10, \"totalBytes\": 10,"
        + " \"avgBytes\": 10.0";
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object json) {
    return (Map<String, Object>) json;
  }
}
