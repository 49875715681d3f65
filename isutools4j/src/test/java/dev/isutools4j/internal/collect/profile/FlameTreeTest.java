package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.ProfileSection.Flame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class FlameTreeTest {

  @Test
  void mergesStacksUnderOneRootWidestFirst() throws Exception {
    Stacks stacks = StacksTest.read("a.A.run;b.B.x 3\na.A.run;c.C.y 5\na.A.run 1\nd.D.z 2\n", 100);
    Flame tree = FlameTree.of(stacks, 100);
    List<String> frames = tree.frames();
    int[] frame = tree.frame();
    int[] parent = tree.parent();
    long[] value = tree.value();
    List<String> names = new ArrayList<>();
    for (int f : frame) {
      names.add(frames.get(f));
    }
    assertThat(names).containsExactly("all", "a.A.run", "c.C.y", "b.B.x", "d.D.z");
    assertThat(parent).containsExactly(-1, 0, 1, 1, 0);
    assertThat(value).containsExactly(11L, 9L, 5L, 3L, 2L);
    assertThat(tree.kinds()).hasSize(frames.size()).startsWith("r");
    assertThat(tree.droppedNodes()).isEqualTo(0);
  }

  @Test
  void beyondTheCapTheNarrowestNodesGoAndTheirSamplesStayInTheParent() throws Exception {
    Stacks stacks = StacksTest.read("a.A.run;b.B.x 30\na.A.run;c.C.y 1\na.A.run;d.D.z 1\n", 100);
    Flame tree = FlameTree.of(stacks, 3);
    assertThat(tree.frame()).hasSize(3);
    assertThat(tree.droppedNodes()).isEqualTo(2);
    assertThat(tree.value()).containsExactly(32L, 32L, 30L);
  }

  @Property(tries = 200)
  void everyTreeIsConsistent(
      @ForAll @Size(min = 1, max = 40) List<@Size(min = 1, max = 6) List<@IntRange(min = 0, max = 4) Integer>> paths,
      @ForAll @IntRange(min = 1, max = 60) int maxNodes) throws Exception {
    StringBuilder collapsed = new StringBuilder();
    long total = 0;
    for (int i = 0; i < paths.size(); i++) {
      List<String> frames = new ArrayList<>();
      for (int f : paths.get(i)) {
        frames.add("p.C.m" + f);
      }
      collapsed.append(String.join(";", frames)).append(' ').append(i + 1).append('\n');
      total += i + 1;
    }
    Flame tree = FlameTree.of(StacksTest.read(collapsed.toString(), 1000), maxNodes);
    int[] parent = tree.parent();
    long[] value = tree.value();
    assertThat(parent.length).isLessThanOrEqualTo(Math.max(1, maxNodes));
    assertThat(value[0]).isEqualTo(total);
    Map<Integer, Long> childSums = new HashMap<>();
    for (int i = 1; i < parent.length; i++) {
      assertThat(parent[i]).isBetween(0, i - 1);
      childSums.merge(parent[i], value[i], Long::sum);
    }
    childSums.forEach((node, sum) -> assertThat(sum).isLessThanOrEqualTo(value[node]));
  }
}
