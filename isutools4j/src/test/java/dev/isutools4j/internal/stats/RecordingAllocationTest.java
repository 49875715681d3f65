package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.Keys;
import java.lang.management.ManagementFactory;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The hot-path contract: recording a statement and a request allocates nothing. Measured with the
 * thread's allocated-bytes counter around many calls, after a warm-up.
 */
class RecordingAllocationTest {

  private static final int CALLS = 200_000;

  @Test
  void recordingAllocatesNothingPerCall() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Keys keys = Keys.withCapacity(16);
    Recorder recorder = new Recorder(keys);
    int sql = keys.sql().id("select * from posts where id = ?");
    String counter = "cache";

    Runnable call = () -> {
      RequestScope scope = RequestScope.current();
      scope.begin();
      recorder.sql(sql).executed(12_345, 1, false);
      scope.add(sql, 12_345);
      recorder.counter(counter).hit(true);
      recorder.http(keys.routes().id("GET", "/posts/{id}")).record(99_999, 200, 512, scope,
          keys.sql().otherId());
      scope.end();
    };
    for (int i = 0; i < CALLS; i++) {
      call.run(); // warm-up: the JIT compiles, lazily created objects exist
    }
    Histogram interval = IntervalLatency.newInterval();
    recorder.requestIntervals().intervalInto(interval); // drops the warm-up
    long tid = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(tid);
    for (int i = 0; i < CALLS; i++) {
      call.run();
    }
    long allocated = threads.getThreadAllocatedBytes(tid) - before;
    // The calls recorded what they were given: the measured path is the real one, not a no-op.
    assertThat(recorder.sqlRows()).singleElement()
        .satisfies(row -> assertThat(row.time().count()).isEqualTo(2L * CALLS));
    assertThat(recorder.httpRows(5)).singleElement().satisfies(row -> {
      assertThat(row.route()).isEqualTo("/posts/{id}");
      assertThat(row.time().count()).isEqualTo(2L * CALLS);
      assertThat(row.queriesPerRequest()).isEqualTo(1.0);
    });
    assertThat(recorder.counterRows()).singleElement()
        .satisfies(row -> assertThat(row.hits()).isEqualTo(2L * CALLS));
    recorder.requestIntervals().intervalInto(interval);
    assertThat(interval.getTotalCount()).as("the run-wide interval histogram is on the measured path")
        .isEqualTo(CALLS);
    // A few hundred bytes of slack for the measurement itself; one allocation per call would be MBs.
    assertThat(allocated).as("bytes allocated over %d calls", CALLS).isLessThan(1_000);
  }
}
