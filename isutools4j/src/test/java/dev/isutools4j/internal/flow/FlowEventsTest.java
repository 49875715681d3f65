package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The queue from the app's threads to the flow thread, under contention: every request it
 * accepts is handed over once, whole, and in the order its thread queued it; every one it refuses
 * is counted.
 */
class FlowEventsTest {

  private static final int WRITERS = 4;
  private static final int EACH = 200_000;

  @Test
  void everyAcceptedRequestArrivesOnceInItsThreadsOrderAndTheRestAreCounted() throws Exception {
    FlowEvents events = new FlowEvents(64); // small: writers often find it full
    long[] last = new long[WRITERS];
    long[] received = new long[WRITERS];
    List<String> problems = new ArrayList<>();
    FlowEvents.Sink sink = (writer, sequence, route, status) -> {
      int w = (int) writer - 1;
      if (sequence <= last[w] || route != w || status != (int) (sequence % 1000)) {
        if (problems.size() < 10) {
          problems.add("writer " + w + ": " + sequence + " after " + last[w] + ", route " + route + ", status "
              + status);
        }
      }
      last[w] = sequence;
      received[w]++;
    };
    AtomicLong accepted = new AtomicLong();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (long sequence = 1; sequence <= EACH; sequence++) {
          if (events.offer(writer + 1, sequence, writer, (int) (sequence % 1000))) {
            accepted.incrementAndGet();
          }
        }
      }));
    }
    writers.forEach(Thread::start);
    AtomicBoolean done = new AtomicBoolean();
    Thread reader = new Thread(() -> {
      while (!done.get()) {
        if (events.drain(sink) == 0) {
          Thread.onSpinWait();
        }
      }
    });
    reader.start();
    go.countDown();
    for (Thread t : writers) {
      t.join();
    }
    done.set(true);
    reader.join();
    events.drain(sink); // what was published after the reader's last look

    assertThat(problems).isEmpty();
    long total = 0;
    for (long r : received) {
      total += r;
    }
    assertThat(total).isEqualTo(accepted.get());
    assertThat(events.dropped()).isEqualTo((long) WRITERS * EACH - accepted.get());
    assertThat(accepted.get()).as("the reader kept up with some of it").isPositive();
  }
}
