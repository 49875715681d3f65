package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.flow.FlowCollector;
import dev.isutools4j.internal.flow.FlowRecording;
import dev.isutools4j.internal.keys.RouteKeys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.FlowSection;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the user flow adds to one request on the app's thread, through the calls the servlet filter
 * and the agent make ({@code FlowRecording}), with a run open and its flow thread taking the queue
 * in meanwhile, over 1,000 sessions whose cookies the requests take in turn.
 *
 * <ul>
 *   <li>{@code noCookie}: a request without a Cookie header.
 *   <li>{@code otherCookies}: a Cookie header without a session cookie (read, counted).
 *   <li>{@code sessionKey}: a Cookie header with the session cookie among two others: found and
 *       hashed (HMAC-SHA256), not queued.
 *   <li>{@code session}: the same, then queued: a request in a session.
 *   <li>{@code login}: a request without a cookie whose response sets the session cookie (and
 *       another): each Set-Cookie read, the session one hashed, the request queued.
 * </ul>
 *
 * <p>A thread that does nothing but queue requests outruns the flow thread (which takes one in
 * for every few hundred nanoseconds of its own CPU), so in {@code session} and {@code login} the
 * queue is often full and many requests take the cheaper path of a dropped one: the trial prints
 * how many. An app's threads queue a request per request they serve, far more slowly.
 *
 * <p>Run with {@code -prof gc} for bytes per operation over every thread, the flow thread's
 * included; at the end of each trial the flow thread's CPU time per request taken in is printed.
 * docs/PERFORMANCE.md has the command and the results.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FlowRecordingBenchmark {

  private static final int SESSIONS = 1000;

  /** One open run of the user flow, its flow thread running. */
  @State(Scope.Benchmark)
  public static class Run {

    final RouteKeys routes = new RouteKeys(64);
    final int[] ids = {routes.id("GET", "/"), routes.id("POST", "/comment"), routes.id("GET", "/posts/{id}")};
    final String[] cookies = new String[SESSIONS];
    final List<List<String>> setCookies = new java.util.ArrayList<>();
    FlowCollector collector;

    @Setup(Level.Trial)
    public void open() {
      for (int s = 0; s < SESSIONS; s++) {
        String value = String.format("%032X", s * 2_654_435_761L);
        cookies[s] = "theme=dark; JSESSIONID=" + value + "; _ga=GA1.1.1234567890.1700000000";
        setCookies.add(List.of("theme=dark; Path=/", "JSESSIONID=" + value + "; Path=/; HttpOnly"));
      }
      collector = new FlowCollector(Settings.of(Map.of()), routes.index());
      collector.start(new RunContext("flow-benchmark", Path.of("target", "flow-benchmark")));
    }

    @TearDown(Level.Trial)
    public void close() {
      long cpu = flowThreadCpuNanos();
      FlowSection flow = collector.stop(true);
      System.out.printf("%nflow thread: %.1f ns of CPU per request taken in (%d requests in %d sessions,"
          + " %d dropped)%n", flow.requests() == 0 ? 0.0 : (double) cpu / flow.requests(), flow.requests(),
          flow.sessions(), flow.dropped());
    }

    private static long flowThreadCpuNanos() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
        if (info.getThreadName().equals("isutools-flow")) {
          return threads.getThreadCpuTime(info.getThreadId());
        }
      }
      return 0;
    }
  }

  /** Which session a thread's next request belongs to. */
  @State(Scope.Thread)
  public static class Turn {
    int next;

    int take() {
      int s = next;
      next = s + 1 == SESSIONS ? 0 : s + 1;
      return s;
    }
  }

  @Benchmark
  public void noCookie(Run run, Turn turn) {
    int s = turn.take();
    FlowRecording.request(run.ids[s % 3], 200, FlowRecording.requestSession(null), 0);
  }

  @Benchmark
  public void otherCookies(Run run, Turn turn) {
    int s = turn.take();
    FlowRecording.request(run.ids[s % 3], 200,
        FlowRecording.requestSession("theme=dark; _ga=GA1.1.1234567890.1700000000"), 0);
  }

  @Benchmark
  public long sessionKey(Run run, Turn turn) {
    return FlowRecording.requestSession(run.cookies[turn.take()]);
  }

  @Benchmark
  public void session(Run run, Turn turn) {
    int s = turn.take();
    FlowRecording.request(run.ids[s % 3], 200, FlowRecording.requestSession(run.cookies[s]), 0);
  }

  @Benchmark
  public void login(Run run, Turn turn) {
    int s = turn.take();
    FlowRecording.request(run.ids[s % 3], 302, FlowRecording.requestSession(null),
        FlowRecording.responseSession(run.setCookies.get(s)));
  }
}
