package dev.isutools4j.internal.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class KeyIndexTest {

  @Test
  void keysBeyondTheCapShareTheOtherId() {
    KeyIndex index = new KeyIndex(3);
    int a = index.id("a");
    assertThat(index.id("a")).isEqualTo(a);
    index.id("b");
    index.id("c");
    assertThat(index.id("d")).isEqualTo(index.otherId());
    assertThat(index.id("e")).isEqualTo(index.otherId());
    assertThat(index.name(index.otherId())).isEqualTo(KeyIndex.OTHER);
    assertThat(index.size()).isEqualTo(3);
    assertThat(index.name(a)).isEqualTo("a");
  }

  @Test
  void concurrentFirstSightsAgreeOnOneIdPerKey() throws Exception {
    KeyIndex index = new KeyIndex(1000);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch go = new CountDownLatch(1);
    Set<String> seen = ConcurrentHashMap.newKeySet();
    for (int t = 0; t < 8; t++) {
      pool.submit(() -> {
        go.await();
        for (int k = 0; k < 200; k++) {
          seen.add("key" + k + "=" + index.id("key" + k));
        }
        return null;
      });
    }
    go.countDown();
    pool.shutdown();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    assertThat(seen).hasSize(200);
    for (int k = 0; k < 200; k++) {
      assertThat(index.name(index.id("key" + k))).isEqualTo("key" + k);
    }
  }
}
