package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.http.HttpRecording;
import dev.isutools4j.internal.http.QueryReader;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * A request as an app makes it, for the traces benchmarks: the request opened, {@code statements}
 * executions of a held prepared statement through {@code jdbc:isutools:} over memdb (its row read),
 * and the request ended through the HTTP recording with its query string. One per thread.
 */
final class TracesWorkload {

  static final String SQL = "SELECT id, name FROM users WHERE id = ?";
  /** Slower than any measured request: the run's slowest before the measurement. */
  static final long SLOW_AGO = TimeUnit.SECONDS.toNanos(100);
  private static final String QUERY = "max_created_at=2016-01-02T11%3A46%3A21%2B09%3A00&token=abc";
  private static final QueryReader READER = request -> (String) request;

  private final int statements;
  private final Connection connection;
  private final PreparedStatement held;
  private long id;
  private long requests;

  /** Opens a fresh run and fills its slowest with requests slower than any to be measured. */
  TracesWorkload(int statements) throws Exception {
    this.statements = statements;
    if (System.getProperty("isutools.profile") == null) {
      System.setProperty("isutools.profile", "off"); // the run's profiler would sample the measured thread
    }
    connection = Targets.open(Targets.ISUTOOLS);
    held = connection.prepareStatement(SQL);
    IsutoolsRun.reset();
    for (int i = 0; i < 2 * Recording.settings().traces().top(); i++) {
      request(SLOW_AGO);
    }
  }

  /** One request that started {@code agoNanos} before now; returns something to consume. */
  int request(long agoNanos) throws SQLException {
    RequestScope.current().begin();
    long start = System.nanoTime() - agoNanos;
    int rows = 0;
    for (int i = 0; i < statements; i++) {
      held.setLong(1, id++);
      try (ResultSet rs = held.executeQuery()) {
        while (rs.next()) {
          rows++;
        }
      }
    }
    requests++;
    return HttpRecording.end(start, "GET", "/posts/{id}", "/posts/1", 200, 512, QUERY, READER) + rows;
  }

  /**
   * Fails unless every request went into the run and, with traces on, requests with their
   * statements were kept; returns a line saying what the run holds.
   */
  String check() {
    Recorder recorder = Recording.recorder();
    long recorded = recorder.httpRows(5).stream().mapToLong(r -> r.time().count()).sum();
    if (recorded != requests) {
      throw new IllegalStateException("isutools4j recorded " + recorded + " requests of " + requests);
    }
    TracesSection traces = recorder.slowRequests().section(recorder.keys());
    boolean on = Recording.settings().traces().on();
    if (on == traces.requests().isEmpty()
        || (on && traces.requests().get(0).timeline().size() != statements)) {
      throw new IllegalStateException("traces " + (on ? "on" : "off") + ", yet "
          + traces.requests().size() + " requests kept");
    }
    return "isutools4j recorded " + recorded + " requests, kept " + traces.requests().size()
        + " (the slowest took " + (on ? traces.requests().get(0).totalMs() : 0) + " ms)";
  }

  void close() throws SQLException {
    held.close();
    connection.close();
  }
}
