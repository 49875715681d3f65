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

/** The slowLog section read and written back: the same document, optional fields kept absent. */
class SlowLogSectionJsonTest {

  private final SlowLogSectionJson codec = new SlowLogSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  private Map<String, Object> roundTrip(Object json) {
    return codec.write(codec.read(Fields.of(json)));
  }

  @ParameterizedTest
  @MethodSource("runs")
  void aSavedSectionIsWrittenBackAsItWas(Path run) throws IOException {
    Object saved = SavedRuns.tree(run).get(SlowLogSectionJson.NAME);
    assertThat(saved).isNotNull();
    Map<String, Object> written = roundTrip(saved);
    assertThat(SavedRuns.firstDifference(saved, written)).as("where the written section differs").isNull();
    assertThat(SnapshotJson.writeValue(written)).as("the same keys in the same order")
        .isEqualTo(SnapshotJson.writeValue(saved));
  }

  @Test
  void optionalAndNullFieldsKeepTheirShape() throws IOException {
    Map<String, Object> json = JSON.std.mapFrom("""
        {"source": {"file": "/l/slow.log", "read": [{"file": "/l/slow.log", "from": 10, "to": 900}], "bytes": 890},
         "notes": [], "lines": 12, "entries": 2, "banners": 1, "cutStatements": 0,
         "malformed": {"count": 0, "examples": []},
         "totals": {"fingerprints": 2, "totalMs": 3.0, "lockTotalMs": 0.0, "rowsSent": 0, "rowsExamined": 0,
                    "rowsAffected": 1},
         "rows": [{"fingerprint": "administrator command: Quit", "admin": true, "count": 1, "appCount": null,
                   %1$s, "examinedPerSent": null, "sample": "Quit", "sampleMs": 1.0, "sampleSchema": null},
                  {"fingerprint": "update t set a = ?", "count": 1, "appCount": 4,
                   %1$s, "examinedPerSent": null, "sample": "update t set a = 1", "sampleMs": 2.0,
                   "sampleSchema": "isu"}]}
        """.formatted(numbers()));
    SlowLogSection section = codec.read(Fields.of(json));
    SlowLogSection.Row quit = section.rows().get(0);
    assertThat(quit.admin()).isTrue();
    assertThat(quit.appCount()).isNull();
    assertThat(quit.examinedPerSent()).isNull();
    assertThat(quit.sampleSchema()).isNull();
    SlowLogSection.Row update = section.rows().get(1);
    assertThat(update.admin()).isFalse();
    assertThat(update.appCount()).isEqualTo(4);
    Map<String, Object> written = codec.write(section);
    assertThat(SavedRuns.firstDifference(json, written)).isNull();
    assertThat(SnapshotJson.writeValue(written)).isEqualTo(SnapshotJson.writeValue(json));
    assertThat(AccessLogSectionJsonTest.map(((List<?>) written.get("rows")).get(1))).doesNotContainKey("admin");
    assertThat(written).doesNotContainKeys("problems", "error", "supported");
  }

  @Test
  void aLogNotReadAndALogThatFailedKeepTheirShapes() {
    Map<String, Object> unset = Map.of("supported", false, "reason", "isutools.slow.log is not set");
    SlowLogSection notRead = codec.read(Fields.of(unset));
    assertThat(notRead.log().supported()).isFalse();
    assertThat(notRead.digest()).isNull();
    assertThat(roundTrip(unset)).isEqualTo(unset);

    Map<String, Object> failed = Map.of(
        "source", Map.of("file", "/l/slow.log", "read", List.of(), "bytes", 0L, "missing", true),
        "notes", List.of("no such file: /l/slow.log"), "error", "could not read /l/slow.log: boom");
    SlowLogSection section = codec.read(Fields.of(failed));
    assertThat(section.log().notes()).containsExactly("no such file: /l/slow.log");
    assertThat(section.log().source().missing()).isTrue();
    assertThat(SavedRuns.firstDifference(failed, roundTrip(failed))).isNull();
  }

  @Test
  void missingOrMistypedFieldsReadAsEmpty() {
    SlowLogSection garbage = codec.read(Fields.of(List.of(1, 2)));
    assertThat(garbage.rows()).isEmpty();
    SlowLogSection odd = codec.read(Fields.of(Map.of("rows", List.of(Map.of("examinedPerSent", "x")),
        "malformed", "none")));
    assertThat(odd.rows()).singleElement().satisfies(r -> assertThat(r.examinedPerSent()).isNull());
    assertThat(odd.digest().malformed().count()).isZero();
  }

  /** The row's times and counts between appCount and examinedPerSent. */
  private static String numbers() {
    return "\"totalMs\": 1.5, \"avgMs\": 1.5, \"minMs\": 1.5, \"maxMs\": 1.5, \"p50Ms\": 1.5, \"p95Ms\": 1.5,"
        + " \"stddevMs\": 0.0, \"lockTotalMs\": 0.0, \"lockMaxMs\": 0.0, \"rowsSent\": 0, \"rowsSentMax\": 0,"
        + " \"rowsExamined\": 0, \"rowsExaminedMax\": 0, \"rowsAffected\": 1, \"bytesSent\": 11";
  }
}
