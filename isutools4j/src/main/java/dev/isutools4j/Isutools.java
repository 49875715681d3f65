package dev.isutools4j;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.http.HttpServerRecordingFilter;
import dev.isutools4j.internal.jdbc.AgentMode;
import dev.isutools4j.internal.jdbc.RecordingDataSource;
import dev.isutools4j.internal.stats.Recording;
import javax.sql.DataSource;

/**
 * The one class an app may call. Most apps need none of it: the {@code jdbc:isutools:} URL prefix and
 * {@link dev.isutools4j.http.IsutoolsServletFilter} are enough.
 *
 * <pre>{@code
 * DataSource ds = Isutools.wrap(hikariDataSource);     // record SQL without changing the URL
 * server.createContext("/", handler).getFilters().add(Isutools.httpServerFilter());
 * Isutools.hit("user-cache", cached != null);           // a counter with a hit rate
 * Isutools.count("images-written");
 * }</pre>
 *
 * <p>Thread-safe. Nothing here throws: a failure inside isutools4j is counted and shown on the
 * dashboard's health line. Counters are lock-free and allocate nothing once a name is known.
 */
public final class Isutools {

  static {
    Bootstrap.start();
  }

  private Isutools() {}

  /**
   * A data source whose connections record every statement; the data source itself when the agent
   * records JDBC already.
   */
  public static DataSource wrap(DataSource dataSource) {
    if (dataSource == null || dataSource instanceof RecordingDataSource
        || AgentMode.jdbcInstrumented()) {
      return dataSource;
    }
    return new RecordingDataSource(dataSource);
  }

  /** A filter that records every exchange of a {@code com.sun.net.httpserver} server. */
  public static com.sun.net.httpserver.Filter httpServerFilter() {
    return new HttpServerRecordingFilter();
  }

  /** Adds one to the counter {@code name}. */
  public static void count(String name) {
    count(name, 1);
  }

  /** Adds {@code delta} to the counter {@code name}. */
  public static void count(String name, long delta) {
    try {
      Recording.recorder().counter(name).add(delta);
    } catch (Throwable t) {
      Health.failed("count " + name, t);
    }
  }

  /** Counts one lookup of {@code name} as a hit or a miss; the dashboard shows the hit rate. */
  public static void hit(String name, boolean hit) {
    try {
      Recording.recorder().counter(name).hit(hit);
    } catch (Throwable t) {
      Health.failed("hit " + name, t);
    }
  }
}
