package dev.isutools4j.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot-path contract with the slowest requests kept: a request with its statements in its
 * timeline, ended through the HTTP recording, allocates nothing once the run has its slowest (each
 * later request is faster than the N-th slowest, so nothing is copied). Measured with the thread's
 * allocated-bytes counter around many requests, after a warm-up.
 */
class TracesAllocationTest {

  private static final int CALLS = 100_000;
  private static final int STATEMENTS = 30;
  private static final long SLOW = 10_000_000_000L;

  private static final String QUERY = "token=secret&page=2";

  /** One request of {@link #STATEMENTS} statements that started {@code agoNanos} before now. */
  private static void request(int sqlId, long agoNanos) {
    RequestScope scope = RequestScope.current();
    scope.begin();
    long start = System.nanoTime() - agoNanos;
    for (int i = 0; i < STATEMENTS; i++) {
      int token = scope.add(sqlId, start + i, 1_000, 0, false, 1, "SELECT * FROM posts WHERE id = 1");
      scope.rowsRead(token, 1);
    }
    HttpRecording.end(start, "GET", "/posts/{id}", "/posts/1", 200, 512, QUERY, request -> (String) request);
  }

  @Test
  void aRequestFasterThanTheSlowestKeptAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Recorder recorder = Recording.startRecorder();
    Keys keys = recorder.keys();
    int sql = keys.sql().id("select * from posts where id = ?");
    int top = Recording.settings().traces().top();
    for (int i = 0; i < top + 10; i++) {
      request(sql, SLOW); // the run's slowest: kept, copied
    }
    for (int i = 0; i < CALLS; i++) {
      request(sql, 0); // warm-up: the JIT compiles, the thread's timeline has grown
    }
    long tid = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(tid);
    for (int i = 0; i < CALLS; i++) {
      request(sql, 0);
    }
    long allocated = threads.getThreadAllocatedBytes(tid) - before;
    // A few hundred bytes of slack for the measurement itself; one allocation per call would be MBs.
    assertThat(allocated).as("bytes allocated over %d requests", CALLS).isLessThan(1_000);

    // The measured path is the real one: the same call keeps a slower request, with its timeline.
    request(sql, 2 * SLOW);
    TracesSection section = recorder.slowRequests().section(keys);
    assertThat(section.requests()).hasSize(top);
    assertThat(section.requests().get(0).totalMs()).isGreaterThanOrEqualTo(2 * SLOW / 1e6);
    assertThat(section.requests().get(0).path()).isEqualTo("/posts/1?token=***&page=2");
    assertThat(section.requests().get(0).timeline()).hasSize(STATEMENTS)
        .allSatisfy(s -> assertThat(s.rows()).isEqualTo(1));
    assertThat(recorder.httpRows(5).get(0).time().count()).isEqualTo(2L * CALLS + top + 11);
  }
}
