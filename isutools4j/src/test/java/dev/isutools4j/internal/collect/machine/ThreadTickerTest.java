package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The production ticker: begin, ticks and end on a daemon thread of its own. */
class ThreadTickerTest {

  /** Records every call and the thread it came on; wants {@code ticks} ticks, then fails. */
  private static final class Calls implements Ticked {
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<Thread> threads = new CopyOnWriteArrayList<>();
    final List<Long> times = new CopyOnWriteArrayList<>();
    final CountDownLatch ended = new CountDownLatch(1);
    private final int ticks;

    Calls(int ticks) {
      this.ticks = ticks;
    }

    @Override
    public boolean begin(long nanos) {
      record("begin", nanos);
      return true;
    }

    @Override
    public boolean tick(long nanos) {
      record("tick", nanos);
      return calls.size() <= ticks;
    }

    @Override
    public void end() {
      calls.add("end");
      ended.countDown();
    }

    private void record(String call, long nanos) {
      calls.add(call);
      threads.add(Thread.currentThread());
      times.add(nanos);
    }
  }

  @Test
  void ticksEveryIntervalOnADaemonThreadUntilTheTargetFails() throws Exception {
    ThreadTicker ticker = new ThreadTicker(1);
    Calls target = new Calls(3);
    ticker.start(target);
    assertThat(target.ended.await(10, TimeUnit.SECONDS)).as("ended after its last tick").isTrue();
    assertThat(ticker.stop()).isTrue();

    assertThat(target.calls).containsExactly("begin", "tick", "tick", "tick", "end");
    assertThat(target.threads).allSatisfy(t -> {
      assertThat(t.getName()).isEqualTo(ThreadTicker.THREAD_NAME);
      assertThat(t.isDaemon()).isTrue();
    });
    assertThat(target.threads).containsOnly(target.threads.get(0));
    assertThat(target.times.get(1) - target.times.get(0)).as("the first tick an interval after")
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
    assertThat(target.times).isSorted();
  }

  @Test
  void stopEndsTheTargetAndItsThread() {
    ThreadTicker ticker = new ThreadTicker(3_600_000);
    Calls target = new Calls(Integer.MAX_VALUE);
    ticker.start(target);
    assertThat(ticker.stop()).as("ended in time").isTrue();
    assertThat(target.calls).containsExactly("begin", "end");
    assertThat(target.threads.get(0).isAlive()).isFalse();
    assertThat(ticker.stop()).as("nothing left to stop").isTrue();
  }
}
