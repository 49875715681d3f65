package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.PerSession;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.testing.SavedRuns;
import dev.isutools4j.testing.Snapshots;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlowSectionJsonTest {

  private final FlowSectionJson codec = new FlowSectionJson();

  static FlowSection sample() {
    return new FlowSection(List.of("JSESSIONID", "SESSION"), 120, 30, 10, new PerSession(12.0, 11, 20),
        1, 0,
        List.of(new Transition("POST /login", "GET /", 200, 10),
            new Transition("GET /", "POST /comment", 302, 7)),
        93,
        List.of(new RouteCount("POST /login", 10)),
        List.of(new RouteCount("GET /posts/{id}", 6), new RouteCount("GET /", 4)),
        List.of(new Path(List.of("POST /login", "GET /", "POST /comment"), 7)),
        2);
  }

  @Test
  void aSectionIsWrittenAsDocumentedAndReadBackTheSame() {
    FlowSection flow = sample();
    Map<String, Object> json = codec.write(flow);
    assertThat(json.keySet()).containsExactly("cookies", "requests", "withoutSession", "sessions",
        "requestsPerSession", "evicted", "dropped", "transitions", "otherTransitions", "entries", "exits",
        "paths", "untrackedPaths");
    assertThat(codec.read(Fields.of(json))).isEqualTo(flow);
    assertThat(flow.transitionCount()).isEqualTo(110);
  }

  @Test
  void theWholeDocumentCarriesItUnderFlow() throws Exception {
    Snapshot run = Snapshots.sample("20261202-000000-000", Instant.parse("2026-12-02T00:00:00Z"));
    Map<String, Object> sections = new LinkedHashMap<>(run.sections());
    sections.put("flow", sample());
    Snapshot withFlow = new Snapshot(run.meta(), run.sql(), run.http(), run.counters(), sections);
    String text = SnapshotJson.write(withFlow);
    assertThat(SavedRuns.normalized(SnapshotJson.toMap(SnapshotJson.read(text))))
        .isEqualTo(SavedRuns.normalized(SnapshotJson.toMap(withFlow)));
    assertThat(SnapshotJson.read(text).section(FlowSection.class)).contains(sample());
    assertThat(SectionCodecs.byName("flow")).get().isInstanceOf(FlowSectionJson.class);
  }

  @Test
  void missingAndMistypedFieldsReadAsEmpty() {
    FlowSection read = codec.read(Fields.of(Map.of("sessions", 3, "transitions", List.of(Map.of("from", "GET /")),
        "paths", "none", "cookies", List.of("sid"))));
    assertThat(read.sessions()).isEqualTo(3);
    assertThat(read.cookies()).containsExactly("sid");
    assertThat(read.transitions()).containsExactly(new Transition("GET /", null, 0, 0));
    assertThat(read.paths()).isEmpty();
    assertThat(read.perSession()).isEqualTo(new PerSession(0, 0, 0));
  }

  /** A real isugram run (the load generator's first pass and two workers), its flow as saved. */
  static final java.nio.file.Path ISUGRAM = SavedRuns.DIR.resolve("flow/20261202-035106-001.json");

  @Test
  void aSavedRunsFlowIsReadAndWrittenBackAsItWas() throws Exception {
    Map<String, Object> saved = SavedRuns.tree(ISUGRAM);
    FlowSection read = codec.read(Fields.of(saved.get("flow")));
    assertThat(read.sessions()).isEqualTo(20);
    assertThat(read.transitions()).hasSize(18).first()
        .isEqualTo(new Transition("POST /login", "GET /", 200, 13));
    assertThat(SavedRuns.firstDifference(saved.get("flow"), codec.write(read))).as("where the section differs")
        .isNull();
    assertThat(SavedRuns.firstDifference(saved, SnapshotJson.toMap(SnapshotJson.read(SavedRuns.text(ISUGRAM)))))
        .isNull();
  }

  @Test
  void runsSavedBeforeTheFlowReadWithoutIt() throws Exception {
    for (java.nio.file.Path saved : SavedRuns.all()) {
      assertThat(SnapshotJson.read(SavedRuns.text(saved)).section(FlowSection.class)).as(saved.toString())
          .isEmpty();
    }
  }
}
