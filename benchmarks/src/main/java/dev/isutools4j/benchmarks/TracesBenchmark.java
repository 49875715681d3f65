package dev.isutools4j.benchmarks;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What keeping a run's slowest requests adds to one request as an app makes it
 * ({@link TracesWorkload}: {@code statements} executions through {@code jdbc:isutools:} over
 * memdb, then the request's end through the HTTP recording).
 *
 * <ul>
 *   <li>{@code tracesOn}: the defaults (the run's 100 slowest and each route's 5). The run's
 *       slowest are filled before the measurement with requests slower than any measured one, as
 *       they are a few seconds into a benchmark: each measured request is recorded into its
 *       thread's timeline, then found faster than the slowest kept and not copied.
 *   <li>{@code tracesOff}: the same in a fork with {@code isutools.traces=0} and
 *       {@code isutools.traces.per.route=0}: no timeline, nothing kept.
 *   <li>{@code keptEveryTime}: each request slower than every one before it, so each is copied
 *       and kept: the worst case, which a run meets only while its slowest fill up.
 * </ul>
 *
 * <p>Run with {@code -prof gc} for bytes per operation; docs/PERFORMANCE.md has the command and
 * the results.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TracesBenchmark {

  private static final long KEPT_STEP = TimeUnit.MILLISECONDS.toNanos(1);

  @Param({"1", "10"})
  public int statements;

  private TracesWorkload workload;
  private long keptAgo = 2 * TracesWorkload.SLOW_AGO;

  @Setup(Level.Trial)
  public void open() throws Exception {
    workload = new TracesWorkload(statements);
  }

  @Benchmark
  public int tracesOn() throws SQLException {
    return workload.request(0);
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Disutools.traces=0", "-Disutools.traces.per.route=0"})
  public int tracesOff() throws SQLException {
    return workload.request(0);
  }

  @Benchmark
  public int keptEveryTime() throws SQLException {
    keptAgo += KEPT_STEP;
    return workload.request(keptAgo);
  }

  /** Fails the trial unless every request went into the run, and requests were kept when on. */
  @TearDown(Level.Trial)
  public void close() throws SQLException {
    System.out.println(workload.check());
    workload.close();
  }
}
