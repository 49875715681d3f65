package dev.isutools4j.internal.diff;

import static dev.isutools4j.testing.Profiles.failed;
import static dev.isutools4j.testing.Profiles.flame;
import static dev.isutools4j.testing.Profiles.method;
import static dev.isutools4j.testing.Profiles.section;
import static dev.isutools4j.testing.Profiles.typed;
import static dev.isutools4j.testing.Profiles.wideFlame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileDiffTest {

  static final String ESCAPE = "dev.isugram.web.Markup.escape";
  static final String RENDER = "dev.isugram.web.Markup.render";
  static final String PARSE = "com.fasterxml.jackson.core.JsonParser.nextToken";
  static final String HASH = "java.util.HashMap.hash";
  static final String READ = "sun.nio.ch.SocketDispatcher.read0";

  /** 1 000 samples: escape holds 42 % of them. */
  static Map<String, Object> before() {
    return section("async-profiler", "cpu", 1_000,
        List.of(method(ESCAPE, 420, 0.42), method(PARSE, 100, 0.10), method(READ, 60, 0.06)),
        List.of(method(RENDER, 600, 0.60), method(ESCAPE, 420, 0.42)),
        beforeFlame());
  }

  /** 4 000 samples, four times as many: the parser's count grows four times, its share stays. */
  static Map<String, Object> after() {
    return section("async-profiler", "cpu", 4_000,
        List.of(method(HASH, 800, 0.20), method(PARSE, 400, 0.10), method(ESCAPE, 120, 0.03)),
        List.of(method(RENDER, 400, 0.10), method(ESCAPE, 120, 0.03)),
        afterFlame());
  }

  // all(1000) ─ Thread.run(1000) ┬ render(600) ─ escape(420)
  //                               └ escape(400)               (the same frame on another path)
  static Map<String, Object> beforeFlame() {
    return flame(List.of("all", "java.lang.Thread.run", RENDER, ESCAPE), "rfaa",
        new int[] {0, 1, 2, 3, 3}, new int[] {-1, 0, 1, 2, 1}, new long[] {1000, 1000, 600, 420, 400});
  }

  // all(4000) ─ Thread.run(4000) ┬ hash(3000)
  //                               └ render(1000) ─ escape(120)
  // Frames listed in another order than before's, so indexes differ between the runs.
  static Map<String, Object> afterFlame() {
    return flame(List.of(ESCAPE, HASH, "all", RENDER, "java.lang.Thread.run"), "afraf",
        new int[] {2, 4, 3, 0, 1}, new int[] {-1, 0, 1, 2, 1}, new long[] {4000, 4000, 1000, 120, 3000});
  }

  static ProfileDiff diff(Object before, Object after) {
    return of(before, after, FlameMerge.MAX_NODES);
  }

  /** The two sections compared as their runs' JSON would give them to the diff. */
  static ProfileDiff of(Object before, Object after, int maxNodes) {
    return ProfileDiff.of(typed(before), typed(after), maxNodes);
  }

  @Test
  void hotMethodsAreMatchedByNameAndComparedByShareNotBySamples() {
    ProfileDiff diff = diff(before(), after());
    assertThat(diff.comparable()).isTrue();
    assertThat(diff.notes()).isEmpty();
    assertThat(diff.topSelf()).extracting(MethodDiff::method).containsExactly(ESCAPE, HASH, READ, PARSE);

    MethodDiff escape = diff.topSelf().get(0);
    assertThat(escape.state()).isEqualTo("changed");
    assertThat(escape.before()).isEqualTo(new MethodDiff.Share(420, 0.42));
    assertThat(escape.after()).isEqualTo(new MethodDiff.Share(120, 0.03));
    assertThat(escape.shareDeltaPoints()).isCloseTo(-39, within(1e-9));
    assertThat(escape.app()).isTrue();

    MethodDiff parse = diff.topSelf().get(3);
    assertThat(parse.after().samples()).isEqualTo(4 * parse.before().samples());
    assertThat(parse.shareDeltaPoints()).isCloseTo(0, within(1e-9));
    assertThat(parse.app()).isFalse();
  }

  @Test
  void methodsInOneRunOnlyAreNewOrGoneAndCountAsZeroOnTheOtherSide() {
    ProfileDiff diff = diff(before(), after());
    MethodDiff hash = diff.topSelf().get(1);
    assertThat(hash.method()).isEqualTo(HASH);
    assertThat(hash.isNew()).isTrue();
    assertThat(hash.before()).isNull();
    assertThat(hash.shareDeltaPoints()).isCloseTo(20, within(1e-9));
    MethodDiff read = diff.topSelf().get(2);
    assertThat(read.isGone()).isTrue();
    assertThat(read.after()).isNull();
    assertThat(read.shareDeltaPoints()).isCloseTo(-6, within(1e-9));
  }

  @Test
  void aMethodBelowOneRunsTopRowsTakesItsShareThereFromThatRunsFlameTree() {
    // all(100) -> run(100) -> {hot(70), recurse(30) -> recurse(20)}
    Map<String, Object> tree = flame(List.of("all", "run", "hot", "recurse"), "rffa",
        new int[] {0, 1, 2, 3, 3}, new int[] {-1, 0, 1, 1, 3}, new long[] {100, 100, 70, 30, 20});
    Map<String, Object> before = section("async-profiler", "cpu", 100,
        List.of(method("hot", 70, 0.7)), List.of(method("run", 100, 1.0)), tree);
    Map<String, Object> after = section("async-profiler", "cpu", 200,
        List.of(method("recurse", 100, 0.5)), List.of(method("recurse", 100, 0.5)),
        wideFlame(100, 100));
    ProfileDiff diff = of(before, after, 100);
    MethodDiff self = diff.topSelf().stream().filter(m -> m.method().equals("recurse")).findFirst()
        .orElseThrow();
    // recurse's self in the before run: 10 (outer node) + 20 (inner) = 30 of 100.
    assertThat(self.isNew()).isFalse();
    assertThat(self.before().samples()).isEqualTo(30);
    assertThat(self.before().share()).isCloseTo(0.3, within(1e-9));
    MethodDiff total = diff.topTotal().stream().filter(m -> m.method().equals("recurse")).findFirst()
        .orElseThrow();
    // Its total counts the recursion once: 30, not 50.
    assertThat(total.before().samples()).isEqualTo(30);
    // hot is in neither of the after run's tables nor in its tree: really gone.
    MethodDiff hot = diff.topSelf().stream().filter(m -> m.method().equals("hot")).findFirst().orElseThrow();
    assertThat(hot.isGone()).isTrue();
  }

  @Test
  void topTotalIsMatchedOnItsOwn() {
    ProfileDiff diff = diff(before(), after());
    assertThat(diff.topTotal()).extracting(MethodDiff::method, m -> Math.round(m.shareDeltaPoints()))
        .containsExactly(org.assertj.core.groups.Tuple.tuple(RENDER, -50L),
            org.assertj.core.groups.Tuple.tuple(ESCAPE, -39L));
  }

  @Test
  void aRowWithoutAShareIsWorkedOutFromItsRunsSamples() {
    Map<String, Object> row = new LinkedHashMap<>(method(ESCAPE, 250, 0));
    row.remove("share");
    Map<String, Object> noShare = section("async-profiler", "cpu", 1_000, List.of(row), List.of(), null);
    MethodDiff escape = diff(noShare, after()).topSelf().stream()
        .filter(m -> m.method().equals(ESCAPE)).findFirst().orElseThrow();
    assertThat(escape.before().share()).isEqualTo(0.25);
  }

  @Test
  void theTablesKeepTheFiftyBiggestMoves() {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 1; i <= 80; i++) {
      rows.add(method("dev.x.M.m" + i, i, i / 10_000.0));
    }
    ProfileDiff diff = diff(section("jfr", "cpu", 10_000, rows, List.of(), null), after());
    List<MethodDiff> gone = diff.topSelf().stream().filter(MethodDiff::isGone).toList();
    assertThat(diff.topSelf()).hasSize(ProfileDiff.MAX_METHODS);
    // Of the 80 gone ones, the biggest: three rows of after moved more than any of them.
    assertThat(gone).hasSize(47).first().extracting(MethodDiff::method).isEqualTo("dev.x.M.m80");
    assertThat(gone).last().extracting(MethodDiff::method).isEqualTo("dev.x.M.m34");
  }

  @Test
  @SuppressWarnings("unchecked")
  void flameTreesAreMergedByPathWithParentsFirstAndBiggerAfterFirst() {
    FlameDiff flame = diff(before(), after()).flame();
    assertThat(flame.nodes()).isEqualTo(6);
    assertThat(flame.droppedNodes()).isZero();
    assertThat(flame.beforeTotal()).isEqualTo(1000);
    assertThat(flame.afterTotal()).isEqualTo(4000);
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < flame.nodes(); i++) {
      String parent = flame.parent(i) < 0 ? "-" : flame.name(flame.parent(i));
      nodes.add(flame.name(i) + "<" + parent + " " + flame.before(i) + "/" + flame.after(i) + " "
          + flame.kind(i));
      assertThat(flame.parent(i)).isLessThan(i);
    }
    assertThat(nodes).containsExactly(
        "all<- 1000/4000 r",
        "java.lang.Thread.run<all 1000/4000 f",
        HASH + "<java.lang.Thread.run 0/3000 f",            // only after
        RENDER + "<java.lang.Thread.run 600/1000 a",
        ESCAPE + "<" + RENDER + " 420/120 a",
        ESCAPE + "<java.lang.Thread.run 400/0 a");          // only before
    Map<String, Object> json = flame.toMap();
    assertThat((List<Object>) json.get("frames")).containsExactly("all", "java.lang.Thread.run", HASH, RENDER,
        ESCAPE);
    assertThat(json.get("kinds")).isEqualTo("rffaa");
    assertThat((int[]) json.get("frame")).containsExactly(0, 1, 2, 3, 4, 4);
    assertThat((int[]) json.get("parent")).containsExactly(-1, 0, 1, 1, 3, 1);
    assertThat((long[]) json.get("before")).containsExactly(1000, 1000, 0, 600, 420, 400);
    assertThat((long[]) json.get("after")).containsExactly(4000, 4000, 3000, 1000, 120, 0);
  }

  @Test
  void overTheNodeLimitTheSmallestSubtreesGoAndTheirSamplesStayInTheParent() {
    // before: all ─ m0(600) ─ {m0.a(300), m0.b(200)}, m1(300), m2(100); after: the same shape, other weights
    Map<String, Object> b = flame(List.of("all", "m0", "m1", "m2", "a", "b"), "rffffk",
        new int[] {0, 1, 4, 5, 2, 3}, new int[] {-1, 0, 1, 1, 0, 0}, new long[] {1000, 600, 300, 200, 300, 100});
    Map<String, Object> a = flame(List.of("all", "m0", "m1", "m2", "a", "b"), "rffffk",
        new int[] {0, 1, 4, 5, 2, 3}, new int[] {-1, 0, 1, 1, 0, 0}, new long[] {100, 10, 5, 1, 30, 60});
    // Weights (larger share): m0 .6, m0.a .3, m0.b .2, m1 .3, m2 .6; four nodes keep root, m0, m2 and m1
    // (m1 ties with m0.a at .3 and comes first in preorder: m2, m1, m0 by after).
    FlameDiff flame = of(section("jfr", "cpu", 1000, List.of(), List.of(), b),
        section("jfr", "cpu", 100, List.of(), List.of(), a), 4).flame();
    assertThat(flame.nodes()).isEqualTo(4);
    assertThat(flame.droppedNodes()).isEqualTo(2);
    assertThat(flame.beforeTotal()).isEqualTo(1000);
    assertThat(flame.afterTotal()).isEqualTo(100);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < flame.nodes(); i++) {
      names.add(flame.name(i));
    }
    assertThat(names).containsExactly("all", "m2", "m1", "m0");
    assertThat(flame.before(3)).isEqualTo(600); // a and b left out, their samples still in m0
    assertThat(flame.toMap()).containsEntry("droppedNodes", 2);
  }

  @Test
  void theDefaultLimitKeepsTwentyThousandNodesAndTheBiggest() {
    long[] leaves = new long[25_000];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = i + 1;
    }
    Map<String, Object> wide = wideFlame(leaves);
    FlameDiff flame = ProfileDiff.of(
        withProfile(RunDiffTest.before(), section("jfr", "cpu", 1, List.of(), List.of(), wide)),
        withProfile(RunDiffTest.after(), section("jfr", "cpu", 1, List.of(), List.of(), wide))).flame();
    assertThat(flame.nodes()).isEqualTo(FlameMerge.MAX_NODES);
    assertThat(flame.droppedNodes()).isEqualTo(5_001);
    long kept = 0;
    long smallest = Long.MAX_VALUE;
    for (int i = 1; i < flame.nodes(); i++) {
      assertThat(flame.parent(i)).isZero();
      kept += flame.after(i);
      smallest = Math.min(smallest, flame.after(i));
      if (i > 1) {
        assertThat(flame.after(i)).isLessThanOrEqualTo(flame.after(i - 1));
      }
    }
    assertThat(smallest).isEqualTo(5_002);
    assertThat(flame.afterTotal()).isEqualTo(25_000L * 25_001 / 2).isGreaterThan(kept);
  }

  @Test
  void keptChildrenNeverAddUpToMoreThanTheirParent() {
    Map<String, Object> deep = flame(List.of("all", "x", "y", "z", "w"), "rffff",
        new int[] {0, 1, 2, 3, 4}, new int[] {-1, 0, 1, 2, 0}, new long[] {30, 10, 10, 10, 20});
    for (int limit = 1; limit <= 5; limit++) {
      FlameDiff flame = of(section("jfr", "cpu", 30, List.of(), List.of(), deep),
          section("jfr", "cpu", 30, List.of(), List.of(), deep), limit).flame();
      assertThat(flame.nodes()).isEqualTo(limit);
      assertThat(flame.droppedNodes()).isEqualTo(5 - limit);
      Map<Integer, Long> children = new HashMap<>();
      for (int i = 1; i < flame.nodes(); i++) {
        assertThat(flame.parent(i)).isBetween(0, i - 1);
        children.merge(flame.parent(i), flame.before(i), Long::sum);
      }
      children.forEach((parent, sum) -> assertThat(sum).isLessThanOrEqualTo(flame.before(parent)));
      assertThat(flame.beforeTotal()).isEqualTo(30);
    }
  }

  @Test
  void brokenNodesAreSkippedWithTheirSubtrees() {
    // node 2 names its own child as parent, node 3 hangs under node 2, node 4 names no frame
    Map<String, Object> broken = flame(List.of("all", "x", "y"), "rff",
        new int[] {0, 1, 2, 2, 9}, new int[] {-1, 0, 3, 2, 0}, new long[] {10, 5, 3, 3, 2});
    FlameDiff flame = diff(section("jfr", "cpu", 10, List.of(), List.of(), broken),
        section("jfr", "cpu", 10, List.of(), List.of(), broken)).flame();
    assertThat(flame.nodes()).isEqualTo(2);
    assertThat(flame.name(1)).isEqualTo("x");
    assertThat(flame.before(1)).isEqualTo(5);
  }

  @Test
  void aRunWithoutAProfileSaysWhichAndComparesNothing() {
    ProfileDiff noBefore = ProfileDiff.of(RunDiffTest.before(), withProfile(RunDiffTest.after(), after()));
    assertThat(noBefore.before().available()).isFalse();
    assertThat(noBefore.after().available()).isTrue();
    assertThat(noBefore.notes()).containsExactly(
        "the before run has no profile (no profile section): nothing to compare");
    assertThat(noBefore.topSelf()).isEmpty();
    assertThat(noBefore.flame()).isNull();
    assertThat(noBefore.moves(5)).isEmpty();

    ProfileDiff failedAfter = diff(before(), failed("no profiler: perf_event_open failed; jfr disabled"));
    assertThat(failedAfter.after().available()).isFalse();
    assertThat(failedAfter.notes()).containsExactly("the after run has no profile (no profiler:"
        + " perf_event_open failed; jfr disabled): nothing to compare");
    assertThat(failedAfter.topTotal()).isEmpty();

    ProfileDiff neither = diff(null, "not a section");
    assertThat(neither.notes()).containsExactly(
        "neither run has a profile (before: no profile section; after: no profile section)");
    assertThat(neither.toMap()).containsEntry("flame", null).containsEntry("comparable", false);
  }

  @Test
  void aPartialProfileIsComparedAndSaidToBePartial() {
    Map<String, Object> partial = new LinkedHashMap<>(after());
    partial.put("error", "profiler stopped early: out of memory");
    ProfileDiff diff = diff(before(), partial);
    assertThat(diff.after().partial()).isTrue();
    assertThat(diff.notes()).containsExactly(
        "the after run's profile is partial: profiler stopped early: out of memory");
    assertThat(diff.topSelf()).isNotEmpty();
  }

  @Test
  void aProfileWithoutAFlameTreeStillComparesItsTables() {
    Map<String, Object> noFlame = new LinkedHashMap<>(after());
    noFlame.remove("flame");
    ProfileDiff diff = diff(before(), noFlame);
    assertThat(diff.flame()).isNull();
    assertThat(diff.topSelf()).hasSize(4);
    assertThat(diff.notes()).containsExactly("the after run's profile has no flame graph to compare");
  }

  @Test
  void differentModesAreComparedButSaidNotComparableAndKeptOutOfTheMoves() {
    Map<String, Object> wall = new LinkedHashMap<>(after());
    wall.put("mode", "wall");
    wall.put("event", "wall");
    ProfileDiff diff = diff(before(), wall);
    assertThat(diff.comparable()).isFalse();
    assertThat(diff.notes()).containsExactly(
        "modes differ: cpu (samples) → wall (samples); shares of different modes are not comparable");
    assertThat(diff.topSelf()).hasSize(4);
    assertThat(diff.flame()).isNotNull();
    assertThat(diff.moves(5)).isEmpty();

    Map<String, Object> jfr = new LinkedHashMap<>(after());
    jfr.put("engine", "jfr");
    jfr.put("event", "jdk.ExecutionSample");
    assertThat(diff(before(), jfr).notes()).containsExactly(
        "profilers differ: async-profiler → jfr; they sample differently, so shares compare only roughly",
        "sampling events differ: cpu → jdk.ExecutionSample; shares compare only roughly");
    assertThat(diff(before(), jfr).comparable()).isTrue();

    Map<String, Object> alloc = section("async-profiler", "alloc", 1 << 30, List.of(), List.of(), null);
    assertThat(diff(before(), alloc).notes()).contains(
        "modes differ: cpu (samples) → alloc (bytes); shares of different modes are not comparable");
  }

  @Test
  void movesOfFivePointsOrMoreAreSaidInPlainWordsOncePerMethod() {
    List<String> moves = diff(before(), after()).moves(10);
    assertThat(moves).containsExactly(
        RENDER + ": total 60% → 10% of CPU samples",
        ESCAPE + ": self 42% → 3% of CPU samples",         // its total move (also 39) is not said again
        HASH + ": new, self 20% of CPU samples",
        READ + ": gone, was self 6% of CPU samples");       // PARSE moved 0 points: not a move
    assertThat(diff(before(), after()).moves(1)).hasSize(1);
    String longName = "dev.isugram.web.very.long.package.name.that.goes.on.Markup.escapeEverything";
    Map<String, Object> b = section("jfr", "alloc", 100, List.of(method(longName, 50, 0.5)), List.of(), null);
    Map<String, Object> a = section("jfr", "alloc", 100, List.of(method(longName, 5, 0.05)), List.of(), null);
    assertThat(diff(b, a).moves(5)).containsExactly(
        "… long.package.name.that.goes.on.Markup.escapeEverything: self 50% → 5% of allocated bytes");
  }

  @Test
  void framesOnEveryStackAndFrameworkTotalsAreNeverMoves() {
    String filter = "dev.isugram.web.TimingFilter.doFilter"; // the app's own, under every request
    String jdbc = "org.springframework.jdbc.core.JdbcTemplate.execute";
    Map<String, Object> b = section("async-profiler", "cpu", 10_000,
        List.of(method(ESCAPE, 4_200, 0.42)),
        List.of(method("java.lang.Thread.run", 3_300, 0.33), method(jdbc, 3_400, 0.34),
            method(filter, 9_900, 0.99), method(RENDER, 6_000, 0.60)), null);
    Map<String, Object> a = section("async-profiler", "cpu", 10_000,
        List.of(method(ESCAPE, 300, 0.03)),
        List.of(method("java.lang.Thread.run", 4_500, 0.45), method(jdbc, 1_200, 0.12),
            method(filter, 10_000, 1.0), method(RENDER, 1_000, 0.10)), null);
    assertThat(diff(b, a).moves(10)).containsExactly(
        RENDER + ": total 60% → 10% of CPU samples", ESCAPE + ": self 42% → 3% of CPU samples");
  }

  @Test
  void aFrameOnEveryStackIsARootInTheTotalTableNeverChangedAndComesLast() {
    String poller = "org.apache.tomcat.util.net.NioEndpoint$Poller.run";
    Map<String, Object> b = section("async-profiler", "cpu", 10_000,
        List.of(method(ESCAPE, 4_200, 0.42), method(poller, 100, 0.01)),
        List.of(method("java.lang.Thread.run", 3_300, 0.33), method("start_thread", 9_000, 0.90),
            method(RENDER, 6_000, 0.60), method(PARSE, 2_000, 0.20)), null);
    Map<String, Object> a = section("async-profiler", "cpu", 10_000,
        List.of(method(ESCAPE, 300, 0.03), method(poller, 900, 0.09)),
        List.of(method("java.lang.Thread.run", 4_500, 0.45), method("start_thread", 6_000, 0.60),
            method(RENDER, 1_000, 0.10), method(PARSE, 2_050, 0.205)), null);
    ProfileDiff diff = diff(b, a);
    // Thread.run and the native thread root moved 12 and 30 points, more than PARSE's 0.5.
    assertThat(diff.topTotal()).extracting(MethodDiff::method)
        .containsExactly(RENDER, PARSE, "start_thread", "java.lang.Thread.run");
    assertThat(diff.topTotal()).extracting(MethodDiff::state)
        .containsExactly("changed", "same", "root", "root");
    assertThat(diff.toMap().get("topTotal").toString()).doesNotContain("state=changed, app=false");
    // Self time is work on top of the stack: the poller's own time is a move like any other.
    MethodDiff pollerSelf = diff.topSelf().stream().filter(m -> m.method().equals(poller))
        .findFirst().orElseThrow();
    assertThat(pollerSelf.onEveryStack()).isFalse();
    assertThat(pollerSelf.state()).isEqualTo("changed");
    assertThat(diff.moves(10)).containsExactly(RENDER + ": total 60% → 10% of CPU samples",
        ESCAPE + ": self 42% → 3% of CPU samples", poller + ": self 1% → 9% of CPU samples");
  }

  @Test
  void aShareThatMovedWithinTheSamplingsNoiseIsTheSame() {
    // 200 samples each: 30 % → 36 % is within two standard errors (about 9.4 points).
    Map<String, Object> b = section("async-profiler", "cpu", 200,
        List.of(method(ESCAPE, 60, 0.30)), List.of(), null);
    Map<String, Object> a = section("async-profiler", "cpu", 200,
        List.of(method(ESCAPE, 72, 0.36)), List.of(), null);
    MethodDiff escape = diff(b, a).topSelf().get(0);
    assertThat(escape.noisePoints()).isCloseTo(9.4, org.assertj.core.data.Offset.offset(0.1));
    assertThat(escape.state()).isEqualTo("same");
    assertThat(diff(b, a).moves(5)).isEmpty();
    assertThat(diff(b, b).topSelf().get(0).state()).as("identical").isEqualTo("same");
    Map<String, Object> many = section("async-profiler", "cpu", 20_000,
        List.of(method(ESCAPE, 6_000, 0.30)), List.of(), null);
    Map<String, Object> manyAfter = section("async-profiler", "cpu", 20_000,
        List.of(method(ESCAPE, 7_200, 0.36)), List.of(), null);
    assertThat(diff(many, manyAfter).topSelf().get(0).state()).isEqualTo("changed");
    assertThat(diff(many, manyAfter).moves(5)).hasSize(1);
  }

  @Test
  void topMovesGiveHotMethodsUpToHalfThePlacesAfterTheMovesOfTime() {
    Snapshot before = withProfile(RunDiffTest.before(), before());
    Snapshot after = withProfile(RunDiffTest.after(), after());
    List<String> moves = RunDiff.of(before, after).topMoves(5);
    assertThat(moves).hasSize(5);
    assertThat(moves.subList(0, 3)).containsExactlyElementsOf(RunDiff.of(RunDiffTest.before(),
        RunDiffTest.after()).topMoves(3));
    assertThat(moves.subList(3, 5)).containsExactly(RENDER + ": total 60% → 10% of CPU samples",
        ESCAPE + ": self 42% → 3% of CPU samples");

    Snapshot quietBefore = withProfile(RunDiffTest.before(), before());
    Snapshot quietAfter = withProfile(RunDiffTest.before(), after()); // same tables: no time moved
    assertThat(RunDiff.of(quietBefore, quietAfter).topMoves(5)).hasSize(4)
        .allSatisfy(m -> assertThat(m).endsWith("of CPU samples"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theDiffDocumentCarriesTheProfilePart() throws Exception {
    RunDiff diff = RunDiff.of(withProfile(RunDiffTest.before(), before()),
        withProfile(RunDiffTest.after(), after()));
    Map<String, Object> json = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(
        SnapshotJson.writeValue(diff.toMap()));
    Map<String, Object> profile = (Map<String, Object>) json.get("profile");
    assertThat(profile).containsKeys("before", "after", "comparable", "notes", "topSelf", "topTotal",
        "flame");
    assertThat((Map<String, Object>) profile.get("before")).containsEntry("engine", "async-profiler")
        .containsEntry("mode", "cpu").containsEntry("samples", 1000).containsEntry("available", true);
    Map<String, Object> first = ((List<Map<String, Object>>) profile.get("topSelf")).get(0);
    assertThat(first).containsEntry("method", ESCAPE).containsEntry("state", "changed")
        .containsEntry("shareDeltaPoints", -39.0)
        .containsEntry("before", Map.of("samples", 420, "share", 0.42));
    Map<String, Object> flame = (Map<String, Object>) profile.get("flame");
    assertThat(flame).containsEntry("beforeTotal", 1000).containsEntry("afterTotal", 4000)
        .containsEntry("kinds", "rffaa").containsEntry("droppedNodes", 0);
    assertThat((List<Object>) flame.get("parent")).containsExactly(-1, 0, 1, 1, 3, 1);
    assertThat((List<Object>) flame.get("after")).containsExactly(4000, 4000, 3000, 1000, 120, 0);
  }

  @Test
  void percentagesAreShort() {
    assertThat(DiffUnits.percent(0.42)).isEqualTo("42%");
    assertThat(DiffUnits.percent(0.034)).isEqualTo("3.4%");
    assertThat(DiffUnits.percent(0.03)).isEqualTo("3%");
    assertThat(DiffUnits.percent(0.0004)).isEqualTo("0%");
  }

  static Snapshot withProfile(Snapshot s, Map<String, Object> profile) {
    Map<String, Object> sections = new LinkedHashMap<>(s.sections());
    sections.put("profile", typed(profile));
    return new Snapshot(s.meta(), s.sql(), s.http(), s.counters(), sections);
  }
}
