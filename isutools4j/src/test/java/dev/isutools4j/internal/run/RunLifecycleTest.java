package dev.isutools4j.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.analyze.Analyzer;
import dev.isutools4j.internal.analyze.EarlierRuns;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLifecycleTest {

  @TempDir
  Path dir;

  private final List<String> events = new ArrayList<>();
  private final Collector collector = new Collector() {
    @Override
    public String name() {
      return "probe";
    }

    @Override
    public void start(RunContext run) {
      events.add("start");
    }

    @Override
    public Section stop(boolean saving) {
      events.add(saving ? "save" : "discard");
      return MachineSection.unsupported("probe: 3 samples");
    }

    @Override
    public Section retry(Section stopped) {
      events.add("retry");
      return stopped;
    }
  };

  private RunLifecycle lifecycle(Path history) {
    return new RunLifecycle(new RunStore(history), List.of(collector),
        () -> new GitRevision("abc123", true, "jar /srv/app/app.jar"), 5,
        Clock.fixed(Instant.parse("2026-11-29T10:15:30.123Z"), ZoneOffset.UTC));
  }

  @Test
  void resetThenSaveWritesTheRunWithItsCollectorsSection() throws Exception {
    RunLifecycle runs = lifecycle(dir);
    RunLifecycle.Reset reset = runs.reset();
    assertThat(reset.id()).isEqualTo("20261129-101530-123");
    assertThat(reset.discardedId()).isNull();
    Isutools.count("orders", 3);

    RunLifecycle.Saved saved = runs.save(4242L, true, "first");
    assertThat(saved.file()).exists();
    Snapshot stored = runs.store().read(saved.id()).orElseThrow();
    assertThat(stored.meta().score()).isEqualTo(4242L);
    assertThat(stored.meta().pass()).isTrue();
    assertThat(stored.meta().note()).isEqualTo("first");
    assertThat(stored.meta().revision()).isEqualTo("abc123");
    assertThat(stored.meta().dirty()).isTrue();
    assertThat(stored.meta().revisionSource()).isEqualTo("jar /srv/app/app.jar");
    assertThat(stored.counters()).anySatisfy(c -> {
      assertThat(c.name()).isEqualTo("orders");
      assertThat(c.count()).isEqualTo(3);
    });
    assertThat(stored.section(MachineSection.class)).as("stored under its section's name, machine")
        .hasValue(MachineSection.unsupported("probe: 3 samples"));
    assertThat(stored.sections()).containsOnlyKeys("machine");
    assertThat(events).containsExactly("start", "save");
  }

  @Test
  void aSecondResetDiscardsTheOpenRunAndSaysSo() throws Exception {
    RunLifecycle runs = lifecycle(dir);
    String first = runs.reset().id();
    RunLifecycle.Reset second = runs.reset();
    assertThat(second.discardedId()).isEqualTo(first);
    assertThat(second.id()).isNotEqualTo(first).isGreaterThan(first);
    assertThat(events).containsExactly("start", "discard", "start");
  }

  @Test
  void aHubsNextRunSavesItsEarlierRunStillOpenHereAndThePlayersResetStillRefusesIt()
      throws Exception {
    RunLifecycle runs = lifecycle(dir);
    runs.join("20261129-100000-000", "hub1-abc");
    assertThatThrownBy(() -> runs.reset(false)).isInstanceOf(RunConflict.class)
        .hasMessageContaining("in run 20261129-100000-000 of hub hub1-abc");
    assertThatThrownBy(() -> runs.join("20261129-100000-001", "hub2-def"))
        .isInstanceOf(RunConflict.class).hasMessage("already in run 20261129-100000-000 of hub hub1-abc");

    RunLifecycle.Reset next = runs.join("20261129-100000-002", "hub1-abc");

    assertThat(next.discardedId()).isNull();
    assertThat(runs.currentMeta().id()).isEqualTo("20261129-100000-002");
    Snapshot kept = runs.store().read("20261129-100000-000").orElseThrow();
    assertThat(kept.meta().score()).isNull();
    assertThat(kept.section(MachineSection.class)).as("its collectors stopped to save it")
        .hasValue(MachineSection.unsupported("probe: 3 samples"));
    assertThat(events).containsExactly("start", "save", "start");

    RunLifecycle.Reset forced = runs.reset(true);
    assertThat(forced.discardedId()).as("the player's forced reset still discards")
        .isEqualTo("20261129-100000-002");
    assertThat(runs.store().exists("20261129-100000-002")).isFalse();
    runs.join("20261129-100000-003", "hub1-abc");
    assertThat(runs.store().exists(forced.id())).as("the player's own run is not a hub's to keep")
        .isFalse();
    assertThat(events).containsExactly("start", "save", "start", "discard", "start", "discard",
        "start");
  }

  @Test
  void saveWithoutAnOpenRunIsAConflict() {
    RunLifecycle runs = lifecycle(dir);
    assertThatThrownBy(() -> runs.save(1L, null, null))
        .isInstanceOf(RunConflict.class)
        .hasMessageContaining("no run is open");
  }

  @Test
  void aFailedWriteKeepsTheRunOpenForARetry() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
    RunLifecycle broken = lifecycle(file);
    broken.reset();
    assertThatThrownBy(() -> broken.save(1L, null, null)).isInstanceOf(IOException.class);
    assertThat(broken.current()).as("still open").isNotNull();
  }

  @Test
  void aRetriedSaveStopsTheCollectorsOnceAndSavesTheirSectionsWithEverythingRecordedSince()
      throws Exception {
    RunLifecycle runs = lifecycle(dir);
    String id = runs.reset().id();
    // A folder where the run's file should go: the rename that commits the run fails.
    Path blocked = Files.createDirectories(dir.resolve(id + ".json").resolve("blocked"));
    Isutools.count("orders", 2);

    assertThatThrownBy(() -> runs.save(7L, null, null)).isInstanceOf(IOException.class)
        .hasMessageStartingWith("run " + id + " could not be written to " + dir.toAbsolutePath());
    assertThat(runs.current().meta().id()).as("still open").isEqualTo(id);
    Isutools.count("orders", 1);
    Files.delete(blocked);
    Files.delete(blocked.getParent());
    RunLifecycle.Saved saved = runs.save(8L, null, null);

    assertThat(saved.id()).isEqualTo(id);
    Snapshot stored = runs.store().read(id).orElseThrow();
    assertThat(stored.meta().score()).isEqualTo(8L);
    assertThat(stored.counters()).anySatisfy(c -> {
      assertThat(c.name()).isEqualTo("orders");
      assertThat(c.count()).isEqualTo(3);
    });
    assertThat(stored.section(MachineSection.class))
        .hasValue(MachineSection.unsupported("probe: 3 samples"));
    assertThat(events).containsExactly("start", "save", "retry");
    assertThat(runs.current()).isNull();
  }

  @Test
  void anOpenRunIsClaimedOutOfTheHistorysSightAndADiscardedOneLeavesNothing() throws Exception {
    RunLifecycle runs = lifecycle(dir);
    String first = runs.reset().id();
    Files.createDirectories(dir.resolve(first));
    Files.writeString(dir.resolve(first).resolve("profile.jfr"), "what a collector wrote");
    assertThat(dir.resolve("." + first + ".open")).isRegularFile();
    assertThat(runs.store().list()).isEmpty();

    String second = runs.reset().id();
    assertThat(dir.resolve(first)).doesNotExist();
    assertThat(dir.resolve("." + first + ".open")).doesNotExist();
    runs.save(1L, null, null);

    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactly(second + ".json");
    }
  }

  @Test
  void theRunInProgressIsVisibleBeforeSave() throws Exception {
    RunLifecycle runs = lifecycle(dir);
    assertThat(runs.current()).isNull();
    runs.reset();
    Isutools.hit("cache", true);
    assertThat(runs.current().counters()).anySatisfy(c -> assertThat(c.hits()).isEqualTo(1));
    assertThat(runs.current().meta().endedAt()).isNull();
  }

  @Test
  void analyzersReadTheCollectorsSectionsAtSaveAndAFailingOneIsLeftOut() throws Exception {
    Analyzer echo = new Analyzer() {
      @Override
      public String name() {
        return "echo";
      }

      @Override
      public Section analyze(Snapshot draft, EarlierRuns earlier) {
        return AdvisorSection.of(List.of(new Row("echo", "saw " + draft.sections().keySet(),
            Status.INFO, Map.of(), "")));
      }
    };
    Analyzer broken = new Analyzer() {
      @Override
      public String name() {
        return "broken";
      }

      @Override
      public Section analyze(Snapshot draft, EarlierRuns earlier) {
        throw new IllegalStateException("boom");
      }
    };
    RunLifecycle runs = new RunLifecycle(new RunStore(dir), List.of(collector), List.of(broken, echo),
        () -> new GitRevision("abc123", false), 5, Clock.systemUTC());
    long failures = Health.failures();
    runs.reset();
    Snapshot stored = runs.store().read(runs.save(null, null, null).id()).orElseThrow();
    assertThat(stored.section(AdvisorSection.class).orElseThrow().rows())
        .extracting(Row::title).containsExactly("saw [machine]");
    assertThat(stored.sections()).containsOnlyKeys("machine", "advisor");
    assertThat(Health.failures()).isGreaterThan(failures);
  }

  @Test
  void theHistorysMetaCountsWhatTheFullSnapshotCounts() throws Exception {
    RunLifecycle runs = lifecycle(dir);
    runs.reset();
    dev.isutools4j.internal.stats.Recorder recorder = Recording.recorder();
    int sqlId = recorder.keys().sql().id("select 1");
    for (int i = 0; i < 7; i++) {
      recorder.sql(sqlId).executed(1_000, 0, false);
    }
    int routeId = recorder.keys().routes().id("GET", "/meta-count");
    for (int i = 0; i < 3; i++) {
      recorder.http(routeId).record(2_000, 200, 0, dev.isutools4j.internal.stats.RequestScope.current(),
          recorder.keys().sql().otherId());
    }
    RunMeta light = runs.currentMeta();
    RunMeta full = runs.current().meta();
    assertThat(light.requests()).isEqualTo(full.requests()).isEqualTo(3);
    assertThat(light.queries()).isEqualTo(full.queries()).isEqualTo(7);
    assertThat(light.id()).isEqualTo(full.id());
  }
}
