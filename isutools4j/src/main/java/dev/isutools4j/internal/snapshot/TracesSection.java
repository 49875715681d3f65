package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The run's slowest requests, one by one, each with its SQL timeline (docs/SNAPSHOT.md, "The
 * {@code traces} section"): the {@code top} slowest of the run and the {@code perRoute} slowest of
 * each route, slowest first.
 *
 * @param top how many of the run's slowest were kept (the setting {@code isutools.traces})
 * @param perRoute how many of each route's slowest ({@code isutools.traces.per.route})
 * @param statementLimit statements kept per timeline ({@code isutools.traces.statements})
 */
public record TracesSection(int top, int perRoute, int statementLimit, List<Request> requests)
    implements Section {

  public TracesSection {
    requests = List.copyOf(requests);
  }

  /** Whether requests were kept at all (otherwise the settings switched them off). */
  public boolean on() {
    return top > 0 || perRoute > 0;
  }

  /**
   * One request.
   *
   * @param path the path with its query string, values of secret-looking names masked
   * @param startMs when it started, from the run's start (negative: it began before the reset)
   * @param top whether it is among the run's {@code top} slowest; else it is one of its route's
   * @param statements every statement it ran, {@code dropped} of them beyond the timeline's limit
   * @param sqlMs the time of every statement it ran; the rest of {@code totalMs} is the app's own
   * @param timeline the statements kept, in the order they ran
   */
  public record Request(String method, String route, String path, int status, double startMs,
      double totalMs, long bytes, String thread, boolean top, int statements, int dropped,
      double sqlMs, List<Statement> timeline) {

    public Request {
      timeline = List.copyOf(timeline);
    }

    /** Time outside SQL: the app's own code, the framework and the container. */
    public double appMs() {
      return Math.max(0, totalMs - sqlMs);
    }
  }

  /**
   * One statement of a request's timeline.
   *
   * @param startMs when it started, from the request's start
   * @param rows rows it affected, or the rows the app read from its result set
   * @param sample the statement with its values when it was at hand (a plain statement's text, a
   *     prepared statement's first execution in the run); null otherwise
   * @param items the statements it carried: a JDBC batch's items, else 1
   */
  public record Statement(double startMs, double durationMs, long rows, String fingerprint,
      String sample, int items, boolean failed) {

    /** When it ended, from the request's start. */
    public double endMs() {
      return startMs + durationMs;
    }
  }
}
