package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.testing.HostRuns;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two runs across hosts compared: the merged tables, then host by host. */
class HostDiffTest {

  private static final Snapshot EARLIER = HostRuns.earlier();
  private static final Snapshot LATER = HostRuns.later();

  @Test
  void theMergedTablesAreComparedAsTheTablesOfOneRun() {
    RunDiff diff = RunDiff.of(EARLIER, LATER);
    SqlRow top = inBoth(LATER, EARLIER);
    RowDiff row = diff.sql().stream().filter(r -> r.key().equals(top.fingerprint())).findFirst()
        .orElseThrow();
    assertThat(row.after().count()).isEqualTo(top.time().count());
    assertThat(row.before().count()).isEqualTo(HostRuns.sqlCount(
        List.of(EARLIER.parts().get("app1"), EARLIER.parts().get("app2")), top.fingerprint()));
    assertThat(diff.layout()).isNull();
    assertThat(diff.acrossHosts()).isTrue();
  }

  @Test
  void hostsInBothRunsAreComparedPartByPart() throws Exception {
    RunDiff diff = RunDiff.of(EARLIER, LATER);
    assertThat(diff.hosts()).extracting(HostDiff::name).containsExactly("app1", "app2", "db", "app3");
    HostDiff app1 = diff.hosts().get(0);
    assertThat(app1.state()).isEqualTo(HostDiff.COMPARED);
    assertThat(app1.note()).isNull();
    RunDiff own = RunDiff.of(EARLIER.parts().get("app1"), LATER.parts().get("app1"));
    assertThat(SnapshotJson.writeValue(app1.diff().toMap()))
        .isEqualTo(SnapshotJson.writeValue(own.toMap()));
    assertThat(app1.diff().machine()).as("the part's machine compared").isNotEmpty();
    assertThat(app1.diff().profile().comparable()).as("the part's profiles compared").isTrue();
    assertThat(app1.diff().advisor()).isEqualTo(own.advisor());
  }

  @Test
  void aHostInOneRunOnlyGetsALine() {
    RunDiff diff = RunDiff.of(EARLIER, LATER);
    HostDiff db = diff.hosts().get(2);
    assertThat(db.state()).isEqualTo(HostDiff.NEW);
    assertThat(db.note()).isEqualTo("db: only in the later run");
    assertThat(db.diff()).isNull();
    HostDiff app3 = diff.hosts().get(3);
    assertThat(app3.state()).isEqualTo(HostDiff.MISSING);
    assertThat(app3.note()).isEqualTo("app3: only in the later run, which has no part of it ("
        + HostRuns.TIMED_OUT + ")");

    RunDiff back = RunDiff.of(LATER, EARLIER);
    assertThat(back.hosts()).extracting(HostDiff::note)
        .containsExactly(null, null, "db: only in the earlier run",
            "app3: only in the earlier run, which has no part of it (" + HostRuns.TIMED_OUT + ")");
  }

  @Test
  void aHostMissingInOneRunSaysWhy() {
    Map<String, Snapshot> parts = new LinkedHashMap<>(LATER.parts());
    parts.put("app3", HostRuns.saved("h2", 0));
    List<HostInfo> hosts = LATER.meta().hosts().stream()
        .map(h -> h.name().equals("app3") ? HostRuns.ok("app3", h.address(), "app", 0, 1) : h)
        .toList();
    Snapshot whole = HostRuns.run("20261202-120000-000", 1L, hosts, parts);
    HostDiff app3 = RunDiff.of(LATER, whole).hosts().get(3);
    assertThat(app3.state()).isEqualTo(HostDiff.NEW);
    assertThat(app3.note()).isEqualTo("app3: the earlier run has no part of it ("
        + HostRuns.TIMED_OUT + ")");
    assertThat(RunDiff.of(whole, LATER).hosts().get(3).note())
        .isEqualTo("app3: the later run has no part of it (" + HostRuns.TIMED_OUT + ")");
  }

  @Test
  void aRunOfOneHostIsComparedWithTheMergedTablesAndTheLayoutChangeIsSaid() {
    Snapshot single = HostRuns.saved("h2", 0);
    RunDiff diff = RunDiff.of(single, LATER);
    assertThat(diff.layout()).isEqualTo("host layout changed: one host → 4 hosts (app1, app2, db, app3);"
        + " the single host's tables are compared with the merged ones, its other sections are not");
    assertThat(diff.hosts()).isEmpty();
    SqlRow top = inBoth(LATER, single);
    RowDiff row = diff.sql().stream().filter(r -> r.key().equals(top.fingerprint())).findFirst()
        .orElseThrow();
    long before = single.sql().stream().filter(r -> r.fingerprint().equals(top.fingerprint()))
        .mapToLong(r -> r.time().count()).sum();
    assertThat(row.before().count()).isEqualTo(before);
    assertThat(row.after().count()).isEqualTo(top.time().count());
    assertThat(diff.machine()).as("a host's machine is not the run's").isEmpty();
    assertThat(diff.advisor()).isEmpty();
    assertThat(diff.indexes()).isEmpty();
    assertThat(diff.profile().notes()).singleElement().asString().startsWith("profiles not compared: host layout changed");

    assertThat(RunDiff.of(LATER, single).layout()).startsWith("host layout changed: 4 hosts (app1, app2, db, app3) → one host;");
    Map<String, Object> json = diff.toMap();
    assertThat(json).containsEntry("layout", diff.layout()).containsEntry("hosts", List.of());
  }

  @Test
  void aDiffOfRunsOfOneHostIsWrittenAsBefore() {
    Map<String, Object> json = RunDiff.of(HostRuns.saved("h2", 0), HostRuns.saved("h2", 1)).toMap();
    assertThat(json).doesNotContainKeys("hosts", "layout");
  }

  /** The busiest statement of {@code run} that {@code other} ran too. */
  private static SqlRow inBoth(Snapshot run, Snapshot other) {
    return run.sql().stream()
        .filter(r -> other.sql().stream().anyMatch(o -> o.fingerprint().equals(r.fingerprint())))
        .findFirst().orElseThrow();
  }
}
