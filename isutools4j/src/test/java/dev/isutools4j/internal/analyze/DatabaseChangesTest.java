package dev.isutools4j.internal.analyze;

import static dev.isutools4j.internal.analyze.SchemaAndPlanChangesTest.plan;
import static dev.isutools4j.internal.analyze.SchemaAndPlanChangesTest.row;
import static dev.isutools4j.internal.analyze.SchemaAndPlanChangesTest.section;
import static dev.isutools4j.internal.analyze.SchemaAndPlanChangesTest.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The analyzer that compares the draft's database section with the newest comparable earlier run. */
class DatabaseChangesTest {

  private static final DatabaseSection NOW = section(
      List.of(table("posts", new Index("PRIMARY", List.of("id"), true),
          new Index("idx_user", List.of("user_id"), false))),
      List.of(plan("SELECT a", row(1, "posts", "ref", "idx_user", "idx_user", 6, null))));
  private static final DatabaseSection BEFORE = section(
      List.of(table("posts", new Index("PRIMARY", List.of("id"), true))),
      List.of(plan("SELECT a", row(1, "posts", "ALL", null, null, 3000, null))));

  private static Snapshot run(String id, Object database) {
    RunMeta meta = new RunMeta(id, Instant.parse("2026-12-01T00:00:00Z"), null, null, null, null,
        false, null, 0, 0, 0);
    return new Snapshot(meta, List.of(), List.of(), List.of(),
        database == null ? Map.of() : Map.of("database", database));
  }

  /** The saved runs, newest first; records which of them the analyzer looked at. */
  private static EarlierRuns saved(List<String> looked, Snapshot... runs) {
    return matching -> {
      for (Snapshot run : runs) {
        looked.add(run.meta().id());
        if (matching.test(run)) {
          return Optional.of(run);
        }
      }
      return Optional.empty();
    };
  }

  @Test
  void theNewestRunWithASupportedSectionListingTablesIsComparedWith() {
    List<String> looked = new ArrayList<>();
    DatabaseSection analyzed = new DatabaseChanges().analyze(run("now", NOW), saved(looked,
        run("no-section", null),
        run("h2", DatabaseSection.unsupported("H2 is not inspected")),
        run("down-at-save", DatabaseSection.failed(true, null, null, "jdbc:mariadb://db/isu",
            "at save: refused", List.of(), Map.of())),
        run("inspected", BEFORE),
        run("older", NOW)));

    assertThat(looked).containsExactly("no-section", "h2", "down-at-save", "inspected");
    Changes changes = analyzed.changes();
    assertThat(changes.previousRun()).isEqualTo("inspected");
    assertThat(changes.schema()).singleElement()
        .satisfies(c -> assertThat(c.kind() + " " + c.index()).isEqualTo("index added idx_user"));
    assertThat(changes.plans()).singleElement()
        .satisfies(c -> assertThat(c.what()).isEqualTo("key, type, rows"));
    assertThat(analyzed.withChanges(null)).isEqualTo(NOW);
  }

  @Test
  void aSaveThatFailedWithTheResetsTablesCountsAsAnEarlierRun() {
    DatabaseSection failed = DatabaseSection.failed(true, "MariaDB", "10.11", "jdbc:mariadb://db/isu",
        "at save: refused", BEFORE.tables(), Map.of());
    DatabaseSection analyzed = new DatabaseChanges().analyze(run("now", NOW),
        saved(new ArrayList<>(), run("down-at-save", failed)));
    assertThat(analyzed.changes().previousRun()).isEqualTo("down-at-save");
    assertThat(analyzed.changes().plans()).isEmpty();
  }

  @Test
  void withoutAnEarlierRunTheChangesAreEmpty() {
    DatabaseSection analyzed = new DatabaseChanges().analyze(run("now", NOW), EarlierRuns.NONE);
    assertThat(analyzed.changes()).isEqualTo(Changes.NONE);
  }

  @Test
  void sectionsThatWereNotReadAtSaveAreLeftAsTheyAre() {
    EarlierRuns any = saved(new ArrayList<>(), run("inspected", BEFORE));
    assertThat(new DatabaseChanges().analyze(run("now", null), any)).isNull();
    assertThat(new DatabaseChanges().analyze(
        run("now", DatabaseSection.unsupported("H2 is not inspected")), any)).isNull();
    assertThat(new DatabaseChanges().analyze(run("now", DatabaseSection.failed(true, "MariaDB",
        "10.11", "jdbc:mariadb://db/isu", "at save: refused", List.of(), Map.of())), any)).isNull();
  }
}
