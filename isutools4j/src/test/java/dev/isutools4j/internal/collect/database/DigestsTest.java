package dev.isutools4j.internal.collect.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection.Digest;
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
    List<Digest> ran = Digests.delta(start, end);
    assertThat(ran).extracting(Digest::digest).containsExactly("new", "a");
    assertThat(ran.get(1)).extracting(Digest::count, Digest::totalMs, Digest::rowsExamined)
        .containsExactly(50L, 4.0, 2_000L);
    assertThat(ran.get(0)).extracting(Digest::count, Digest::totalMs).containsExactly(10L, 20.0);
  }

  @Test
  void aTruncatedTableCountsFromZero() {
    Map<String, Digests.Row> start = byKey(row("a", 100, 5_000_000_000L, 1_000));
    Map<String, Digests.Row> end = byKey(row("a", 3, 1_000_000_000L, 30));
    assertThat(Digests.delta(start, end)).singleElement()
        .satisfies(d -> assertThat(d.count()).isEqualTo(3L));
  }
}
