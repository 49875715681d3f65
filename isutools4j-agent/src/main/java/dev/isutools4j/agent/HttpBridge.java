package dev.isutools4j.agent;

import dev.isutools4j.http.HttpRecording;
import dev.isutools4j.run.Health;

/**
 * What the servlet advice calls: the library's own HTTP recording (routes, request scope, the SQL
 * per route). Public only because advice code is inlined into the container's classes. Never throws.
 */
public final class HttpBridge {

  /** Returned by {@link #begin()} for a nested dispatch, which records nothing. */
  public static final long SKIP = Long.MIN_VALUE;

  /** Spring MVC's request attribute with the pattern that matched, as the library's filter reads it. */
  public static final String SPRING_PATTERN =
      "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

  private HttpBridge() {}

  /** Opens a request: its start time if it is the thread's outermost, else SKIP. */
  public static long begin() {
    return HttpRecording.begin() ? System.nanoTime() : SKIP;
  }

  /** Records a request opened by {@link #begin()} and closes its scope. */
  public static void end(long start, String method, Object template, String path, int status,
      long bytes) {
    if (start == SKIP) {
      return;
    }
    String route = null;
    try {
      route = template == null ? null : template.toString();
    } catch (Throwable t) {
      Health.failed("agent: http route", t);
    }
    HttpRecording.end(start, method == null ? "?" : method, route, path, status, bytes);
  }

  /** The response's size from its Content-Length header, or 0 when the app set none. */
  public static long contentLength(String header) {
    if (header == null) {
      return 0;
    }
    try {
      return Math.max(Long.parseLong(header.trim()), 0);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Counts a failure of advice code that runs outside the bridge. */
  public static void failed(Throwable t) {
    Health.failed("agent: http read request", t);
  }
}
