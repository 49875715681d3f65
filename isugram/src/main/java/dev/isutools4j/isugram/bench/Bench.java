package dev.isutools4j.isugram.bench;

import dev.isutools4j.isugram.data.Scale;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The load generator: GET /initialize, one pass of every check (any failure fails the run), then
 * {@code concurrency} workers running the user flows until the duration is over.
 *
 * <pre>{@code
 * BenchResult result = Bench.run("http://127.0.0.1:8080", Duration.ofSeconds(60), 4, Scale.of(1));
 * System.out.println(result.toJson());
 * }</pre>
 */
public final class Bench {

  private static final Duration SETUP_LIMIT = Duration.ofMinutes(5);

  private Bench() {}

  /** A run against the data set of this scale (its account names are derived). */
  public static BenchResult run(String target, Duration duration, int concurrency, Scale scale) {
    return run(target, duration, concurrency, Accounts.of(scale));
  }

  /** A run against a data set whose account names, in id order, are given. */
  public static BenchResult run(String target, Duration duration, int concurrency, List<String> accountNames) {
    return run(target, duration, concurrency, new Accounts(accountNames));
  }

  private static BenchResult run(String target, Duration duration, int concurrency, Accounts accounts) {
    if (concurrency < 1) {
      throw new IllegalArgumentException("concurrency must be at least 1: " + concurrency);
    }
    URI base = URI.create(target.endsWith("/") ? target : target + "/");
    Score score = new Score();
    byte[] nonce = new byte[3];
    ThreadLocalRandom.current().nextBytes(nonce);
    Scenarios.Shared shared = new Scenarios.Shared(score, accounts, new SeenPosts(), ConcurrentHashMap.newKeySet(),
        HexFormat.of().formatHex(nonce), Journal.OFF);

    long setupDeadline = System.nanoTime() + SETUP_LIMIT.toNanos();
    try {
      Response init = new Agent(base, setupDeadline).get("/initialize");
      Checks.status(init, 200);
      score.ok(init.kind());
      new FirstPass(new Scenarios(base, setupDeadline, shared, 1)).run();
    } catch (CheckFailed e) {
      score.failedCheck(e.getMessage());
      return score.result(false);
    } catch (Unreachable e) {
      score.unreachable(e.getMessage());
      return score.result(false);
    } catch (DeadlineReached e) {
      score.failedCheck("the first pass took longer than " + SETUP_LIMIT.toMinutes() + " minutes");
      return score.result(false);
    } catch (RuntimeException e) {
      score.failedCheck("unexpected answer: " + e);
      return score.result(false);
    }

    long deadline = System.nanoTime() + duration.toNanos();
    List<Thread> workers = new ArrayList<>(concurrency);
    for (int i = 0; i < concurrency; i++) {
      int worker = i;
      Thread thread = new Thread(() -> new Scenarios(base, deadline, shared, 1000 + worker).loop(worker * 3),
          "isugram-bench-" + i);
      thread.setDaemon(true);
      workers.add(thread);
      thread.start();
    }
    long joinBy = deadline + TimeUnit.SECONDS.toNanos(Agent.TIMEOUT.toSeconds() + 5);
    for (Thread thread : workers) {
      try {
        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(joinBy - System.nanoTime())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return score.result(true);
  }
}
