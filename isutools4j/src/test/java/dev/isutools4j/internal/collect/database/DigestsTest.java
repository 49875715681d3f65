package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DigestsTest {

  private static Digests.Row row(String digest, long count, long timerWaitPs, long examined) {
    return new Digests.Row("isugram", digest, "SELECT ...", count, timerWaitPs, examined, count, count, 0);
  }

  private static Map<String, Digests.Row> byKey(Digests.Row... rows) {
    Map<String, Digests.Row> map = new java.util.LinkedHashMap<>();
    for (Digests.Row r : rows) {
      map.put(r.key(), r);
    }
    return map;
  }

  @Test
  void theRunIsTheEndMinusTheStartMostTimeFirst() {
    Map<String, Digests.Row> start = byKey(row("a", 100, 5_000_000_000L, 1_000), row("idle", 7, 1, 1));
    Map<String, Digests.Row> end = byKey(row("a", 150, 9_000_000_000L, 3_000), row("idle", 7, 1, 1),
        row("new", 10, 20_000_000_000L, 500));
    List<Map<String, Object>> ran = Digests.delta(start, end);
    assertThat(ran).extracting(m -> m.get("digest")).containsExactly("new", "a");
    assertThat(ran.get(1)).containsEntry("count", 50L).containsEntry("totalMs", 4.0)
        .containsEntry("rowsExamined", 2_000L);
    assertThat(ran.get(0)).containsEntry("count", 10L).containsEntry("totalMs", 20.0);
  }

  @Test
  void aTruncatedTableCountsFromZero() {
    Map<String, Digests.Row> start = byKey(row("a", 100, 5_000_000_000L, 1_000));
    Map<String, Digests.Row> end = byKey(row("a", 3, 1_000_000_000L, 30));
    assertThat(Digests.delta(start, end)).singleElement().satisfies(m -> assertThat(m).containsEntry("count", 3L));
  }
}
