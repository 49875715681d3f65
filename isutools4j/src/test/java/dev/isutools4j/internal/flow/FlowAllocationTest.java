package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.RouteKeys;
import dev.isutools4j.internal.snapshot.FlowSection;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hot-path contract: finding a request's session in its headers, hashing it and queueing the
 * request allocate nothing; neither does the flow thread taking the queue in, once the sessions,
 * transitions and paths it follows exist. Measured with the thread's allocated-bytes counter
 * around many requests, after a warm-up.
 */
class FlowAllocationTest {

  private static final int SESSIONS = 500;
  private static final int ROUNDS = 200;

  @Test
  void recordingAndTakingInRequestsAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RouteKeys routes = new RouteKeys(16);
    int[] ids = {routes.id("GET", "/"), routes.id("POST", "/comment"), routes.id("GET", "/posts/{id}")};
    FlowRecorder recorder = new FlowRecorder(List.of("JSESSIONID"), SessionHash.random(),
        routes.index().slots(), 2 * SESSIONS, 1 << 13);
    String[] cookies = new String[SESSIONS];
    String[] setCookies = new String[SESSIONS];
    for (int s = 0; s < SESSIONS; s++) {
      String value = String.format("%032X", s * 2_654_435_761L);
      cookies[s] = "theme=dark; JSESSIONID=" + value + "; lang=ja";
      setCookies[s] = "JSESSIONID=" + value + "; Path=/; HttpOnly";
    }
    Runnable round = () -> {
      for (int s = 0; s < SESSIONS; s++) {
        long given = recorder.sessionInSetCookie(setCookies[s]);
        long sent = recorder.sessionInCookie(cookies[s]);
        recorder.request(ids[s % ids.length], 200, sent, given);
        recorder.request(ids[(s + 1) % ids.length], 302, sent, 0);
      }
      recorder.drain();
    };
    for (int i = 0; i < ROUNDS; i++) {
      round.run(); // warm-up: the JIT compiles, each thread's digest and every session exist
    }
    long tid = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(tid);
    for (int i = 0; i < ROUNDS; i++) {
      round.run();
    }
    long allocated = threads.getThreadAllocatedBytes(tid) - before;
    // The requests were recorded: the measured path is the real one.
    FlowSection flow = recorder.section(routes.index());
    assertThat(flow.requests()).isEqualTo(2L * 2 * ROUNDS * SESSIONS);
    assertThat(flow.sessions()).isEqualTo(SESSIONS);
    assertThat(flow.dropped()).isZero();
    assertThat(flow.transitions()).hasSize(6);
    // A few hundred bytes of slack for the measurement itself; one allocation per request would be MBs.
    assertThat(allocated).as("bytes allocated over %d requests", 2 * ROUNDS * SESSIONS).isLessThan(1_000);
  }
}
