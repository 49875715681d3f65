package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.testing.Snapshots;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotJsonTest {

  private final Snapshot snapshot = Snapshots.sample("20261129-101500-000", Instant.parse("2026-11-29T10:15:00Z"));

  @Test
  void roundTripKeepsEveryField() throws Exception {
    String json = SnapshotJson.write(snapshot);
    Snapshot back = SnapshotJson.read(json);
    assertThat(back.meta()).isEqualTo(snapshot.meta());
    assertThat(back.sql()).isEqualTo(snapshot.sql());
    assertThat(back.counters()).isEqualTo(snapshot.counters());
    assertThat(back.http()).hasSize(1);
    HttpRow http = back.http().get(0);
    assertThat(http.status()).containsExactly(0, 2, 0, 1, 0);
    assertThat(http.queries()).isEqualTo(snapshot.http().get(0).queries());
    assertThat(http.time()).isEqualTo(snapshot.http().get(0).time());
    assertThat(back.sections()).isEqualTo(snapshot.sections());
    assertThat(SnapshotJson.write(back)).isEqualTo(json);
  }

  @Test
  void theDocumentUsesTheDocumentedNames() throws Exception {
    Map<String, Object> root = JSON.std.mapFrom(SnapshotJson.write(snapshot));
    assertThat(root).containsKeys("schema", "meta", "sql", "http", "counters", "machine");
    assertThat((Map<String, Object>) root.get("meta")).containsKeys("id", "startedAt", "endedAt",
        "score", "pass", "revision", "dirty", "note");
    assertThat((Map<String, Object>) ((List<?>) root.get("sql")).get(0)).containsKeys("fingerprint",
        "sample", "count", "errors", "totalMs", "meanMs", "p50Ms", "p90Ms", "p95Ms", "p99Ms", "maxMs",
        "rows");
    assertThat((Map<String, Object>) ((List<?>) root.get("http")).get(0)).containsKeys("method",
        "route", "count", "status1xx", "status2xx", "status3xx", "status4xx", "status5xx", "totalMs",
        "meanMs", "p50Ms", "p90Ms", "p95Ms", "p99Ms", "maxMs", "bytes", "queriesPerRequest", "nPlusOne");
    assertThat((Map<String, Object>) ((List<?>) root.get("counters")).get(0)).containsKeys("name",
        "count", "hits", "misses", "hitRate");
  }

  @Test
  void nullFieldsAreWrittenNotOmitted() throws Exception {
    Snapshot open = snapshot.withMeta(new RunMeta("x", Instant.EPOCH, null, null, null, null, false,
        null, 0, 0, 0));
    Map<String, Object> meta = (Map<String, Object>) JSON.std.mapFrom(SnapshotJson.write(open)).get("meta");
    assertThat(meta).containsKeys("endedAt", "score", "pass", "revision", "note");
    assertThat(meta.get("score")).isNull();
  }

  @Test
  void theRevisionSourceIsWrittenWhenKnownAndLeftOutOtherwise() throws Exception {
    RunMeta m = snapshot.meta();
    RunMeta found = new RunMeta(m.id(), m.startedAt(), m.endedAt(), m.score(), m.pass(), m.revision(),
        m.dirty(), "jar /srv/app/app.jar", m.note(), m.requests(), m.queries(), m.healthFailures());
    String json = SnapshotJson.write(snapshot.withMeta(found));
    assertThat((Map<String, Object>) JSON.std.mapFrom(json).get("meta"))
        .containsEntry("revisionSource", "jar /srv/app/app.jar");
    assertThat(SnapshotJson.read(json).meta()).isEqualTo(found);

    assertThat(m.revisionSource()).isNull();
    Map<String, Object> before = (Map<String, Object>) JSON.std.mapFrom(SnapshotJson.write(snapshot)).get("meta");
    assertThat(before).as("as runs saved before the source was recorded").doesNotContainKey("revisionSource");
    assertThat(SnapshotJson.read(SnapshotJson.write(snapshot)).meta().revisionSource()).isNull();
  }

  @Test
  void theLabelIsWrittenWhenSetAndOldRunsReadAndWriteAsBefore() throws Exception {
    String json = SnapshotJson.write(snapshot.withMeta(snapshot.meta().withLabel("level-2")));
    assertThat((Map<String, Object>) JSON.std.mapFrom(json).get("meta"))
        .containsEntry("label", "level-2");
    assertThat(SnapshotJson.read(json).meta().label()).isEqualTo("level-2");
    assertThat(SnapshotJson.write(SnapshotJson.read(json))).isEqualTo(json);

    String unlabelled = SnapshotJson.write(snapshot);
    assertThat((Map<String, Object>) JSON.std.mapFrom(unlabelled).get("meta"))
        .as("as runs saved before labels").doesNotContainKey("label");
    assertThat(SnapshotJson.read(unlabelled).meta().label()).isNull();
    assertThat(SnapshotJson.write(SnapshotJson.read(unlabelled))).isEqualTo(unlabelled);
  }

  @Test
  void aDocumentWithoutMetaIsRejected() {
    assertThatThrownBy(() -> SnapshotJson.read("{\"hello\": 1}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("meta");
  }
}
