package dev.isutools4j.internal.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.PerSession;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.testing.SavedRuns;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Transitions that appeared, vanished or moved beyond the thresholds; the rest is no change. */
class FlowDiffTest {

  static FlowSection flow(Transition... transitions) {
    long requests = 0;
    for (Transition t : transitions) {
      requests += t.count();
    }
    return new FlowSection(List.of("JSESSIONID"), requests + 100, 0, 100, new PerSession(3, 3, 5), 0, 0,
        List.of(transitions), 0, List.of(), List.of(), List.of(), 0);
  }

  static Snapshot run(String id, long requests, FlowSection flow) {
    return new Snapshot(RunDiffTest.meta(id, 1L, requests), List.of(), List.of(), List.of(),
        flow == null ? Map.of() : Map.of("flow", flow));
  }

  @Test
  void aRedirectThatGoesElsewhereAndAPostThatNowFails() {
    FlowSection before = flow(new Transition("POST /login", "GET /", 200, 400),
        new Transition("GET /", "POST /comment", 302, 300), new Transition("POST /comment", "GET /posts/{id}", 200, 300));
    FlowSection after = flow(new Transition("POST /login", "GET /login", 200, 400),
        new Transition("GET /", "POST /comment", 500, 300), new Transition("POST /comment", "GET /posts/{id}", 200, 300));
    FlowDiff diff = RunDiff.of(run("a", 2000, before), run("b", 2000, after)).flow();

    assertThat(diff.compared()).isTrue();
    assertThat(diff.unchanged()).isEqualTo(1);
    assertThat(diff.rows()).extracting(FlowDiff.Row::from, FlowDiff.Row::to, FlowDiff.Row::status,
        FlowDiff.Row::state).containsExactlyInAnyOrder(
            tuple("POST /login", "GET /", 200, "gone"), tuple("POST /login", "GET /login", 200, "new"),
            tuple("GET /", "POST /comment", 302, "gone"), tuple("GET /", "POST /comment", 500, "new"));
    assertThat(diff.rows().get(0).shareDelta()).as("the biggest move first").isEqualTo(-0.4);
  }

  @Test
  void aMoveIsBeyondFivePointsOfShareOrHalfAgainPerRequest() {
    FlowSection before = flow(new Transition("GET /a", "GET /b", 200, 500),
        new Transition("GET /b", "GET /c", 200, 300), new Transition("GET /c", "GET /d", 200, 100),
        new Transition("GET /d", "GET /e", 200, 100));
    FlowDiff same = RunDiff.of(run("a", 2000, before), run("b", 2000, before)).flow();
    assertThat(same.rows()).isEmpty();
    assertThat(same.unchanged()).isEqualTo(4);

    // Shares: a→b 50 % → 44 % (-5.6 points), b→c 30 % → 33 %, c→d and d→e 10 % → 11 %.
    FlowSection moved = flow(new Transition("GET /a", "GET /b", 200, 400),
        new Transition("GET /b", "GET /c", 200, 300), new Transition("GET /c", "GET /d", 200, 100),
        new Transition("GET /d", "GET /e", 200, 100));
    // With fewer requests in the later run, every transition is half as frequent again per request.
    FlowDiff diff = RunDiff.of(run("a", 2000, before), run("b", 900, moved)).flow();
    assertThat(diff.rows()).extracting(FlowDiff.Row::from, FlowDiff.Row::state).containsExactly(
        tuple("GET /a", "moved"), tuple("GET /b", "moved"), tuple("GET /c", "moved"), tuple("GET /d", "moved"));
    FlowDiff byShare = RunDiff.of(run("a", 2000, before), run("b", 2000, moved)).flow();
    assertThat(byShare.rows()).extracting(FlowDiff.Row::from, FlowDiff.Row::state)
        .containsExactly(tuple("GET /a", "moved"));
    assertThat(byShare.unchanged()).isEqualTo(3);
  }

  @Test
  void runsWithoutAFlowAreNotComparedAndSaySo() {
    FlowSection some = flow(new Transition("GET /", "GET /", 200, 1));
    assertThat(RunDiff.of(run("a", 10, null), run("b", 10, some)).flow().note())
        .isEqualTo("not compared: the earlier run has no flow section");
    assertThat(RunDiff.of(run("a", 10, some), run("b", 10, null)).flow().note())
        .isEqualTo("not compared: the later run has no flow section");
    FlowSection off = new FlowSection(List.of(), 0, 0, 0, PerSession.NONE, 0, 0, List.of(), 0, List.of(),
        List.of(), List.of(), 0);
    assertThat(RunDiff.of(run("a", 10, off), run("b", 10, some)).flow().note())
        .isEqualTo("not compared: the user flow was off in the earlier run");
  }

  @Test
  void savedRunsOfEarlierVersionsDiffWithoutAFlow() throws Exception {
    List<java.nio.file.Path> runs = SavedRuns.set("h2");
    RunDiff diff = RunDiff.of(dev.isutools4j.internal.snapshot.SnapshotJson.read(SavedRuns.text(runs.get(0))),
        dev.isutools4j.internal.snapshot.SnapshotJson.read(SavedRuns.text(runs.get(1))));
    assertThat(diff.flow().compared()).isFalse();
    assertThat(diff.flow().note()).isEqualTo("not compared: neither run has a flow section");
    assertThat(diff.toMap()).containsKey("flow");
  }
}
