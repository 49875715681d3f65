package dev.isutools4j.internal.snapshot;

import java.util.List;

/**
 * The {@code accessLog} section (docs/SNAPSHOT.md): the nginx access log lines written during the
 * run, one row per method + route. Times are milliseconds with three decimals. In the document
 * the parts of {@code log} and {@code digest} are the section's own keys.
 *
 * @param log whether and what was read of the file
 * @param digest what the lines held; null when the file is not read or could not be
 */
public record AccessLogSection(LogRead log, Digest digest) implements Section {

  /** The rows, most total time first; none without a digest. */
  public List<Row> rows() {
    return digest == null ? List.of() : digest.rows();
  }

  /**
   * What the lines held.
   *
   * @param format ltsv, json or combined, as set or as detected; null when neither
   * @param lines every line read
   * @param requests lines read as requests
   * @param problems settings entries that were skipped (written only when there are some)
   * @param totals every row as one
   * @param slowest the slowest single requests, slowest first (written only when there are some)
   */
  public record Digest(
      String format,
      long lines,
      long requests,
      LogMalformed malformed,
      List<String> problems,
      Traffic totals,
      List<Row> rows,
      List<Request> slowest) {

    public Digest {
      problems = List.copyOf(problems);
      rows = List.copyOf(rows);
      slowest = slowest == null ? List.of() : List.copyOf(slowest);
    }
  }

  /**
   * One request among the slowest, as nginx logged it.
   *
   * @param line its line number in what was read of the log
   * @param uri the URI with its query string
   * @param upstreamMs the upstream's time; null when the line has none
   */
  public record Request(long line, double ms, int status, String method, String uri, Double upstreamMs) {}

  /**
   * One method + route.
   *
   * @param appCount the HTTP table's count for the route; null when it has no such route
   * @param appRoute the app's name for the route when it names it otherwise (written only then)
   */
  public record Row(String method, String route, Long appCount, String appRoute, Traffic traffic) {}

  /**
   * What nginx logged for one route, or for all of them: statuses, request times, body bytes and,
   * with {@code $upstream_response_time}, upstream times.
   *
   * @param count lines
   * @param count499 lines where the client gave up before the answer
   * @param timed lines with a request time; null (not written) when every line had one
   * @param upstream null (not written) when no line had an upstream time
   */
  public record Traffic(
      long count,
      long status1xx,
      long status2xx,
      long status3xx,
      long status4xx,
      long status5xx,
      long count304,
      long count499,
      double minMs,
      double maxMs,
      double totalMs,
      double avgMs,
      double p50Ms,
      double p90Ms,
      double p95Ms,
      double p99Ms,
      double stddevMs,
      long minBytes,
      long maxBytes,
      long totalBytes,
      double avgBytes,
      Long timed,
      Upstream upstream) {

    /** Lines whose status was {@code statusClass}xx (1..5). */
    public long status(int statusClass) {
      return switch (statusClass) {
        case 1 -> status1xx;
        case 2 -> status2xx;
        case 3 -> status3xx;
        case 4 -> status4xx;
        case 5 -> status5xx;
        default -> throw new IllegalArgumentException("no status class " + statusClass);
      };
    }

    /** {@code status5xx} again: the document has it beside {@code count304} and {@code count499}. */
    public long count5xx() {
      return status5xx;
    }
  }

  /**
   * Upstream times, over the lines that had one.
   *
   * @param residualTotalMs request time minus upstream time: spent in nginx, or queued
   */
  public record Upstream(
      long upstreamCount,
      double upstreamTotalMs,
      double upstreamAvgMs,
      double upstreamP95Ms,
      double residualTotalMs,
      double residualAvgMs) {}
}
