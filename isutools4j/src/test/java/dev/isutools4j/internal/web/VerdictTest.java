package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.web.Verdict.Kind;
import dev.isutools4j.internal.web.Verdict.Line;
import dev.isutools4j.testing.HostRuns;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verdict of real saved runs (isugram's tuning levels on H2 and MariaDB). */
class VerdictTest {

  private static final Snapshot LEVEL0 = HostRuns.saved("h2", 0);
  private static final Snapshot LEVEL2 = HostRuns.saved("h2", 2);
  private static final Snapshot MARIADB = HostRuns.saved("mariadb", 0);

  @Test
  void level0sTimeWentToCommentsByPostAndTheRouteRootIsNPlusOne() {
    Verdict v = Verdict.of(LEVEL0);
    List<Line> sql = v.of(Kind.SQL);
    assertThat(sql).extracting(Line::subject).containsExactly(
        "select count(*) as count from comments where post_id = ?",
        "select * from comments where post_id = ? order by created_at desc limit ?");
    assertThat(sql.get(0).detail()).isEqualTo("7.95 s, 45.9 % of SQL time · 2" + Units.THIN
        + "300 executions");
    assertThat(sql).extracting(Line::anchor).containsExactly("sql-1", "sql-2");

    List<Line> http = v.of(Kind.HTTP);
    assertThat(http.get(0).subject()).isEqualTo("GET /");
    assertThat(http.get(0).detail()).startsWith("13.92 s, 47.7 %").contains("% of HTTP time · 70 requests");
    assertThat(http.get(0).anchor()).isEqualTo("http-1");

    List<Line> n1 = v.of(Kind.N_PLUS_ONE);
    assertThat(n1).extracting(Line::subject).containsExactly("GET /", "GET /posts", "GET /@{accountName}");
    assertThat(n1.get(0).detail()).isEqualTo("112 queries per request (at most 128 in one)"
        + " · most repeated: select * from users where id = ?, 70.10 per request");
    assertThat(n1.get(0).anchor()).isEqualTo("route-sql-1");
  }

  @Test
  void theSharesAreOfAllTheRunsTime() {
    double all = LEVEL0.sql().stream().mapToDouble(r -> r.time().totalMs()).sum();
    double top = SqlTable.sorted(LEVEL0.sql()).get(0).time().totalMs();
    assertThat(Verdict.of(LEVEL0).of(Kind.SQL).get(0).detail())
        .contains(Units.percent(top / all) + " of SQL time");
  }

  @Test
  void aLineAfterTheFirstNeedsAShareOfTheTime() {
    Snapshot level0 = LEVEL0;
    double all = level0.sql().stream().mapToDouble(r -> r.time().totalMs()).sum();
    for (Line line : Verdict.of(level0).of(Kind.SQL).subList(1, 2)) {
      double total = level0.sql().stream().filter(r -> r.fingerprint().equals(line.subject()))
          .findFirst().orElseThrow().time().totalMs();
      assertThat(total / all).isGreaterThanOrEqualTo(Verdict.MIN_SHARE);
    }
    // level 0's third fingerprint (users by id) is under 5 % of the SQL time: two lines, not three
    assertThat(SqlTable.sorted(level0.sql()).get(2).time().totalMs() / all).isLessThan(Verdict.MIN_SHARE);
  }

  @Test
  void level2HasNoNPlusOneLine() {
    assertThat(Verdict.of(LEVEL2).of(Kind.N_PLUS_ONE)).isEmpty();
    assertThat(Verdict.of(LEVEL2).of(Kind.HTTP).get(0).subject()).isEqualTo("GET /image/{id}.{ext}");
  }

  @Test
  void theMachineLineNamesTheBusiestProcessAndSaysTheCpuWasSaturated() {
    List<Line> machine = Verdict.of(LEVEL0).of(Kind.MACHINE);
    assertThat(machine).hasSize(1);
    assertThat(machine.get(0).subject()).isEqualTo("the app's JVM (java, pid 4766)");
    assertThat(machine.get(0).detail()).isEqualTo("CPU saturated: 98.2 % busy on average over 2 cores"
        + " · the most CPU: 88.7 % of one core on average");
    assertThat(machine.get(0).anchor()).isEqualTo("machine-processes");
  }

  @Test
  void anIdleMachineSaysToRaiseThePoolSizeOrConcurrency() {
    MachineSection saturated = LEVEL0.section(MachineSection.class).orElseThrow();
    MachineSection idle = new MachineSection(true, null, null, saturated.summary(), saturated.series(),
        List.of(new Flag("idle-under-load", "machine mostly idle under load")), saturated.limits());
    Map<String, Object> sections = new LinkedHashMap<>(LEVEL0.sections());
    sections.put("machine", idle);
    Snapshot s = new Snapshot(LEVEL0.meta(), LEVEL0.sql(), LEVEL0.http(), LEVEL0.counters(), sections);
    // the summary says 98 % busy, so the mean decides: still saturated
    assertThat(Verdict.of(s).of(Kind.MACHINE).get(0).detail()).startsWith("CPU saturated");

    MachineSection.Summary summary = saturated.summary();
    Map<dev.isutools4j.internal.snapshot.MachineMetric, MachineSection.MeanPeak> metrics =
        new LinkedHashMap<>(summary.metrics());
    metrics.put(dev.isutools4j.internal.snapshot.MachineMetric.CPU_BUSY, new MachineSection.MeanPeak(12, 30));
    metrics.put(dev.isutools4j.internal.snapshot.MachineMetric.CPU_IDLE, new MachineSection.MeanPeak(88, 95));
    MachineSection.Summary quiet = new MachineSection.Summary(summary.samples(), summary.intervalMs(),
        summary.keptEvery(), metrics, summary.net(), summary.disks(), summary.processes());
    sections.put("machine", new MachineSection(true, null, null, quiet, saturated.series(),
        idle.flags(), saturated.limits()));
    s = new Snapshot(LEVEL0.meta(), LEVEL0.sql(), LEVEL0.http(), LEVEL0.counters(), sections);
    assertThat(Verdict.of(s).of(Kind.MACHINE).get(0).detail()).startsWith(
        "machine idle: 88.0 % idle on average while requests waited: raise the pool size / concurrency");
  }

  @Test
  void theDatabaseServerCountsAsABusyProcessAndTheAdvisorsWarningsHaveUnits() {
    Verdict v = Verdict.of(MARIADB);
    assertThat(v.of(Kind.MACHINE).get(0).subject()).startsWith("the app's JVM");
    List<Line> advice = v.of(Kind.ADVISOR);
    assertThat(advice).hasSize(Verdict.ADVICE + 1);
    Line plans = advice.stream().filter(l -> "db-plan".equals(rule(MARIADB, l))).findFirst()
        .orElseThrow();
    assertThat(plans.detail()).startsWith("7 rows, the first: totalMs: 10.28 s · warnings: full scan of"
        + " comments").doesNotContain("10276.766921");
    assertThat(advice.get(advice.size() - 1).detail()).matches("\\d+ more warnings?");
    assertThat(advice.get(advice.size() - 1).anchor()).isEqualTo("h-advisor");
  }

  @Test
  void onlyWarningsWithEvidenceNotSkippedOrOkRows() {
    AdvisorSection advisor = LEVEL0.section(AdvisorSection.class).orElseThrow();
    for (Line line : Verdict.of(LEVEL0).of(Kind.ADVISOR)) {
      if (line.subject() == null) {
        continue;
      }
      int index = Integer.parseInt(line.anchor().substring("advisor-".length())) - 1;
      assertThat(advisor.rows().get(index).status()).isEqualTo(AdvisorSection.Status.WARN);
      assertThat(advisor.rows().get(index).evidence()).doesNotContainKey("missing");
    }
  }

  @Test
  void aRunAcrossHostsReadsTheMergedTablesAndNamesTheHostOfTheBusiestProcess() {
    Snapshot run = HostRuns.later();
    Verdict v = Verdict.of(run);
    assertThat(v.of(Kind.SQL).get(0).subject()).isEqualTo(SqlTable.sorted(run.sql()).get(0).fingerprint());
    List<Line> machine = v.of(Kind.MACHINE);
    // app1 ran level 1 (88 % of a core for its JVM), app2 level 2, db the MariaDB run: the database
    // host's own JVM is isutools4j's, not an app's, so its busiest is mariadbd
    assertThat(machine).extracting(Line::subject).anySatisfy(s -> assertThat(s).matches(
        "(app1|app2): the app's JVM \\(java, pid \\d+\\)"));
    assertThat(machine).allSatisfy(l -> assertThat(l.anchor()).isEqualTo("h-host-machine"));
    assertThat(v.of(Kind.ADVISOR)).filteredOn(l -> l.subject() != null)
        .allSatisfy(l -> assertThat(l.host()).isIn("app1", "app2", "db"));
  }

  @Test
  void anEmptyRunHasNoLines() {
    Snapshot empty = new Snapshot(LEVEL0.meta(), List.of(), List.of(), List.of(), Map.of());
    assertThat(Verdict.of(empty).lines()).isEmpty();
    StringBuilder out = new StringBuilder();
    VerdictView.write(out, Verdict.of(empty), null);
    assertThat(out.toString()).contains("nothing to rank").doesNotContain("<ul>");
  }

  private static String rule(Snapshot s, Line line) {
    if (line.anchor() == null || !line.anchor().startsWith("advisor-")) {
      return null;
    }
    int index = Integer.parseInt(line.anchor().substring("advisor-".length())) - 1;
    return s.section(AdvisorSection.class).orElseThrow().rows().get(index).rule();
  }
}
