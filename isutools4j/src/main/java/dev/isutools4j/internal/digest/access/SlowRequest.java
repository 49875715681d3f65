package dev.isutools4j.internal.digest.access;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of an access log, among its slowest.
 *
 * @param line its line number in the log (from 1, on across rotated files)
 * @param ms its request time
 * @param status its status
 * @param method its method as logged
 * @param uri its URI as logged, query string included
 * @param upstreamMs the upstream's time (the sum of several upstreams'); NaN when the line has none
 */
public record SlowRequest(long line, double ms, int status, String method, String uri, double upstreamMs) {

  /** The request as {@code --top} and the run's access log section write it (docs/SNAPSHOT.md). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("line", line);
    out.put("ms", AccessRow.ms(ms));
    out.put("status", status);
    out.put("method", method);
    out.put("uri", uri);
    if (!Double.isNaN(upstreamMs)) {
      out.put("upstreamMs", AccessRow.ms(upstreamMs));
    }
    return out;
  }
}
