package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.TracesSection.Request;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TracesSectionJsonTest {

  private final TracesSectionJson codec = new TracesSectionJson();

  static TracesSection section() {
    List<Statement> nPlusOne = new ArrayList<>();
    nPlusOne.add(new Statement(0.25, 1.5, 20, "select * from posts order by created_at desc",
        "SELECT * FROM posts ORDER BY created_at DESC", 1, false));
    for (int i = 0; i < 3; i++) {
      nPlusOne.add(new Statement(2 + i, 0.125, 1, "select * from comments where post_id = ?", null, 1, i == 1));
    }
    nPlusOne.add(new Statement(9, 0.5, 100, "insert into log values (?)", null, 100, false));
    return new TracesSection(100, 5, 500, List.of(
        new Request("GET", "/", "/?page=2&token=***", 200, 1234.567, 12.5, 4096, "http-nio-8080-exec-3",
            true, 7, 2, 2.375, nPlusOne),
        new Request("POST", "/login", "/login", 302, -3.5, 0.75, 0, "worker", false, 1, 0, 0.5,
            List.of(new Statement(0.125, 0.5, 1, "select * from comments where post_id = ?", null, 1, false)))));
  }

  @Test
  void aSectionReadsBackAsItWasWritten() throws IOException {
    TracesSection section = section();
    Map<String, Object> written = codec.write(section);
    assertThat(codec.read(Fields.of(written))).isEqualTo(section);
    // Through JSON text too: numbers and lists as the parser gives them.
    Map<String, Object> parsed = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(SnapshotJson.writeValue(written));
    assertThat(codec.read(Fields.of(parsed))).isEqualTo(section);
    assertThat(SnapshotJson.writeValue(codec.write(codec.read(Fields.of(parsed)))))
        .isEqualTo(SnapshotJson.writeValue(written));
  }

  @Test
  @SuppressWarnings("unchecked")
  void timelinesAreWrittenColumnByColumnWithTheSectionsFingerprints() {
    Map<String, Object> written = codec.write(section());
    assertThat(new ArrayList<>(written.keySet()))
        .containsExactly("top", "perRoute", "statementLimit", "fingerprints", "requests");
    assertThat((List<String>) written.get("fingerprints")).containsExactly(
        "select * from posts order by created_at desc", "select * from comments where post_id = ?",
        "insert into log values (?)");
    Map<String, Object> first = ((List<Map<String, Object>>) written.get("requests")).get(0);
    assertThat(new ArrayList<>(first.keySet())).containsExactly("method", "route", "path", "status",
        "startMs", "totalMs", "bytes", "thread", "top", "statements", "dropped", "sqlMs", "timeline");
    Map<String, Object> timeline = (Map<String, Object>) first.get("timeline");
    assertThat(new ArrayList<>(timeline.keySet()))
        .containsExactly("startMs", "durationMs", "rows", "sql", "items", "samples", "failed");
    assertThat((List<Integer>) timeline.get("sql")).containsExactly(0, 1, 1, 1, 2);
    assertThat((List<Integer>) timeline.get("items")).containsExactly(1, 1, 1, 1, 100);
    assertThat((List<Integer>) timeline.get("failed")).containsExactly(2);
    assertThat((List<String>) timeline.get("samples"))
        .containsExactly("SELECT * FROM posts ORDER BY created_at DESC", null, null, null, null);
  }

  @Test
  void aDamagedTimelineReadsAsFarAsItGoes() {
    Map<String, Object> timeline = Map.of("startMs", List.of(1.0, 2.0), "durationMs", List.of(0.5),
        "sql", List.of(0, 7), "failed", List.of("x"));
    TracesSection read = codec.read(Fields.of(Map.of("top", 1, "fingerprints", List.of("select 1"),
        "requests", List.of(Map.of("method", "GET", "timeline", timeline)))));
    assertThat(read.requests().get(0).timeline()).containsExactly(
        new Statement(1.0, 0.5, 0, "select 1", null, 1, false),
        new Statement(2.0, 0, 0, null, null, 1, false));
  }

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  /** Runs saved before traces were kept still open, with no traces section. */
  @ParameterizedTest
  @MethodSource("runs")
  void aRunSavedBeforeTracesHasNone(Path run) throws IOException {
    Snapshot snapshot = SnapshotJson.read(SavedRuns.text(run));
    assertThat(snapshot.section(TracesSection.class)).isEmpty();
  }
}
