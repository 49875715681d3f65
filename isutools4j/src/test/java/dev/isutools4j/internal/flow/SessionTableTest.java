package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sessions followed at once: found by key, least recently seen first out, renamed in place. */
class SessionTableTest {

  @Test
  void theLeastRecentlySeenEntryIsTheOldest() {
    SessionTable table = new SessionTable(3);
    int a = table.add(11, 1);
    int b = table.add(22, 2);
    int c = table.add(33, 3);
    assertThat(table.full()).isTrue();
    assertThat(table.oldest()).isEqualTo(a);
    table.seen(a, 4);
    assertThat(table.oldest()).isEqualTo(b);
    assertThatThrownBy(() -> table.add(44, 1)).isInstanceOf(IllegalStateException.class);
    table.remove(table.oldest());
    assertThat(table.find(22)).isEqualTo(-1);
    int d = table.add(44, 5);
    assertThat(d).as("the freed entry is reused").isEqualTo(b);
    assertThat(keys(table)).containsExactly(33L, 11L, 44L);
    assertThat(table.find(11)).isEqualTo(a);
    assertThat(table.find(33)).isEqualTo(c);
    assertThat(table.find(44)).isEqualTo(d);
  }

  @Test
  void anEntryRemembersItsRequestsAndItsLastFiveRoutes() {
    SessionTable table = new SessionTable(2);
    int e = table.add(7, 10);
    int other = table.add(8, 99);
    for (int route = 11; route <= 16; route++) {
      table.seen(e, route);
    }
    assertThat(table.requests(e)).isEqualTo(7);
    List<Integer> recent = new ArrayList<>();
    for (int back = 0; back < SessionTable.WINDOW; back++) {
      recent.add(table.recent(e, back));
    }
    assertThat(recent).as("as many as the longest path").hasSize(PathCounts.MAX).containsExactly(16, 15, 14, 13, 12);
    assertThat(table.recent(other, 0)).as("its neighbour's untouched").isEqualTo(99);
  }

  @Test
  void aRenamedEntryIsFoundByItsNewKeyOnly() {
    SessionTable table = new SessionTable(4);
    int e = table.add(1, 1);
    table.add(2, 2);
    table.rekey(e, 99);
    assertThat(table.find(1)).isEqualTo(-1);
    assertThat(table.find(99)).isEqualTo(e);
    assertThat(table.find(2)).isNotNegative();
    assertThat(table.size()).isEqualTo(2);
  }

  /** Against a LinkedHashMap in access order, over many random operations with colliding keys. */
  @Test
  void behavesAsAnAccessOrderedMapEvictingItsEldest() {
    int capacity = 50;
    SessionTable table = new SessionTable(capacity);
    Map<Long, Integer> model = new LinkedHashMap<>(16, 0.75f, true);
    SplittableRandom random = new SplittableRandom(42);
    for (int step = 0; step < 100_000; step++) {
      long key = random.nextInt(120) * 1024L; // keys sharing low bits
      int route = random.nextInt(1000);
      int e = table.find(key);
      assertThat(e >= 0).as("step %d: key %d found", step, key).isEqualTo(model.containsKey(key));
      if (e >= 0) {
        table.seen(e, route);
        model.put(key, model.get(key) + 1);
        assertThat(table.requests(e)).isEqualTo(model.get(key));
      } else {
        if (table.full()) {
          long eldest = model.keySet().iterator().next();
          assertThat(table.key(table.oldest())).isEqualTo(eldest);
          table.remove(table.oldest());
          model.remove(eldest);
        }
        table.add(key, route);
        model.put(key, 1);
      }
      assertThat(table.size()).isEqualTo(model.size());
    }
    assertThat(keys(table)).containsExactlyElementsOf(model.keySet());
  }

  private static List<Long> keys(SessionTable table) {
    List<Long> out = new ArrayList<>();
    for (int e : table.entries()) {
      out.add(table.key(e));
    }
    return out;
  }
}
