package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.stats.RequestScope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a JDBC wrapper adds to one prepared statement, over memdb, a driver that costs next to
 * nothing: the time and bytes above {@code target=bare} are the wrapper's.
 *
 * <ul>
 *   <li>{@code heldStatement}: a statement prepared once; each operation sets its parameter, runs
 *       the query, reads the row and closes the result set.
 *   <li>{@code prepareExecuteClose}: what JdbcTemplate does for each query: prepare, set, run, read,
 *       close the result set and the statement.
 * </ul>
 *
 * <p>The parameter is a growing id, so a tool that captures values pays for boxing them (the Long
 * cache only covers -128..127). With {@code target=isutools} no HTTP request is open on the
 * benchmark thread, so isutools4j's per-request attribution stops at its check for an open request;
 * {@code isutoolsInRequest} runs inside one open request, as SQL does in a web app, and pays for it.
 *
 * <p>Run with {@code -prof gc} for bytes per operation ({@code gc.alloc.rate.norm}); docs/PERFORMANCE.md
 * has the command and the results.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JdbcOverheadBenchmark {

  static final String SQL = "SELECT id, name FROM users WHERE id = ?";

  /** One connection (and one held statement) per thread, through the target under test. */
  @State(Scope.Thread)
  public static class Jdbc {

    /**
     * bare: memdb directly. isutools: {@code jdbc:isutools:memdb:}. isutoolsInRequest: the same,
     * inside an open request. p6spy: {@code jdbc:p6spy:memdb:} with its default options and an
     * appender that discards messages. p6spyQuiet: the same with every log category excluded.
     * datasourceProxy: ProxyDataSource over memdb with a no-op listener. agent, agentInRequest:
     * memdb directly, recorded by the agent; only in a fork started with it ({@link AgentJdbcOverhead}).
     */
    @Param({"bare", "isutools", "isutoolsInRequest", "p6spy", "p6spyQuiet", "datasourceProxy"})
    public String target;

    Connection connection;
    PreparedStatement held;
    private long id;

    @Setup(Level.Trial)
    public void open() throws Exception {
      connection = Targets.open(target);
      held = connection.prepareStatement(SQL);
      if (Targets.isutools(target)) {
        checkIsutoolsRecords();
      }
      if (Targets.inRequest(target)) {
        // Thread-scoped state: this runs on the benchmark's own thread, as its request would.
        if (!RequestScope.current().begin()) {
          throw new IllegalStateException("a request is already open on this thread");
        }
      }
    }

    /** Fails the trial unless isutools4j records this statement into the open run. */
    private void checkIsutoolsRecords() throws Exception {
      IsutoolsRun.reset();
      int executions = 3;
      for (int i = 0; i < executions; i++) {
        held.setLong(1, nextId());
        try (ResultSet rs = held.executeQuery()) {
          while (rs.next()) {
            rs.getLong(1);
          }
        }
      }
      long[] recorded = IsutoolsRun.recorded(SQL);
      if (recorded[0] != executions || recorded[1] != executions) {
        throw new IllegalStateException("isutools4j recorded " + recorded[0] + " executions and "
            + recorded[1] + " rows read, expected " + executions + " of each");
      }
    }

    long nextId() {
      return id++;
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      if (Targets.inRequest(target)) {
        RequestScope scope = RequestScope.current();
        if (scope.queries() <= 0) {
          throw new IllegalStateException("no statement was attributed to the open request");
        }
        scope.end();
      }
      if (Targets.isutools(target)) {
        long[] recorded = IsutoolsRun.recorded(SQL);
        // Every operation of the trial (warm-up included) went into the run opened in open().
        if (recorded[0] < id || recorded[1] < id) {
          throw new IllegalStateException("isutools4j recorded " + recorded[0] + " executions and "
              + recorded[1] + " rows read of " + id);
        }
        System.out.println("isutools4j recorded " + recorded[0] + " executions, " + recorded[1]
            + " rows read");
      }
      held.close();
      connection.close();
    }
  }

  /** Nothing at all: the harness's own cost per operation. */
  @Benchmark
  public void baseline() {
    // Empty on purpose.
  }

  /**
   * One read of the clock. isutools4j, p6spy and datasource-proxy each read it twice per execution
   * to time it (p6spy twice more per {@code next()}), so twice this is a floor under any of them.
   */
  @Benchmark
  public long nanoTime() {
    return System.nanoTime();
  }

  @Benchmark
  public void heldStatement(Jdbc jdbc, Blackhole bh) throws SQLException {
    PreparedStatement ps = jdbc.held;
    ps.setLong(1, jdbc.nextId());
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        bh.consume(rs.getLong(1));
      }
    }
  }

  @Benchmark
  public void prepareExecuteClose(Jdbc jdbc, Blackhole bh) throws SQLException {
    try (PreparedStatement ps = jdbc.connection.prepareStatement(SQL)) {
      ps.setLong(1, jdbc.nextId());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          bh.consume(rs.getLong(1));
        }
      }
    }
  }
}
