package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TopNTest {

  /** An item with a key; equal keys stay apart by their name. */
  private record Item(String name, long key) {}

  private static TopN<Item> top(int n) {
    return new TopN<>(n, Item::key);
  }

  private static List<String> names(TopN<Item> top) {
    return top.kept().stream().map(Item::name).toList();
  }

  @Test
  void untilFullEveryOfferIsWantedAndKept() {
    TopN<Item> top = top(3);
    assertThat(top.wants(Long.MIN_VALUE + 1)).isTrue();
    assertThat(top.offer(new Item("a", 5))).isTrue();
    assertThat(top.offer(new Item("b", 1))).isTrue();
    assertThat(top.wants(0)).as("a slot is still free").isTrue();
    assertThat(top.offer(new Item("c", 3))).isTrue();
    assertThat(names(top)).containsExactly("a", "c", "b");
  }

  @Test
  void onceFullTheThresholdIsTheSmallestKeptAndOnlyRises() {
    TopN<Item> top = top(3);
    for (long key : new long[] {5, 1, 3}) {
      top.offer(new Item("k" + key, key));
    }
    assertThat(top.threshold()).isEqualTo(1);
    assertThat(top.wants(1)).isFalse();
    assertThat(top.wants(2)).isTrue();

    assertThat(top.offer(new Item("k4", 4))).isTrue();
    assertThat(names(top)).containsExactly("k5", "k4", "k3");
    assertThat(top.threshold()).isEqualTo(3);
    assertThat(top.offer(new Item("k2", 2))).as("below the smallest kept").isFalse();
    assertThat(top.threshold()).isEqualTo(3);
    assertThat(top.offer(new Item("k9", 9))).isTrue();
    assertThat(names(top)).containsExactly("k9", "k5", "k4");
    assertThat(top.threshold()).isEqualTo(4);
  }

  @Test
  void ofEqualKeysTheEarlierStays() {
    TopN<Item> top = top(2);
    top.offer(new Item("first", 7));
    top.offer(new Item("second", 7));
    assertThat(top.wants(7)).as("a tie with the smallest kept cannot win").isFalse();
    assertThat(top.offer(new Item("third", 7))).isFalse();
    assertThat(names(top)).containsExactlyInAnyOrder("first", "second");
    assertThat(top.offer(new Item("higher", 8))).isTrue();
    assertThat(top.kept()).extracting(Item::key).containsExactly(8L, 7L);
  }

  @Test
  void aKeeperOfNoneWantsNothing() {
    TopN<Item> none = top(0);
    assertThat(none.wants(Long.MAX_VALUE - 1)).isFalse();
    assertThat(none.offer(new Item("x", Long.MAX_VALUE))).isFalse();
    assertThat(none.kept()).isEmpty();
  }

  @Test
  void threadsOfferingAtOnceKeepExactlyTheLargest() throws Exception {
    int n = 100;
    int threads = 8;
    List<Long> keys = new ArrayList<>();
    IntStream.range(0, 40_000).forEach(i -> keys.add((long) i));
    Collections.shuffle(keys, new Random(42));
    TopN<Item> top = top(n);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int from = t * keys.size() / threads;
        int to = (t + 1) * keys.size() / threads;
        done.add(pool.submit(() -> {
          start.await();
          for (long key : keys.subList(from, to)) {
            if (top.wants(key)) {
              top.offer(new Item("k" + key, key));
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(top.kept()).extracting(Item::key)
        .containsExactlyElementsOf(IntStream.range(0, n).mapToObj(i -> 39_999L - i).toList());
    assertThat(top.threshold()).isEqualTo(39_900);
  }

  /**
   * No lock on the app's path: an offer stalled half-way (here inside the key it reads, on its
   * first item) keeps no other thread from offering, and the other's offer is kept.
   */
  @Test
  void aStalledOfferBlocksNoOtherOffer() throws Exception {
    CountDownLatch stalled = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Thread> staller = new AtomicReference<>();
    TopN<Item> top = new TopN<>(2, item -> {
      if (Thread.currentThread() == staller.get() && item.name().equals("kept")) {
        stalled.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return item.key();
    });
    top.offer(new Item("kept", 1));
    Thread slow = new Thread(() -> top.offer(new Item("slow", 5)));
    staller.set(slow);
    slow.start();
    try {
      assertThat(stalled.await(30, TimeUnit.SECONDS)).as("the slow offer reached its scan").isTrue();
      ExecutorService other = Executors.newSingleThreadExecutor();
      try {
        Future<Boolean> offered = other.submit(() -> top.offer(new Item("other", 3)));
        assertThat(offered.get(30, TimeUnit.SECONDS)).isTrue();
      } finally {
        other.shutdownNow();
      }
      assertThat(names(top)).containsExactly("other", "kept");
    } finally {
      release.countDown();
      slow.join(30_000);
    }
    assertThat(names(top)).containsExactly("slow", "other");
  }
}
