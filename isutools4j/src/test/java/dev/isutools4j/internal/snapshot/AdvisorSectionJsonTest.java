package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.snapshot.AdvisorSection.Counts;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AdvisorSectionJsonTest {

  private final AdvisorSectionJson codec = new AdvisorSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  @ParameterizedTest
  @MethodSource("runs")
  void aSavedSectionIsWrittenBackAsItWasSaved(Path run) throws IOException {
    Object saved = SavedRuns.tree(run).get("advisor");
    Map<String, Object> written = codec.write(codec.read(Fields.of(saved)));
    assertThat(SavedRuns.firstDifference(saved, written)).as("where the written section differs").isNull();
    // The same text, so the keys keep their order too.
    assertThat(SnapshotJson.writeValue(written)).isEqualTo(SnapshotJson.writeValue(saved));
  }

  @Test
  void theSectionIsWrittenInTheDocumentsShape() {
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("totalMs", 900.0);
    evidence.put("warnings", List.of("full scan of comments (100000 rows)", "filesort"));
    evidence.put("rows", 100000L);
    AdvisorSection section = AdvisorSection.of(List.of(
        new Row("db-plan", "plan: select 1", Status.WARN, evidence, "ALTER TABLE comments ADD INDEX (post_id)"),
        new Row("nginx-gzip", "gzip on", Status.SKIP, Map.of("missing", "nginx configuration"), "")));

    Map<String, Object> written = codec.write(section);

    assertThat(new ArrayList<>(written.keySet())).containsExactly("rows", "counts");
    @SuppressWarnings("unchecked")
    Map<String, Object> first = ((List<Map<String, Object>>) written.get("rows")).get(0);
    assertThat(new ArrayList<>(first.keySet())).containsExactly("rule", "title", "status", "evidence", "fix");
    assertThat(first).containsEntry("status", "warn").containsEntry("evidence", evidence);
    @SuppressWarnings("unchecked")
    Map<String, Object> counts = (Map<String, Object>) written.get("counts");
    assertThat(new ArrayList<>(counts.keySet())).containsExactly("warn", "missing", "info", "ok", "skip");
    assertThat(counts).containsEntry("warn", 1).containsEntry("skip", 1).containsEntry("ok", 0);
  }

  @Test
  void anEmptySectionReadsAsNoRowsAndNoCounts() {
    AdvisorSection read = codec.read(Fields.of(Map.of()));

    assertThat(read.rows()).isEmpty();
    assertThat(read.counts()).isEqualTo(new Counts(0, 0, 0, 0, 0));
    assertThat(codec.write(read)).isEqualTo(Map.of("rows", List.of(),
        "counts", Map.of("warn", 0, "missing", 0, "info", 0, "ok", 0, "skip", 0)));
  }

  @Test
  void aRowWithItsFieldsAbsentOrMistypedReadsAsEmpty() {
    Map<String, Object> json = Map.of("rows", List.of(Map.of("rule", "db-binlog"),
        Map.of("rule", "os-somaxconn", "status", "error", "evidence", "not a map")), "counts", "none");

    AdvisorSection read = codec.read(Fields.of(json));

    assertThat(read.rows()).extracting(Row::rule, Row::title, Row::status, Row::evidence, Row::fix)
        .containsExactly(
            tuple("db-binlog", null, null, Map.of(), ""),
            tuple("os-somaxconn", null, null, Map.of(), ""));
    assertThat(read.counts()).isEqualTo(new Counts(0, 0, 0, 0, 0));
    @SuppressWarnings("unchecked")
    Map<String, Object> row = ((List<Map<String, Object>>) codec.write(read).get("rows")).get(0);
    assertThat(row).containsEntry("title", null).containsEntry("status", null).containsEntry("fix", "");
  }

  @Test
  void evidenceKeepsItsOrderAndCannotChange() {
    Map<String, Object> json = Map.of("rows", List.of(Map.of("rule", "db-plan", "status", "warn",
        "evidence", new LinkedHashMap<>(Map.of("warnings", new ArrayList<>(List.of("filesort")))))));

    Row row = codec.read(Fields.of(json)).rows().get(0);

    assertThat(row.status()).isEqualTo(Status.WARN);
    assertThat(row.evidence()).containsEntry("warnings", List.of("filesort"));
    assertThatThrownBy(() -> row.evidence().put("rows", 1)).isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    List<Object> warnings = (List<Object>) row.evidence().get("warnings");
    assertThatThrownBy(() -> warnings.add("temporary")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void rowsAreCountedByStatus() {
    Counts counts = AdvisorSection.of(List.of(
        new Row("a", "a", Status.WARN, Map.of(), null), new Row("b", "b", Status.WARN, Map.of(), null),
        new Row("c", "c", Status.OK, Map.of(), null), new Row("d", "d", null, Map.of(), null))).counts();

    assertThat(counts).isEqualTo(new Counts(2, 0, 0, 1, 0));
    assertThat(counts.of(Status.WARN)).isEqualTo(2);
    assertThat(Status.byKey("missing")).isEqualTo(Status.MISSING);
    assertThat(Status.byKey("error")).isNull();
  }
}
