package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Transitions and paths counted exactly up to their cap; beyond it, counted as untracked. */
class CountsTest {

  @Test
  void transitionsAreCountedByRoutesAndStatus() {
    TransitionCounts counts = new TransitionCounts(16);
    counts.add(1, 2, 302);
    counts.add(1, 2, 302);
    counts.add(1, 2, 200);
    counts.add(2, 1, 302);
    counts.add(TransitionCounts.MAX_ROUTE, 0, 999);
    Map<String, Long> seen = new HashMap<>();
    counts.forEach((from, to, status, count) -> seen.put(from + ">" + to + " " + status, count));
    assertThat(seen).containsOnly(Map.entry("1>2 302", 2L), Map.entry("1>2 200", 1L),
        Map.entry("2>1 302", 1L), Map.entry(TransitionCounts.MAX_ROUTE + ">0 999", 1L));
    assertThat(counts.untracked()).isZero();
  }

  @Test
  void transitionsBeyondTheCapAreCountedAsUntracked() {
    TransitionCounts counts = new TransitionCounts(100);
    Map<String, Long> model = new HashMap<>();
    long untracked = 0;
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      int from = random.nextInt(20);
      int to = random.nextInt(20);
      String key = from + ">" + to;
      if (model.containsKey(key) || model.size() < 100) {
        model.merge(key, 1L, Long::sum);
      } else {
        untracked++;
      }
      counts.add(from, to, 200);
    }
    Map<String, Long> seen = new HashMap<>();
    counts.forEach((from, to, status, count) -> seen.put(from + ">" + to, count));
    assertThat(seen).isEqualTo(model);
    assertThat(counts.untracked()).isEqualTo(untracked).isPositive();
    assertThat(counts.size()).isEqualTo(100);
  }

  @Test
  void pathsAreCountedByTheirWholeSequence() {
    PathCounts paths = new PathCounts(8);
    paths.add(new int[] {1, 2, 3, 0, 0}, 3);
    paths.add(new int[] {1, 2, 3, 9, 9}, 3);
    paths.add(new int[] {1, 2, 3, 4}, 4);
    paths.add(new int[] {3, 2, 1}, 3);
    Map<List<Integer>, Long> seen = visit(paths);
    assertThat(seen).containsOnly(Map.entry(List.of(1, 2, 3), 2L), Map.entry(List.of(1, 2, 3, 4), 1L),
        Map.entry(List.of(3, 2, 1), 1L));
  }

  @Test
  void pathsBeyondTheCapAreCountedAsUntracked() {
    PathCounts paths = new PathCounts(3);
    for (int i = 0; i < 5; i++) {
      paths.add(new int[] {i, i, i}, 3);
      paths.add(new int[] {0, 0, 0}, 3);
    }
    assertThat(visit(paths)).containsOnly(Map.entry(List.of(0, 0, 0), 6L), Map.entry(List.of(1, 1, 1), 1L),
        Map.entry(List.of(2, 2, 2), 1L));
    assertThat(paths.untracked()).isEqualTo(2);
  }

  private static Map<List<Integer>, Long> visit(PathCounts paths) {
    Map<List<Integer>, Long> seen = new HashMap<>();
    paths.forEach((routes, length, count) -> {
      List<Integer> path = new ArrayList<>();
      for (int j = 0; j < length; j++) {
        path.add(routes[j]);
      }
      seen.put(path, count);
    });
    return seen;
  }
}
